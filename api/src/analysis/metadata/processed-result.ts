import { z } from 'zod';
import { isShotType, SHOT_TYPE_IDS } from '../shot-types/vocabulary.js';
import { ADOBE_CATEGORIES, SHUTTERSTOCK_CATEGORIES } from './categories.js';

/** At most 30 keywords per file set (SPEC §5, §9). */
export const MAX_KEYWORDS = 30;
/** Place fields: city, country, region and each named feature; the place line; how many named features. */
export const MAX_PLACE_FIELD_CHARS = 200;
export const MAX_PLACE_LINE_CHARS = 300;
export const MAX_PLACE_FEATURES = 10;
/** The longest title and description a result holds. */
export const MAX_TITLE_CHARS = 500;
export const MAX_DESCRIPTION_CHARS = 5000;

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
const oneLineText = (max: number, tooLong: string) => z.string().max(max, tooLong).transform(oneLine);

/**
 * Shot types keep the fixed vocabulary: an unknown key is refused by name (one issue, whatever
 * the number of keys), so a client cannot store arbitrary maps beside a result.
 */
function shotTypesSchema() {
  return z
    .record(z.string(), z.boolean())
    .superRefine((map, ctx) => {
      const unknown = Object.keys(map).filter((k) => !isShotType(k));
      if (!unknown.length) return;
      const shown = unknown[0]!.length > 64 ? `${unknown[0]!.slice(0, 64)}...` : unknown[0]!;
      ctx.addIssue({
        code: 'custom',
        path: [unknown[0]!],
        message: `Unknown shot type '${shown}'${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ''}. Known shot types: ${SHOT_TYPE_IDS.join(', ')}`,
      });
    })
    .default({});
}

const category = <T extends readonly [string, ...string[]]>(values: T, agency: string) =>
  z.enum(values, { error: `Not one of ${agency}'s categories` }).nullable();

/**
 * The processed result of one file set, in the field names SPEC §3 and §7 use (the REST shim
 * answers it as is; `PUT /api/filesets/{id}/results` takes it whole).
 */
export const processedResultSchema = z.object({
  content: z.object({
    title: oneLineText(MAX_TITLE_CHARS, 'The title is longer than 500 characters'),
    final_description: z.string().max(MAX_DESCRIPTION_CHARS, 'The description is longer than 5,000 characters'),
    keywords: z
      .array(z.string().max(100, 'A keyword is longer than 100 characters'))
      .max(200, 'More than 200 keywords were sent')
      .transform((k) => normalizeKeywords(k)),
    /**
     * Editorial use only (news, events, recognisable people, brands or property without releases):
     * agencies take such a clip apart from commercial stock. Absent in results made before it existed.
     */
    editorial: z.boolean({ message: 'editorial must be true or false' }).optional(),
    categories: z.object({
      adobe_category: category(ADOBE_CATEGORIES, 'Adobe Stock'),
      shutterstock_a_category: category(SHUTTERSTOCK_CATEGORIES, 'Shutterstock'),
      shutterstock_b_category: category(SHUTTERSTOCK_CATEGORIES, 'Shutterstock'),
    }),
  }),
  metadata: z.object({
    latitude: z.number().min(-90, 'The latitude must be between -90 and 90').max(90, 'The latitude must be between -90 and 90').nullable(),
    longitude: z.number().min(-180, 'The longitude must be between -180 and 180').max(180, 'The longitude must be between -180 and 180').nullable(),
    city: oneLineText(200, 'The city is longer than 200 characters').nullable(),
    country: oneLineText(200, 'The country is longer than 200 characters').nullable(),
    /** State, province or named part of the country ("Utah", "Scotland"); absent in results made before it existed. */
    region: oneLineText(MAX_PLACE_FIELD_CHARS, 'The region is longer than 200 characters').nullable().optional(),
    /** The place as one line, most specific first ("Monument Valley, Utah, United States"). */
    place_line: oneLineText(MAX_PLACE_LINE_CHARS, 'The place line is longer than 300 characters').nullable().optional(),
    /** Named features near the point ("Atlantic Ocean", "Monument Valley"), most specific first. */
    features: z
      .array(oneLineText(MAX_PLACE_FIELD_CHARS, 'A named feature is longer than 200 characters'))
      .max(MAX_PLACE_FEATURES, `At most ${MAX_PLACE_FEATURES} named features`)
      .optional(),
  }),
  shot_types: shotTypesSchema(),
});

export type ProcessedResult = z.output<typeof processedResultSchema>;
