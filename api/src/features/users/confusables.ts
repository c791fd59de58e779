/**
 * Look-alike user names (Unicode TR39, "Security Mechanisms"): a name is refused when it mixes
 * letters of scripts that are not written together (Latin with Cyrillic or Greek: "аdmin" with a
 * Cyrillic "а"), and every name gets a *skeleton* for the uniqueness check, so a name spelled
 * wholly in look-alike letters ("рор" in Cyrillic, "ΑΒΕ" in Greek) cannot stand beside the Latin
 * one it imitates.
 *
 * The skeleton is TR39's, restricted to what a user name can hold here (letters, digits, `.`, `_`,
 * `-`): NFKC (fullwidth and compatibility forms to their plain twins), lower case, the Cyrillic,
 * Greek and Armenian letters drawn like a Latin letter mapped to it, and the Latin look-alikes
 * (dotless ı, long ſ, ...) folded. No npm package keeps a maintained TR39 table (the registry's
 * "confusables" packages are unmaintained), hence this table of the common ones.
 */

/** Scripts a name may combine (TR39's "highly restrictive" level): Latin with the CJK scripts. */
const ALLOWED_SCRIPT_SETS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts checked by name; a letter in none of them counts as its own "Other" script. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
] as const;
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);

/** The scripts of a name's letters (digits and `._-` belong to every script). */
export function scriptsOf(name: string): string[] {
  const found = new Set<string>();
  for (const ch of name.normalize('NFKC')) {
    if (!/\p{L}/u.test(ch)) continue;
    found.add(SCRIPT_RES.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return [...found];
}

/** Null when the name's letters may stand together, else the scripts it mixes (for the message). */
export function mixedScripts(name: string): string[] | null {
  const scripts = scriptsOf(name);
  if (scripts.length <= 1) return null;
  if (!scripts.includes('Other') && ALLOWED_SCRIPT_SETS.some((set) => scripts.every((s) => set.has(s)))) return null;
  return scripts;
}

/**
 * Letters drawn like a Latin letter (TR39 confusables.txt, the lower-case Latin/Cyrillic/Greek/
 * Armenian entries a name can hold after NFKC and lower-casing), mapped to that letter.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  ү: 'y',
  з: '3',
  ь: 'b',
  п: 'n',
  // Greek
  α: 'a',
  β: 'b',
  ϲ: 'c',
  δ: 'd',
  ε: 'e',
  η: 'n',
  ι: 'i',
  ί: 'i',
  ϳ: 'j',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ό: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ύ: 'u',
  χ: 'x',
  γ: 'y',
  ζ: 'z',
  // Armenian
  ա: 'w',
  հ: 'h',
  ո: 'n',
  ս: 'u',
  օ: 'o',
  զ: 'q',
  // Latin look-alikes of Latin letters
  ı: 'i',
  ȷ: 'j',
  ſ: 'f',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʏ: 'y',
  ᴄ: 'c',
  ᴏ: 'o',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
};

/** Capitals drawn like a Latin capital whose small letter is drawn otherwise (Greek Η is H, η is not h). */
const CAPITAL_LOOK_ALIKES: Record<string, string> = {
  А: 'a',
  В: 'b',
  С: 'c',
  Е: 'e',
  Н: 'h',
  І: 'i',
  Ј: 'j',
  К: 'k',
  М: 'm',
  О: 'o',
  Р: 'p',
  Ѕ: 's',
  Т: 't',
  Х: 'x',
  У: 'y',
  Ү: 'y',
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
};

/**
 * The name as TR39 compares names, case-insensitively: two names with one skeleton look alike
 * ("admin", "АDМIN" with Cyrillic letters, "ａｄｍｉｎ" in fullwidth, "admіn" with a Cyrillic і and
 * "admın" with a dotless ı all give "admin").
 */
export function usernameSkeleton(name: string): string {
  let out = '';
  for (const ch of name.trim().normalize('NFKC')) {
    const capital = CAPITAL_LOOK_ALIKES[ch];
    if (capital) out += capital;
    else for (const lower of ch.toLowerCase().normalize('NFKC')) out += LOOK_ALIKES[lower] ?? lower;
  }
  return out;
}
