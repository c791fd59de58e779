/**
 * What each agency would refuse, for the review grid's badges and its "agency problems" filter.
 * One source of truth: the rows are read with the exports' own SELECT, get the project's keyword
 * rules as each agency's export applies them, and go through the exports' agency checks
 * (exports/agency-rules.ts), so the grid says what the export check says.
 */
import type pg from 'pg';
import { AGENCY_RULES } from '../exports/agency-rules.js';
import { AGENCY_FORMATS, type AgencyFormat } from '../exports/csv-formats.js';
import { EXPORT_ROWS_SELECT, toExportRow, withKeywordRules, type ExportDbRow, type ExportRow } from '../exports/export-rows.js';
import { badInput } from '../../platform/errors/app-error.js';
import type { KeywordRules } from './keyword-rules.js';
import { AGENCY_PROBLEMS, filterSql, type AgencyProblem, type ReviewFilter } from './review-query.js';

export { AGENCY_PROBLEMS, type AgencyProblem };

type Query = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** One agency that would refuse a set's row, and why. */
export interface AgencyRefusal {
  format: AgencyFormat;
  agency: string;
  problems: string[];
}

/** Every agency that would refuse the row as its export writes it (keyword rules applied). */
export function agencyRefusals(row: ExportRow, rules: KeywordRules): AgencyRefusal[] {
  const out: AgencyRefusal[] = [];
  for (const format of AGENCY_FORMATS) {
    const check = AGENCY_RULES[format];
    const { problems } = check.checkRow(withKeywordRules(row, rules, format));
    if (problems.length) out.push({ format, agency: check.agency, problems });
  }
  return out;
}

export function matchesAgencyProblem(refusals: readonly AgencyRefusal[], wanted: AgencyProblem): boolean {
  if (wanted === 'any') return refusals.length > 0;
  if (wanted === 'none') return refusals.length === 0;
  return refusals.some((r) => r.format === wanted);
}

export function checkAgencyProblem(value: string): AgencyProblem {
  if (!(AGENCY_PROBLEMS as readonly string[]).includes(value)) throw badAgency(value);
  return value as AgencyProblem;
}
const badAgency = (value: string) => badInput(`Unknown agencyProblem '${value.slice(0, 40)}'; known: ${AGENCY_PROBLEMS.join(', ')}`);

/** The given sets' rows as the exports read them, by file set id. */
export async function exportRowsOf(q: Query, projectId: string, ids: readonly string[]): Promise<Map<string, ExportRow>> {
  if (!ids.length) return new Map();
  const { rows } = await (q as pg.Pool).query<ExportDbRow>(`${EXPORT_ROWS_SELECT} and fs.id = any($2::uuid[])`, [projectId, ids]);
  return new Map(rows.map((r) => [r.id, toExportRow(r)]));
}

/**
 * The ids of the sets matching the filter's SQL part whose agency check gives `wanted`.
 *
 * The agency checks are TypeScript (titles as each export rewrites them, keyword rules, word and
 * character counts), so they are not repeated in SQL: this reads the exports' columns of every set
 * the rest of the filter keeps (one statement; about 1 ms per 100 sets) and runs the checks. The
 * grid's page query then takes `fs.id = any(ids)` as one more condition, so keyset pages, their
 * sort and tie-break, totalCount and "all matching" bulk actions work exactly as for the SQL
 * filters: the condition is evaluated per request, like any other filter.
 */
export async function idsWithAgencyProblem(
  q: Query,
  projectId: string,
  filter: ReviewFilter | null | undefined,
  wanted: AgencyProblem,
  rules: KeywordRules,
): Promise<string[]> {
  const values: unknown[] = [projectId];
  const { rows } = await (q as pg.Pool).query<ExportDbRow>(`${EXPORT_ROWS_SELECT}${filterSql(filter, values)}`, values);
  return rows.filter((r) => matchesAgencyProblem(agencyRefusals(toExportRow(r), rules), wanted)).map((r) => r.id);
}
