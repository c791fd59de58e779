/**
 * A project's keyword rules and the pure function that applies them. Used when results are
 * generated, when a bulk action runs and when an export is written, so all three agree.
 */
import pluralize from 'pluralize';
import { MAX_KEYWORDS } from '../../analysis/metadata/processed-result.js';
import { SHOT_TYPES } from '../../analysis/shot-types/vocabulary.js';
import { badInput } from '../../platform/errors/app-error.js';

export const AGENCIES = ['adobe', 'shutterstock', 'pond5'] as const;
export type Agency = (typeof AGENCIES)[number];

export interface Synonym {
  from: string;
  to: string;
}

export interface KeywordRules {
  alwaysInclude: string[];
  neverInclude: string[];
  synonyms: Synonym[];
  /** Most keywords each agency's export keeps; null: the SPEC's 30. */
  maxPerAgency: Record<Agency, number | null>;
}

export const NO_RULES: KeywordRules = { alwaysInclude: [], neverInclude: [], synonyms: [], maxPerAgency: { adobe: null, shutterstock: null, pond5: null } };

/** Agencies accept up to 50; the SPEC's exports keep 30. */
export const MAX_AGENCY_CAP = 50;

const clean = (k: string) => k.trim().replace(/\s+/g, ' ');

/**
 * The identity of a keyword for de-duplication: case-insensitive, and plural-insensitive on the
 * head noun (the last word of an English compound: "aerial views" = "Aerial view").
 */
export function keywordKey(keyword: string): string {
  let key = keyCache.get(keyword);
  if (key === undefined) {
    const words = clean(keyword).toLowerCase().split(' ');
    const last = words.pop() ?? '';
    key = [...words, pluralize.singular(last)].join(' ');
    // pluralize tries its rules one by one; a shoot repeats the same few hundred keywords.
    if (keyCache.size >= 20_000) keyCache.clear();
    keyCache.set(keyword, key);
  }
  return key;
}
const keyCache = new Map<string, string>();

const label: Record<keyof Omit<KeywordRules, 'maxPerAgency'>, string> = {
  alwaysInclude: 'Always-include',
  neverInclude: 'Never-include',
  synonyms: 'Synonym',
};

/** Entries one always-include or never-include list, or the synonyms, may hold. */
export const MAX_RULE_ENTRIES = 200;
/** Characters of one entry (a keyword: the results' own limit). */
export const MAX_RULE_ENTRY_CHARS = 100;

/**
 * The counts and sizes of the rules, checked before any entry is read for its meaning (no key,
 * no plural rule, no comparison): a body of thousands of entries costs one pass over the lengths.
 */
function checkRuleSizes(raw: { alwaysInclude?: unknown; neverInclude?: unknown; synonyms?: unknown }): void {
  for (const field of ['alwaysInclude', 'neverInclude'] as const) {
    const values = raw[field];
    if (values == null) continue;
    if (!Array.isArray(values)) throw badInput(`${label[field]} must be a list of keywords`, { field });
    if (values.length > MAX_RULE_ENTRIES)
      throw badInput(`${label[field]} holds ${values.length} entries; the limit is ${MAX_RULE_ENTRIES}`, {
        field,
        limit: MAX_RULE_ENTRIES,
        value: values.length,
      });
  }
  const synonyms = raw.synonyms;
  if (synonyms == null) return;
  if (!Array.isArray(synonyms)) throw badInput('Synonyms must be a list of { from, to }', { field: 'synonyms' });
  if (synonyms.length > MAX_RULE_ENTRIES)
    throw badInput(`${synonyms.length} synonyms were sent; the limit is ${MAX_RULE_ENTRIES}`, {
      field: 'synonyms',
      limit: MAX_RULE_ENTRIES,
      value: synonyms.length,
    });
}

