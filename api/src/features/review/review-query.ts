/**
 * The review grid's SQL: one project's sets with their current result, filtered and sorted in
 * PostgreSQL and read in keyset pages. Bulk actions on "all matching the filter" use the same WHERE.
 */
import { badInput } from '../../platform/errors/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/graphql/relay.js';
import { parseId } from '../../platform/validation/ids.js';
import { AGENCY_FORMATS } from '../exports/csv-formats.js';

/** The filter's agency part: refused by one agency, by any, or by none. */
export const AGENCY_PROBLEMS = [...AGENCY_FORMATS, 'any', 'none'] as const;
export type AgencyProblem = (typeof AGENCY_PROBLEMS)[number];

/** At most this many ids in a filter's fileSetIds (a page's worth). */
export const MAX_FILTER_IDS = 200;

export const REVIEW_STATUSES = ['pending', 'ai', 'edited'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewFilter {
  /** Words in the file name, title, description or keywords (case-insensitive). */
  search?: string | null;
  status?: ReviewStatus | null;
  city?: string | null;
  country?: string | null;
  shotType?: string | null;
  /** Only these sets (e.g. one row read again after an inline save). */
  fileSetIds?: readonly string[] | null;
  /**
   * Sets an agency's export check refuses (or 'any', or 'none'). Not SQL: the service turns it
   * into a list of ids (agency-problems.ts) that filterSql takes as `onlyIds`.
   */
  agencyProblem?: AgencyProblem | null;
}

export const REVIEW_SORTS = ['position', 'filename', 'status', 'title', 'description', 'keywordCount', 'categories', 'city', 'country', 'shotTypes'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const STATUS_SQL = `case when r.id is null then 'pending' when r.edited_at is null then 'ai' else 'edited' end`;

/** Text sort keys compare their first 60 characters (ties fall to the project order): cursors stay short. */
const TEXT_KEY_CHARS = 60;

/** Lower-cased text of the current result at `path`, '' when absent (no NULLs: row comparisons stay total). */
const text = (path: string) => `left(coalesce(lower(r."current" #>> '{${path}}'), ''), ${TEXT_KEY_CHARS})`;

/** One sort key: an SQL expression and the type its cursor value is cast back to. */
interface SortKey {
  expr: string;
  cast: 'int' | 'text' | 'uuid';
}

/**
 * Each column's sort keys. Every sort is followed by (position, base_name, id): (position,
 * base_name) is unique per project and id settles anything else, so pages never skip or repeat.
 */
const SORT_SQL: Record<ReviewSort, SortKey[]> = {
  position: [],
  filename: [{ expr: `lower(fs.base_name)`, cast: 'text' }],
  // Pending, AI, edited: the order the work goes in.
  status: [{ expr: `case when r.id is null then 0 when r.edited_at is null then 1 else 2 end`, cast: 'int' }],
  title: [{ expr: text('content,title'), cast: 'text' }],
  description: [{ expr: text('content,final_description'), cast: 'text' }],
  keywordCount: [{ expr: `coalesce(jsonb_array_length(r."current" #> '{content,keywords}'), 0)`, cast: 'int' }],
  // As the grid shows them: Adobe Stock's, then Shutterstock's first and second.
  categories: [
    { expr: text('content,categories,adobe_category'), cast: 'text' },
    { expr: text('content,categories,shutterstock_a_category'), cast: 'text' },
    { expr: text('content,categories,shutterstock_b_category'), cast: 'text' },
  ],
  city: [
    { expr: text('metadata,city'), cast: 'text' },
    { expr: text('metadata,country'), cast: 'text' },
  ],
  country: [
    { expr: text('metadata,country'), cast: 'text' },
    { expr: text('metadata,city'), cast: 'text' },
  ],
  // The ids of the shot types that apply, in alphabetical order, joined ("aerial,orbit").
  shotTypes: [
    {
      expr: `coalesce(case when jsonb_typeof(r."current" -> 'shot_types') = 'object' then left((select string_agg(e.key, ',' order by e.key) from jsonb_each(r."current" -> 'shot_types') e where e.value = 'true'::jsonb), 200) end, '')`,
      cast: 'text',
    },
  ],
};

/** The tie-break every sort ends with. */
const TIE: SortKey[] = [
  { expr: 'fs.position', cast: 'int' },
  { expr: 'fs.base_name', cast: 'text' },
  { expr: 'fs.id', cast: 'uuid' },
];

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ` and ...` conditions for the filter, with their values appended to `params` ($n placeholders). */
export function filterSql(filter: ReviewFilter | null | undefined, params: unknown[], onlyIds?: readonly string[] | null): string {
  const parts: string[] = [];
  if (onlyIds) {
    params.push(onlyIds);
    parts.push(`fs.id = any($${params.length}::uuid[])`);
  }
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
  if (f.fileSetIds) {
    if (!Array.isArray(f.fileSetIds) || f.fileSetIds.length > MAX_FILTER_IDS) throw badInput(`fileSetIds takes a list of at most ${MAX_FILTER_IDS} ids`);
    params.push(f.fileSetIds.map((v) => parseId(v, 'file set')));
    parts.push(`fs.id = any($${params.length}::uuid[])`);
  }
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
  current: import('../../analysis/metadata/processed-result.js').ProcessedResult | null;
  /** The sort keys' values (sk0, sk1, ...), for the cursor. */
  [sortKey: `sk${number}`]: string | number;
}

const CURSOR_KIND = 'review';
/** A cursor holds up to three 60-character keys (4 UTF-8 bytes a character at worst, then base64). */
const MAX_CURSOR_CHARS = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^-?\d{1,10}$/;

export function checkSort(sort: string): ReviewSort {
  if (!(REVIEW_SORTS as readonly string[]).includes(sort)) throw badInput(`Unknown sort '${sort.slice(0, 40)}'; known: ${REVIEW_SORTS.join(', ')}`);
  return sort as ReviewSort;
}

const keysOf = (sort: ReviewSort) => [...SORT_SQL[sort], ...TIE];
const cursorKind = (sort: ReviewSort, descending: boolean) => `${CURSOR_KIND}:${sort}:${descending ? 'd' : 'a'}`;

export function reviewPageSql(opts: {
  projectId: string;
  filter?: ReviewFilter | null;
  /** Only these sets (the agency-problem filter, computed in TypeScript); null: no restriction. */
  onlyIds?: readonly string[] | null;
  sort: ReviewSort;
  descending: boolean;
  after?: string | null;
  limit: number;
}): { text: string; values: unknown[] } {
  const sort = checkSort(opts.sort);
  const keys = keysOf(sort);
  const values: unknown[] = [opts.projectId];
  let where = `fs.project_id = $1${filterSql(opts.filter, values, opts.onlyIds)}`;
  if (opts.after) {
    const parts = decodeCursor(opts.after, cursorKind(sort, opts.descending), keys.length, MAX_CURSOR_CHARS);
    const ok = parts.every((v, i) => (keys[i]!.cast === 'int' ? INT.test(v) : keys[i]!.cast === 'uuid' ? UUID.test(v) : true));
    if (!ok) throw badInput('Invalid cursor');
    const placeholders = parts.map((v, i) => {
      values.push(v);
      return `$${values.length}::${keys[i]!.cast}`;
    });
    where += ` and (${keys.map((k) => k.expr).join(', ')}) ${opts.descending ? '<' : '>'} (${placeholders.join(', ')})`;
  }
  const dir = opts.descending ? 'desc' : 'asc';
  values.push(opts.limit);
  const text = `select fs.id, fs.position, fs.base_name,
      coalesce((select m.filename from media_files m where m.file_set_id = fs.id and m.kind = 'video' order by m.created_at, m.filename limit 1),
        (select m.filename from media_files m where m.file_set_id = fs.id and m.kind = 'image' limit 1)) as video_filename,
      (select m.id from media_files m where m.file_set_id = fs.id and m.extension in ('jpg', 'jpeg') order by m.created_at limit 1) as jpg_id,
      ${STATUS_SQL} as status, r."current", ${keys.map((k, i) => `${k.expr} as sk${i}`).join(', ')}
    from file_sets fs left join file_set_results r on r.file_set_id = fs.id
    where ${where}
    order by ${keys.map((k) => `${k.expr} ${dir}`).join(', ')}
    limit $${values.length}`;
  return { text, values };
}

export const reviewCursor = (sort: ReviewSort, descending: boolean, row: ReviewDbRow) =>
  encodeCursor(
    cursorKind(sort, descending),
    keysOf(sort).map((_, i) => String(row[`sk${i}`])),
  );

export function reviewCountSql(projectId: string, filter?: ReviewFilter | null): { text: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  const text = `select count(*)::int as n from file_sets fs left join file_set_results r on r.file_set_id = fs.id where fs.project_id = $1${filterSql(filter, values)}`;
  return { text, values };
}

/** The ids of the project's sets matching the SQL part of the filter (a bulk action on "all matching"). */
export function matchingIdsSql(projectId: string, filter?: ReviewFilter | null): { text: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  return {
    text: `select fs.id from file_sets fs left join file_set_results r on r.file_set_id = fs.id where fs.project_id = $1${filterSql(filter, values)}`,
    values,
  };
}
