/** Bulk action arguments from GraphQL or a REST body, checked the same way. */
import { ADOBE_CATEGORIES, SHUTTERSTOCK_CATEGORIES } from '../../analysis/metadata/categories.js';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import { TEXT_FIELD_LIMITS, type BulkAction } from './bulk-actions.js';
import type { BulkSelection } from './review.service.js';
import { REVIEW_STATUSES, type ReviewFilter } from './review-query.js';

/** Trimmed values, none empty. */
export function nonEmpty(values: readonly unknown[], message = 'Give at least one keyword; empty keywords are refused'): string[] {
  const out = values.map((v) => (typeof v === 'string' ? v.trim() : ''));
  if (!out.length || out.some((v) => !v)) throw new AppError('BAD_USER_INPUT', message);
  if (out.some((v) => v.length > 100)) throw new AppError('BAD_USER_INPUT', 'A keyword or text is longer than 100 characters');
  return out;
}

type Cat = string | null | undefined;
/** Only the categories given (undefined: kept), checked against the agencies' lists. */
export function categories(c: { adobe: Cat; shutterstockA: Cat; shutterstockB: Cat }) {
  const check = (v: Cat, list: readonly string[], agency: string) => {
    if (v != null && (typeof v !== 'string' || !list.includes(v))) throw new AppError('BAD_USER_INPUT', `'${v}' is not one of ${agency}'s categories`);
    return v as never;
  };
  return {
    ...(c.adobe !== undefined ? { adobe: check(c.adobe, ADOBE_CATEGORIES, 'Adobe Stock') } : {}),
    ...(c.shutterstockA !== undefined ? { shutterstockA: check(c.shutterstockA, SHUTTERSTOCK_CATEGORIES, 'Shutterstock') } : {}),
    ...(c.shutterstockB !== undefined ? { shutterstockB: check(c.shutterstockB, SHUTTERSTOCK_CATEGORIES, 'Shutterstock') } : {}),
  };
}

/**
 * A find and replace's arguments: `find` 1 character up to the field's limit (after trimming),
 * `replace` empty up to the field's limit (a longer one could only make the field too long).
 */
export function findReplaceArgs(
  field: unknown,
  find: unknown,
  replace: unknown,
  opts: { wholeWord: boolean; matchCase: boolean },
): Extract<BulkAction, { kind: 'findReplace' }> {
  if (field !== 'title' && field !== 'description') throw badInput("field must be 'title' or 'description'");
  const limit = TEXT_FIELD_LIMITS[field];
  if (typeof find !== 'string' || !find.trim()) throw badInput('Give the text to find');
  if (typeof replace !== 'string') throw badInput('replace must be text');
  for (const [name, v] of [
    ['find', find],
    ['replace', replace],
  ] as const) {
    if (v.length > limit) throw badInput(`${name} is ${v.length} characters; the limit for a ${field} is ${limit}`, { field: name, limit, value: v.length });
  }
  return { kind: 'findReplace', field, find: find.trim(), replace, wholeWord: opts.wholeWord, matchCase: opts.matchCase };
}

const strings = (v: unknown, name: string): unknown[] => {
  if (!Array.isArray(v)) throw badInput(`${name} must be a list of keywords`);
  return v;
};

export const BULK_ACTIONS = [
  'addKeywords',
  'removeKeywords',
  'replaceKeyword',
  'findReplace',
  'setCategories',
  'reorderKeywordsByRelevance',
  'resetToAiOriginal',
] as const;

/** A REST body `{ fileSetIds | allMatching, ...arguments }` for one action (the GraphQL arguments' names). */
export function bulkFromBody(projectId: string, kind: string, body: Record<string, unknown>): { selection: BulkSelection; action: BulkAction } {
  const filter = body.allMatching;
  if (filter != null && (typeof filter !== 'object' || Array.isArray(filter))) throw badInput('allMatching must be a filter object ({} for every set)');
  if (filter && 'status' in filter && filter.status != null && !(REVIEW_STATUSES as readonly unknown[]).includes((filter as { status: unknown }).status))
    throw badInput(`Unknown status; known: ${REVIEW_STATUSES.join(', ')}`);
  if (body.fileSetIds != null && !Array.isArray(body.fileSetIds)) throw badInput('fileSetIds must be a list of ids');
  const only = (filter as Record<string, unknown> | null | undefined)?.fileSetIds;
  if (only != null && !Array.isArray(only)) throw badInput('allMatching.fileSetIds must be a list of ids');
  for (const key of ['search', 'city', 'country', 'shotType', 'agencyProblem'] as const) {
    const v = (filter as Record<string, unknown> | null | undefined)?.[key];
    if (v != null && typeof v !== 'string') throw badInput(`allMatching.${key} must be text`);
  }
  const selection: BulkSelection = { projectId, fileSetIds: body.fileSetIds as unknown[] | null, allMatching: filter as ReviewFilter | null };
  const action = ((): BulkAction => {
    switch (kind) {
      case 'addKeywords': {
        const position = body.position ?? 'end';
        if (position !== 'start' && position !== 'end') throw badInput("position must be 'start' or 'end'");
        return { kind, keywords: nonEmpty(strings(body.keywords, 'keywords')), position };
      }
      case 'removeKeywords':
        return { kind, keywords: nonEmpty(strings(body.keywords, 'keywords')) };
      case 'replaceKeyword': {
        const [from, to] = nonEmpty([body.from, body.to], 'Give the keyword to replace (from) and its replacement (to)');
        return { kind, from: from!, to: to! };
      }
      case 'findReplace':
        return findReplaceArgs(body.field, body.find, body.replace ?? '', { wholeWord: body.wholeWord === true, matchCase: body.matchCase === true });
      case 'setCategories':
        return {
          kind,
          ...categories({
            adobe: body.adobeCategory as string | null | undefined,
            shutterstockA: body.shutterstockACategory as string | null | undefined,
            shutterstockB: body.shutterstockBCategory as string | null | undefined,
          }),
        };
      case 'reorderKeywordsByRelevance':
      case 'resetToAiOriginal':
        return { kind };
      default:
        throw new AppError('NOT_FOUND', `Unknown bulk action '${kind.slice(0, 40)}'; known: ${BULK_ACTIONS.join(', ')}`);
    }
  })();
  return { selection, action };
}