/** Checks and normalizes rules from a caller; every refusal names the entry and why. */
export function validateKeywordRules(raw: {
  alwaysInclude?: readonly unknown[] | null;
  neverInclude?: readonly unknown[] | null;
  synonyms?: readonly { from?: unknown; to?: unknown }[] | null;
  maxPerAgency?: object | null;
}): KeywordRules {
  checkRuleSizes(raw);
  const list = (field: 'alwaysInclude' | 'neverInclude', values: readonly unknown[] | null | undefined): string[] => {
    const out: string[] = [];
    const seen = new Map<string, string>();
    if (values != null && !Array.isArray(values)) throw badInput(`${label[field]} must be a list of keywords`, { field });
    (values ?? []).forEach((v, i) => {
      if (typeof v !== 'string') throw badInput(`${label[field]} entry ${i + 1} must be text`, { field });
      const k = clean(v);
      if (!k) throw badInput(`${label[field]} entry ${i + 1} is empty`, { field });
      if (k.length > MAX_RULE_ENTRY_CHARS) throw badInput(`${label[field]} entry ${i + 1} is longer than ${MAX_RULE_ENTRY_CHARS} characters`, { field });
      if (k.includes(',')) throw badInput(`${label[field]} entry '${k}' contains a comma; give one keyword per entry`, { field });
      const prior = seen.get(keywordKey(k));
      if (prior !== undefined) throw badInput(`${label[field]} lists '${k}' twice${prior !== k ? ` (as '${prior}')` : ''}`, { field });
      seen.set(keywordKey(k), k);
      out.push(k);
    });
    return out;
  };
  const alwaysInclude = list('alwaysInclude', raw.alwaysInclude);
  const neverInclude = list('neverInclude', raw.neverInclude);
  const never = new Set(neverInclude.map(keywordKey));
  const both = alwaysInclude.find((k) => never.has(keywordKey(k)));
  if (both) throw badInput(`'${both}' is both always-include and never-include`, { field: 'neverInclude' });

  const synonyms: Synonym[] = [];
  const fromSeen = new Set<string>();
  if (raw.synonyms != null && !Array.isArray(raw.synonyms)) throw badInput('Synonyms must be a list of { from, to }', { field: 'synonyms' });
  (raw.synonyms ?? []).forEach((s, i) => {
    const from = typeof s?.from === 'string' ? clean(s.from) : '';
    const to = typeof s?.to === 'string' ? clean(s.to) : '';
    if (!from || !to) throw badInput(`Synonym ${i + 1} needs both a keyword and its replacement`, { field: 'synonyms' });
    if (from.length > MAX_RULE_ENTRY_CHARS || to.length > MAX_RULE_ENTRY_CHARS)
      throw badInput(`Synonym ${i + 1} is longer than ${MAX_RULE_ENTRY_CHARS} characters`, { field: 'synonyms' });
    if (from.includes(',') || to.includes(',')) throw badInput(`Synonym '${from}' contains a comma; give one keyword per entry`, { field: 'synonyms' });
    if (keywordKey(from) === keywordKey(to)) throw badInput(`Synonym '${from}' -> '${to}' maps a keyword to itself`, { field: 'synonyms' });
    if (fromSeen.has(keywordKey(from))) throw badInput(`Synonym '${from}' is listed twice`, { field: 'synonyms' });
    fromSeen.add(keywordKey(from));
    synonyms.push({ from, to });
  });
  // A replacement that is itself replaced would make the result depend on the order applied.
  const chained = synonyms.find((s) => fromSeen.has(keywordKey(s.to)));
  if (chained) throw badInput(`Synonym '${chained.from}' -> '${chained.to}' leads to another synonym; map it to the final keyword`, { field: 'synonyms' });

  const maxPerAgency = { ...NO_RULES.maxPerAgency };
  if (raw.maxPerAgency != null && (typeof raw.maxPerAgency !== 'object' || Array.isArray(raw.maxPerAgency)))
    throw badInput('maxPerAgency must be an object such as { "adobe": 25 }', { field: 'maxPerAgency' });
  for (const [agency, value] of Object.entries((raw.maxPerAgency ?? {}) as Record<string, unknown>)) {
    if (!(AGENCIES as readonly string[]).includes(agency))
      throw badInput(`Unknown agency '${agency}'; known: ${AGENCIES.join(', ')}`, { field: 'maxPerAgency' });
    if (value == null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_AGENCY_CAP)
      throw badInput(`The keyword limit for ${agency} must be a whole number from 1 to ${MAX_AGENCY_CAP}`, { field: 'maxPerAgency' });
    maxPerAgency[agency as Agency] = value;
  }
  return { alwaysInclude, neverInclude, synonyms, maxPerAgency };
}

/**
 * The cap a stored result keeps: SPEC's 30, whatever the agency limits. A per-agency maximum cuts
 * that agency's export only (`exportKeywords`); it never refuses an edit or a bulk action.
 */
export function storedCap(_rules: KeywordRules): number {
  return MAX_KEYWORDS;
}

/** What the relevance order knows about a set: its place and shot types. */
export interface RelevanceHints {
  places?: (string | null | undefined)[];
  shotTypes?: string[];
}

/** Words that describe almost every clip: buyers do not search by them first. */
const GENERIC = new Set(
  [
    'nature',
    'landscape',
    'outdoor',
    'outdoors',
    'outside',
    'travel',
    'tourism',
    'view',
    'scenic',
    'scenery',
    'beautiful',
    'beauty',
    'background',
    'day',
    'daytime',
    'video',
    'footage',
    'stock',
    'stock footage',
    'clip',
    'hd',
    '4k',
    'uhd',
    'color',
    'colour',
    'nobody',
    'no people',
    'environment',
    'summer',
    'sky',
    'sunny',
    'light',
    'cinematic',
    'amazing',
    'panorama',
    'panoramic',
    'destination',
    'vacation',
    'holiday',
    'trip',
    'outdoor activity',
    'motion',
    'moving',
    'camera',
  ].map((w) => keywordKey(w)),
);

