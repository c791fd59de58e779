import { z } from 'zod';
import { ADOBE_CATEGORIES, SHUTTERSTOCK_CATEGORIES } from './categories.js';

/** At most 30 keywords per file set (SPEC §5, §9). */
export const MAX_KEYWORDS = 30;

/**
 * Keywords as SPEC §5 splits them: on commas, trimmed, empties dropped, at most 30 kept.
 * Duplicates (case-insensitive) are dropped too: agencies refuse repeated keywords.
 */
export function normalizeKeywords(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((k) => k.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const k = raw.trim().replace(/\s+/g, ' ');
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
    if (out.length === MAX_KEYWORDS) break;
  }
  return out;
}

/**
 * Title, city and country are one line in every CSV, form and agency upload: a line break (CR, LF,
 * vertical tab, form feed, NEL, U+2028/9) and the blanks around it become one space when a result
 * is saved. Keywords get the same by `normalizeKeywords` (every run of blanks is one space).
 */
export function oneLine(value: string): string {
  return value.replace(/[^\S\r\n\v\f\u0085\u2028\u2029]*[\r\n\v\f\u0085\u2028\u2029]\s*/g, ' ');
}
const oneLineText = (max: number) => z.string().max(max).transform(oneLine);

const category = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

/**
 * The processed result of one file set, in the field names SPEC §3 and §7 use (the REST shim
 * answers it as is; `PUT /api/filesets/{id}/results` takes it whole).
 */
export const processedResultSchema = z.object({
  content: z.object({
    title: oneLineText(500),
    final_description: z.string().max(5000),
    keywords: z
      .array(z.string().max(100))
      .max(200)
      .transform((k) => normalizeKeywords(k)),
    categories: z.object({
      adobe_category: category(ADOBE_CATEGORIES),
      shutterstock_a_category: category(SHUTTERSTOCK_CATEGORIES),
      shutterstock_b_category: category(SHUTTERSTOCK_CATEGORIES),
    }),
  }),
  metadata: z.object({
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    city: oneLineText(200).nullable(),
    country: oneLineText(200).nullable(),
  }),
  shot_types: z.record(z.string().max(64), z.boolean()).default({}),
});

export type ProcessedResult = z.output<typeof processedResultSchema>;
