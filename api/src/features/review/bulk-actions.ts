/**
 * Bulk actions on one result, pure: what a set's result becomes, or why the action is refused for
 * that set. The service runs them over a selection in one transaction.
 */
import { isDeepStrictEqual } from 'node:util';
import { ZodError } from 'zod';
import { MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS, processedResultSchema, type ProcessedResult } from '../../analysis/metadata/processed-result.js';
import { applyKeywordRules, keywordKey, storedCap, type KeywordRules } from './keyword-rules.js';

export type BulkAction =
  | { kind: 'addKeywords'; keywords: string[]; position: 'start' | 'end' }
  | { kind: 'removeKeywords'; keywords: string[] }
  | { kind: 'replaceKeyword'; from: string; to: string }
  | { kind: 'findReplace'; field: 'title' | 'description'; find: string; replace: string; wholeWord: boolean; matchCase: boolean }
  | {
      kind: 'setCategories';
      adobe?: ProcessedResult['content']['categories']['adobe_category'];
      shutterstockA?: ProcessedResult['content']['categories']['shutterstock_a_category'];
      shutterstockB?: ProcessedResult['content']['categories']['shutterstock_b_category'];
    }
  | { kind: 'reorderKeywordsByRelevance' }
  | { kind: 'resetToAiOriginal' };

/** A text a find and replace would make longer than its field allows (the whole action is refused). */
export interface FieldOverflow {
  field: 'title' | 'description';
  length: number;
  limit: number;
}

export type BulkOutcome = { result: ProcessedResult; changed: boolean } | { refused: string } | { overflow: FieldOverflow };

/**
 * The longest text each field holds (the stored result's own limits, processed-result.ts): the
 * longest `find` and `replace` a find and replace on that field takes, too.
 */
export const TEXT_FIELD_LIMITS = { title: MAX_TITLE_CHARS, description: MAX_DESCRIPTION_CHARS } as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type FindOptions = { wholeWord: boolean; matchCase: boolean };
const findPattern = (find: string, opts: FindOptions) => {
  const body = escapeRegExp(find);
  const pattern = opts.wholeWord ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body;
  return new RegExp(pattern, `gu${opts.matchCase ? '' : 'i'}`);
};

/** Find and replace as plain text; whole word means not inside a longer run of letters or digits. */
export function findReplaceText(text: string, find: string, replace: string, opts: FindOptions): string {
  if (!find) return text;
  return text.replace(findPattern(find, opts), () => replace);
}

/**
 * The length `findReplaceText` would return, computed from the matches alone (no new text is
 * built): the text's length plus, for each match, the replacement's length minus the match's.
 */
export function findReplaceLength(text: string, find: string, replace: string, opts: FindOptions): number {
  if (!find) return text.length;
  let length = text.length;
  for (const m of text.matchAll(findPattern(find, opts))) length += replace.length - m[0].length;
  return length;
}

export const hintsOf = (r: ProcessedResult) => ({
  places: [r.metadata.city, r.metadata.country],
  shotTypes: Object.entries(r.shot_types)
    .filter(([, on]) => on)
    .map(([id]) => id),
});

/** The actions that change a set's keywords: only these may be refused for the keyword cap. */
const KEYWORD_ACTIONS: ReadonlySet<BulkAction['kind']> = new Set(['addKeywords', 'replaceKeyword']);

/** Applies one action to a set's result (rules applied to its keywords, except for a reset). */
export function applyBulkAction(current: ProcessedResult, original: ProcessedResult, action: BulkAction, rules: KeywordRules): BulkOutcome {
  if (action.kind === 'resetToAiOriginal') {
    const result = structuredClone(original);
    return { result, changed: !isDeepStrictEqual(result, current) };
  }
  const next = structuredClone(current);
  const c = next.content;
  let order = false;
  switch (action.kind) {
    case 'addKeywords':
      c.keywords = action.position === 'start' ? [...action.keywords, ...c.keywords] : [...c.keywords, ...action.keywords];
      break;
    case 'removeKeywords': {
      const gone = new Set(action.keywords.map(keywordKey));
      c.keywords = c.keywords.filter((k) => !gone.has(keywordKey(k)));
      break;
    }
    case 'replaceKeyword': {
      const from = keywordKey(action.from);
      c.keywords = c.keywords.map((k) => (keywordKey(k) === from ? action.to : k));
      break;
    }
    case 'findReplace': {
      // The new text's length first: a text over the field's limit is never built.
      const limit = TEXT_FIELD_LIMITS[action.field];
      const before = action.field === 'title' ? c.title : c.final_description;
      const length = findReplaceLength(before, action.find, action.replace, action);
      if (length > limit) return { overflow: { field: action.field, length, limit } };
      // A word removed from a title leaves one space, not two.
      if (action.field === 'title') c.title = findReplaceText(c.title, action.find, action.replace, action).replace(/ {2,}/g, ' ').trim();
      else c.final_description = findReplaceText(c.final_description, action.find, action.replace, action);
      if (!c.title.trim()) return { refused: 'The replace would leave no title' };
      break;
    }
    case 'setCategories':
      if (action.adobe !== undefined) c.categories.adobe_category = action.adobe;
      if (action.shutterstockA !== undefined) c.categories.shutterstock_a_category = action.shutterstockA;
      if (action.shutterstockB !== undefined) c.categories.shutterstock_b_category = action.shutterstockB;
      break;
    case 'reorderKeywordsByRelevance':
      order = true;
      break;
  }
  const cap = storedCap(rules);
  const applied = applyKeywordRules(c.keywords, rules, { order, hints: hintsOf(next) });
  if (applied.uncapped <= cap) c.keywords = applied.keywords;
  else if (KEYWORD_ACTIONS.has(action.kind)) return { refused: `It would have ${applied.uncapped} keywords; the limit is ${cap}` };
  // An action that does not touch keywords (categories, find and replace) is never refused for
  // them: a set the rules would take over 30 keeps its stored keywords as they are.
  else c.keywords = current.content.keywords;
  let result: ProcessedResult;
  try {
    result = processedResultSchema.parse(next);
  } catch (err) {
    if (err instanceof ZodError) return { refused: err.issues[0]?.message ?? 'The result would not be valid' };
    throw err;
  }
  return { result, changed: !isDeepStrictEqual(result, current) };
}