const SHOT_WORDS = new Set(
  [
    ...SHOT_TYPES.flatMap((s) => [s.id, s.label]),
    'drone',
    'drone shot',
    'aerial view',
    'aerial footage',
    'bird eye view',
    "bird's eye view",
    'top down',
    'timelapse',
    'hyperlapse',
    'slow motion',
  ].map((w) => keywordKey(w.replace(/[-_]/g, ' '))),
);

/** 0 place, 1 subject, 2 shot type, 3 generic: most specific first (Adobe weighs the first ten most). */
function relevanceGroup(keyword: string, places: Set<string>, shots: Set<string>): number {
  const key = keywordKey(keyword);
  if (places.has(key)) return 0;
  if (shots.has(key) || SHOT_WORDS.has(key)) return 2;
  if (GENERIC.has(key)) return 3;
  return 1;
}

/** Keywords ordered place, subject, shot type, generic; stable inside each group. */
export function orderByRelevance(keywords: readonly string[], hints: RelevanceHints = {}): string[] {
  const places = new Set((hints.places ?? []).filter((p): p is string => !!p && p.trim().toLowerCase() !== 'unknown').map(keywordKey));
  const shots = new Set((hints.shotTypes ?? []).map((s) => keywordKey(s.replace(/[-_]/g, ' '))));
  return keywords
    .map((k, i) => ({ k, i, g: relevanceGroup(k, places, shots) }))
    .sort((a, b) => a.g - b.g || a.i - b.i)
    .map((x) => x.k);
}

export interface AppliedRules {
  keywords: string[];
  /** What the rules changed, in words (empty: nothing). */
  changes: string[];
  /** Keywords after synonyms, exclusions, inclusions and de-duplication, before any cap. */
  uncapped: number;
}

/**
 * Applies the rules to one set's keywords: synonyms merged, never-include removed, always-include
 * added, duplicates dropped case- and plural-insensitively (the first spelling kept), optionally
 * ordered by relevance, then cut to `cap` (null: no cut).
 */
export function applyKeywordRules(
  keywords: readonly string[],
  rules: KeywordRules,
  opts: { cap?: number | null; order?: boolean; hints?: RelevanceHints } = {},
): AppliedRules {
  const changes: string[] = [];
  const synonymOf = new Map(rules.synonyms.map((s) => [keywordKey(s.from), s.to]));
  const never = new Set(rules.neverInclude.map(keywordKey));
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (k: string) => {
    const key = keywordKey(k);
    if (seen.has(key)) return false;
    seen.add(key);
    out.push(k);
    return true;
  };
  let merged = 0;
  let removed = 0;
  let duplicates = 0;
  for (const raw of keywords) {
    const k = clean(raw);
    if (!k) continue;
    const to = synonymOf.get(keywordKey(k));
    if (never.has(keywordKey(to ?? k))) {
      removed++;
      continue;
    }
    if (to !== undefined) merged++;
    if (!push(to ?? k)) duplicates++;
  }
  const added = rules.alwaysInclude.filter((k) => push(k)).length;
  if (merged) changes.push(`${merged} synonym${merged > 1 ? 's' : ''} merged`);
  if (removed) changes.push(`${removed} never-include keyword${removed > 1 ? 's' : ''} removed`);
  if (duplicates) changes.push(`${duplicates} duplicate${duplicates > 1 ? 's' : ''} dropped`);
  if (added) changes.push(`${added} always-include keyword${added > 1 ? 's' : ''} added`);
  let result = opts.order ? orderByRelevance(out, opts.hints) : out;
  const uncapped = result.length;
  if (opts.cap != null && result.length > opts.cap) {
    changes.push(`cut from ${result.length} to ${opts.cap} keywords`);
    result = cutKeeping(result, opts.cap, rules.alwaysInclude, opts.hints);
  }
  return { keywords: result, changes, uncapped };
}

/**
 * The `cap` keywords a cut keeps, in their own order: every always-include keyword first (a rule
 * the user set survives every agency's cut), then the most relevant of the rest (place, subject,
 * shot type, generic; earlier first inside a group). Only what is left out is lost.
 */
export function cutKeeping(keywords: readonly string[], cap: number, always: readonly string[], hints?: RelevanceHints): string[] {
  if (keywords.length <= cap) return [...keywords];
  const protectedKeys = new Set(always.map(keywordKey));
  const ranked = [
    ...keywords.filter((k) => protectedKeys.has(keywordKey(k))),
    ...orderByRelevance(
      keywords.filter((k) => !protectedKeys.has(keywordKey(k))),
      hints,
    ),
  ];
  const keep = new Set(ranked.slice(0, cap));
  return keywords.filter((k) => keep.has(k));
}

export function hasRules(rules: KeywordRules): boolean {
  return !!(rules.alwaysInclude.length || rules.neverInclude.length || rules.synonyms.length || AGENCIES.some((a) => rules.maxPerAgency[a] != null));
}
