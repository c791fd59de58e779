import pluralize from 'pluralize';
/**
 * The processed result of one file set in SPEC §3's field names (the same object the REST shim's
 * GET/PUT /api/filesets/{id}/results carries, and what Copy JSON puts on the clipboard).
 */
export interface ProcessedResult {
  content: {
    title: string;
    final_description: string;
    keywords: string[];
    /** Editorial use only (news, events, people or brands without releases); absent: not set. */
    editorial?: boolean;
    categories: {
      adobe_category: string | null;
      shutterstock_a_category: string | null;
      shutterstock_b_category: string | null;
    };
  };
  metadata: {
    latitude: number | null;
    longitude: number | null;
    city: string | null;
    country: string | null;
  };
  shot_types: Record<string, boolean>;
}

/** At most 30 keywords per file set (SPEC §5, §9). */
export const MAX_KEYWORDS = 30;

/**
 * SPEC §5: split on commas, trimmed, empties dropped. Never cut to 30 here: a save over the cap is
 * refused by name (`keywordCapProblem`), so nothing typed is dropped behind the user's back.
 */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim().replace(/\s+/g, ' '))
    .filter((k) => k !== '');
}

/** How many keywords the server would store: case-only repeats count once (as it de-duplicates them). */
export const storedKeywordCount = (keywords: readonly string[]) => new Set(keywords.map((k) => k.toLowerCase())).size;

/** How many keywords the text holds. */
export const countKeywords = (text: string) => parseKeywords(text).length;

/** "32 keywords: remove 2" when over SPEC's 30, else null (the server says the same words). */
export function keywordCapProblem(count: number): string | null {
  return count > MAX_KEYWORDS ? `${count} keywords: remove ${count - MAX_KEYWORDS} (the limit is ${MAX_KEYWORDS})` : null;
}

/**
 * The identity the review rules give a keyword: case-insensitive, and plural-insensitive on the
 * last word ("Aerial views" = "aerial view"), as the API's keywordKey.
 */
export function keywordKey(keyword: string): string {
  const words = keyword.trim().replace(/\s+/g, ' ').toLowerCase().split(' ');
  const last = words.pop() ?? '';
  return [...words, pluralize.singular(last)].join(' ');
}

/** Keywords that repeat an earlier one, each with the spelling it repeats: [["Boats", "boat"]]. */
export function duplicateKeywords(keywords: readonly string[]): Array<[string, string]> {
  const first = new Map<string, string>();
  const out: Array<[string, string]> = [];
  for (const k of keywords) {
    const key = keywordKey(k);
    const prior = first.get(key);
    if (prior !== undefined) out.push([k, prior]);
    else first.set(key, k);
  }
  return out;
}

export const keywordsToText = (keywords: readonly string[]) => keywords.join(', ');

/** Reads whatever the server sent into the SPEC shape; a missing or partial result is tolerated (SPEC §8). */
export function toProcessedResult(raw: unknown): ProcessedResult | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, any>;
  const content = (r.content ?? {}) as Record<string, any>;
  const categories = (content.categories ?? {}) as Record<string, any>;
  const metadata = (r.metadata ?? {}) as Record<string, any>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const strOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const shotTypes: Record<string, boolean> = {};
  if (r.shot_types && typeof r.shot_types === 'object') {
    for (const [k, v] of Object.entries(r.shot_types as Record<string, unknown>)) shotTypes[k] = v === true;
  }
  return {
    content: {
      title: str(content.title),
      final_description: str(content.final_description),
      keywords: Array.isArray(content.keywords) ? content.keywords.filter((k: unknown): k is string => typeof k === 'string') : [],
      ...(content.editorial === true ? { editorial: true } : {}),
      categories: {
        adobe_category: strOrNull(categories.adobe_category),
        shutterstock_a_category: strOrNull(categories.shutterstock_a_category),
        shutterstock_b_category: strOrNull(categories.shutterstock_b_category),
      },
    },
    metadata: {
      latitude: numOrNull(metadata.latitude),
      longitude: numOrNull(metadata.longitude),
      city: strOrNull(metadata.city),
      country: strOrNull(metadata.country),
    },
    shot_types: shotTypes,
  };
}

/** Does the result hold anything a person would call content? */
export const hasContent = (r: ProcessedResult | null) =>
  !!r && (r.content.title.trim() !== '' || r.content.final_description.trim() !== '' || r.content.keywords.length > 0);
