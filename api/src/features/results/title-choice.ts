/** Adobe Stock's title limit; Pond5 wants at least 40 characters, Shutterstock five words. */
const MAX_TITLE_CHARS = 70;

const UNITS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const IRREGULAR: Readonly<Record<string, string>> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** A cardinal in words, 1 to 999 ("forty-two", "one hundred and five"). */
function cardinal(n: number): string {
  if (n >= 100) {
    const rest = n % 100;
    return `${UNITS[Math.floor(n / 100)]} hundred${rest ? ` and ${cardinal(rest)}` : ''}`;
  }
  if (n < 20) return UNITS[n]!;
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${UNITS[n % 10]}` : ''}`;
}

/** An ordinal in words, 1 to 999: "second", "twenty-first", "one hundredth". */
export function ordinalWord(n: number): string {
  const c = cardinal(n);
  const m = /^(.*?)([a-z]+)$/.exec(c)!;
  const last = m[2]!;
  const ord = IRREGULAR[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return `${m[1]}${ord}`;
}

/** "st", "nd", "rd" or "th" for a figure. */
function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** `base` cut at a word boundary so that `base + tail` fits MAX_TITLE_CHARS (never below a few words). */
function fit(base: string, tail: string): string {
  let b = base;
  while ([...`${b}${tail}`].length > MAX_TITLE_CHARS && b.includes(' ')) b = b.slice(0, b.lastIndexOf(' '));
  // A cut title must not end on a dangling little word ("... seen from a").
  while (/ (a|an|the|of|in|at|from|near|over|by|and|seen|heading|under|on)$/i.test(b)) b = b.slice(0, b.lastIndexOf(' '));
  return `${b}${tail}`;
}

/**
 * Two clips of one project never share a title: the first candidate no other set uses (case-
 * insensitive) wins; the providers' candidates differ by real facts of the clip (issue 21). When all
 * are taken (nothing tells the clips apart), the first candidate says which take it is in words
 * ("... in a second take", "... in an 11th take"), cut at a word boundary to stay within 70 characters: no file name, no
 * padding, no comma. Past the 999th take, the set's id. `_baseName` is no longer used (titles never
 * carry a file name); it stays so the pipeline's and the specs' calls keep their shape.
 */
export function chooseTitle(candidates: readonly string[], used: ReadonlySet<string>, _baseName: string, uniqueId: string): string {
  const all = candidates.length ? candidates : ['Aerial footage of the landscape seen from a drone'];
  const free = all.find((t) => !used.has(t.toLowerCase()));
  if (free) return free;
  // Shortest candidates last-resort cut: a title that fits whole reads better than a cut one.
  const byLength = [...all].sort((a, b) => [...a].length - [...b].length);
  for (let n = 2; n < 1000; n++) {
    const spoken = ordinalWord(n);
    // Words up to the tenth, then figures ("11th"), which keep the phrase short.
    const ord = n <= 10 ? spoken : `${n}${ordinalSuffix(n)}`;
    const tail = ` in ${/^[aeiou]/.test(spoken) ? 'an' : 'a'} ${ord} take`;
    const t = all.map((c) => `${c}${tail}`).find((c) => [...c].length <= MAX_TITLE_CHARS) ?? fit(byLength[0]!, tail);
    if (!used.has(t.toLowerCase())) return t;
  }
  return fit(byLength[0]!, ` ${uniqueId.slice(0, 8)}`);
}
