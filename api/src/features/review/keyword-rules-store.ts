import type pg from 'pg';
import { MAX_KEYWORDS, type ProcessedResult } from '../../analysis/metadata/processed-result.js';
import { hintsOf } from './bulk-actions.js';
import { AGENCIES, applyKeywordRules, NO_RULES, storedCap, type Agency, type KeywordRules, type RelevanceHints } from './keyword-rules.js';

/** A project's stored keyword rules (NO_RULES when it has none): one indexed read. */
export async function loadKeywordRules(q: Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>, projectId: string): Promise<KeywordRules> {
  const { rows } = await (q as pg.Pool).query<{
    always_include: string[];
    never_include: string[];
    synonyms: KeywordRules['synonyms'];
    max_per_agency: Record<string, number | null>;
  }>('select always_include, never_include, synonyms, max_per_agency from project_keyword_rules where project_id = $1', [projectId]);
  const r = rows[0];
  if (!r) return NO_RULES;
  return {
    alwaysInclude: r.always_include,
    neverInclude: r.never_include,
    synonyms: r.synonyms,
    maxPerAgency: Object.fromEntries(AGENCIES.map((a) => [a, r.max_per_agency[a] ?? null])) as KeywordRules['maxPerAgency'],
  };
}

/** A generated result with the project's rules applied, keywords in relevance order and cut to the stored cap. */
export async function applyRulesToGenerated(q: Pick<pg.PoolClient, 'query'>, projectId: string, result: ProcessedResult): Promise<ProcessedResult> {
  const rules = await loadKeywordRules(q, projectId);
  const applied = applyKeywordRules(result.content.keywords, rules, { order: true, cap: storedCap(rules), hints: hintsOf(result) });
  return { ...result, content: { ...result.content, keywords: applied.keywords } };
}

/**
 * The keywords an export writes for a row: the rules applied, cut to the agency's limit (the
 * standard CSV: 30) keeping the always-include keywords and the most relevant of the rest.
 */
export function exportKeywords(
  keywords: readonly string[],
  rules: KeywordRules,
  format: string,
  hints?: RelevanceHints,
): { keywords: string[]; changes: string[] } {
  const cap = (AGENCIES as readonly string[]).includes(format) ? (rules.maxPerAgency[format as Agency] ?? MAX_KEYWORDS) : MAX_KEYWORDS;
  const { keywords: out, changes } = applyKeywordRules(keywords, rules, { cap: Math.min(cap, MAX_KEYWORDS), hints });
  return { keywords: out, changes };
}
