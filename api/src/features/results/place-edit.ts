/**
 * Editing the place of a result (issue 32 item 3): the place fields (city, region, country, place
 * line, named features) and the rewrite of the title, description and keywords that named the old
 * place. Pure: the service previews, saves, and carries a user's place over a reprocess with it.
 */
import { countryInSentence } from '../../analysis/place/index.js';
import { normalizeKeywords, type ProcessedResult } from '../../analysis/metadata/processed-result.js';

/** The editable place of a result. */
export interface PlaceFields {
  city: string | null;
  region: string | null;
  country: string | null;
  placeLine: string | null;
  features: string[];
}

export function placeOfResult(r: ProcessedResult): PlaceFields {
  const m = r.metadata;
  return { city: m.city, region: m.region ?? null, country: m.country, placeLine: m.place_line ?? null, features: m.features ?? [] };
}

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/** True when the two places differ in any field (case and surrounding blanks ignored). */
export function placeDiffers(a: PlaceFields, b: PlaceFields): boolean {
  return (
    norm(a.city) !== norm(b.city) ||
    norm(a.region) !== norm(b.region) ||
    norm(a.country) !== norm(b.country) ||
    norm(a.placeLine) !== norm(b.placeLine) ||
    a.features.map(norm).join('\u0000') !== b.features.map(norm).join('\u0000')
  );
}

/** A user edited the place when the current result's place differs from what processing wrote. */
export function placeEditedByUser(r: { current: ProcessedResult; original: ProcessedResult }): boolean {
  return placeDiffers(placeOfResult(r.current), placeOfResult(r.original));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, 'gu');

/** Pairs (old text -> new text) to replace, longest first so "Cape Town, South Africa" goes before "Cape Town". */
function replacements(from: PlaceFields, to: PlaceFields): [string, string][] {
  const pairs: [string | null, string | null][] = [
    [from.placeLine, to.placeLine],
    // Sentences name some countries with "the" ("the United States"): replace that form first.
    [from.country ? countryInSentence(from.country) : null, to.country ? countryInSentence(to.country) : null],
    [from.country, to.country],
    [from.region, to.region],
    [from.city, to.city],
    ...from.features.map((f, i): [string, string | null] => [f, to.features[i] ?? null]),
  ];
  const out: [string, string][] = [];
  for (const [a, b] of pairs) if (a && a.trim() && a !== (b ?? '') && !out.some(([x]) => x === a)) out.push([a, b ?? '']);
  return out.sort((x, y) => y[0].length - x[0].length);
}

/** Text with every whole-word old place name replaced by the new one (a removed name leaves no stray blanks or commas). */
export function rewriteText(text: string, from: PlaceFields, to: PlaceFields): string {
  let out = text;
  for (const [a, b] of replacements(from, to)) out = out.replace(wordRe(a), b);
  return out
    .replace(/\s+([,.])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\b(near|in|at|of) ([,.])/g, '$2')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export interface PlaceRewrite {
  title: string;
  finalDescription: string;
  keywords: string[];
  /** Which of the three changed. */
  changed: ('title' | 'finalDescription' | 'keywords')[];
}

/**
 * Title, description and keywords rewritten from the old place to the new one: each old name (place
 * line, country in its sentence form, region, city, named features) is replaced where it stands as a
 * whole word; a keyword equal to an old name becomes the new name (or goes, when the new one is empty).
 */
export function rewriteForPlace(r: ProcessedResult, from: PlaceFields, to: PlaceFields): PlaceRewrite {
  const title = rewriteText(r.content.title, from, to) || r.content.title;
  const finalDescription = rewriteText(r.content.final_description, from, to);
  const map = new Map(replacements(from, to).map(([a, b]) => [a.toLowerCase(), b]));
  const keywords = normalizeKeywords(r.content.keywords.map((k) => (map.has(k.toLowerCase()) ? map.get(k.toLowerCase())! : k)).filter((k) => k.trim() !== ''));
  const changed: PlaceRewrite['changed'] = [];
  if (title !== r.content.title) changed.push('title');
  if (finalDescription !== r.content.final_description) changed.push('finalDescription');
  if (keywords.join('\u0000') !== r.content.keywords.join('\u0000')) changed.push('keywords');
  return { title, finalDescription, keywords, changed };
}

/** The result with this place in its metadata, and (when `rewrite`) its text rewritten from `from`. */
export function withPlace(r: ProcessedResult, from: PlaceFields, to: PlaceFields, rewrite: boolean): ProcessedResult {
  const text = rewrite ? rewriteForPlace(r, from, to) : null;
  return {
    ...r,
    content: text ? { ...r.content, title: text.title, final_description: text.finalDescription, keywords: text.keywords } : r.content,
    metadata: { ...r.metadata, city: to.city, region: to.region, country: to.country, place_line: to.placeLine, features: to.features },
  };
}
