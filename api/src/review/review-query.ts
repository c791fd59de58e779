/**
 * The review grid's SQL: one project's sets with their current result, filtered and sorted in
 * PostgreSQL and read in keyset pages. Bulk actions on "all matching the filter" use the same WHERE.
 */
import { badInput } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from '../graphql/relay.js';

export const REVIEW_STATUSES = ['pending', 'ai', 'edited'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewFilter {
  /** Words in the file name, title, description or keywords (case-insensitive). */
  search?: string | null;
  status?: ReviewStatus | null;
  city?: string | null;
  country?: string | null;
  shotType?: string | null;
}

export const REVIEW_SORTS = ['position', 'filename', 'title', 'city', 'keywordCount', 'status'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const STATUS_SQL = `case when r.id is null then 'pending' when r.edited_at is null then 'ai' else 'edited' end`;

/** Sort expressions; each is followed by (position, base_name), unique per project, so pages never skip or repeat. */
const SORT_SQL: Record<ReviewSort, { expr: string; cast: string }> = {
  position: { expr: `fs.position`, cast: 'int' },
  filename: { expr: `lower(fs.base_name)`, cast: 'text' },
  title: { expr: `coalesce(lower(r."current" #>> '{content,title}'), '')`, cast: 'text' },
  city: { expr: `coalesce(lower(r."current" #>> '{metadata,city}'), '')`, cast: 'text' },
  keywordCount: { expr: `coalesce(jsonb_array_length(r."current" #> '{content,keywords}'), 0)`, cast: 'int' },
  status: { expr: STATUS_SQL, cast: 'text' },
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ` and ...` conditions for the filter, with their values appended to `params` ($n placeholders). */
export function filterSql(filter: ReviewFilter | null | undefined, params: unknown[]): string {
  const parts: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}::text`;
  };
  const f = filter ?? {};
  if (f.search?.trim()) {
    const n = p(like(f.search.trim()));
    parts.push(
      `(fs.base_name ilike ${n} or r."current" #>> '{content,title}' ilike ${n} or r."current" #>> '{content,final_description}' ilike ${n} or (r."current" #> '{content,keywords}')::text ilike ${n})`,
    );
  }
  if (f.status) {
    if (!(REVIEW_STATUSES as readonly string[]).includes(f.status)) throw badInput(`Unknown status '${f.status}'; known: ${REVIEW_STATUSES.join(', ')}`);
    parts.push(`${STATUS_SQL} = ${p(f.status)}`);
  }
  if (f.city?.trim()) parts.push(`lower(r."current" #>> '{metadata,city}') = lower(${p(f.city.trim())})`);
  if (f.country?.trim()) parts.push(`lower(r."current" #>> '{metadata,country}') = lower(${p(f.country.trim())})`);
  if (f.shotType?.trim()) parts.push(`(r."current" -> 'shot_types' ->> ${p(f.shotType.trim())}) = 'true'`);
  return parts.map((s) => ` and ${s}`).join('');
}

export interface ReviewDbRow {
  id: string;
  position: number;
  base_name: string;
  video_filename: string | null;
  jpg_id: string | null;
  status: ReviewStatus;
  current: import('../analysis/metadata/processed-result.js').ProcessedResult | null;
  sort_value: string | number;
}

const CURSOR_KIND = 'review';

export function reviewPageSql(opts: {
  projectId: string;
  filter?: ReviewFilter | null;
  sort: ReviewSort;
  descending: boolean;
  after?: string | null;
  limit: number;
}): { text: string; values: unknown[] } {
  if (!(REVIEW_SORTS as readonly string[]).includes(opts.sort)) throw badInput(`Unknown sort '${opts.sort}'; known: ${REVIEW_SORTS.join(', ')}`);
  const values: unknown[] = [opts.projectId];
  const sort = SORT_SQL[opts.sort];
  let where = `fs.project_id = $1${filterSql(opts.filter, values)}`;
  if (opts.after) {
    const [sv, pos, base] = decodeCursor(opts.after, `${CURSOR_KIND}:${opts.sort}:${opts.descending ? 'd' : 'a'}`, 3) as [string, string, string];
    if (!/^-?\d{1,10}$/.test(pos) || (sort.cast === 'int' && !/^-?\d{1,10}$/.test(sv))) throw badInput('Invalid cursor');
    values.push(sv, Number(pos), base);
    const n = values.length;
    where += ` and (${sort.expr}, fs.position, fs.base_name) ${opts.descending ? '<' : '>'} ($${n - 2}::${sort.cast}, $${n - 1}::int, $${n}::text)`;
  }
  const dir = opts.descending ? 'desc' : 'asc';
  values.push(opts.limit);
  const text = `select fs.id, fs.position, fs.base_name,
      (select m.filename from media_files m where m.file_set_id = fs.id and m.kind = 'video' order by m.created_at, m.filename limit 1) as video_filename,
      (select m.id from media_files m where m.file_set_id = fs.id and m.extension in ('jpg', 'jpeg') order by m.created_at limit 1) as jpg_id,
      ${STATUS_SQL} as status, r."current", ${sort.expr} as sort_value
    from file_sets fs left join file_set_results r on r.file_set_id = fs.id
    where ${where}
    order by ${sort.expr} ${dir}, fs.position ${dir}, fs.base_name ${dir}
    limit $${values.length}`;
  return { text, values };
}

export const reviewCursor = (sort: ReviewSort, descending: boolean, row: ReviewDbRow) =>
  encodeCursor(`${CURSOR_KIND}:${sort}:${descending ? 'd' : 'a'}`, [String(row.sort_value), String(row.position), row.base_name]);

export function reviewCountSql(projectId: string, filter?: ReviewFilter | null): { text: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  const text = `select count(*)::int as n from file_sets fs left join file_set_results r on r.file_set_id = fs.id where fs.project_id = $1${filterSql(filter, values)}`;
  return { text, values };
}

/** The ids of the project's sets matching the filter (a bulk action on "all matching"). */
export function matchingIdsSql(projectId: string, filter?: ReviewFilter | null): { text: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  return {
    text: `select fs.id from file_sets fs left join file_set_results r on r.file_set_id = fs.id where fs.project_id = $1${filterSql(filter, values)}`,
    values,
  };
}
