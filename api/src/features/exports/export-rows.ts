import type pg from 'pg';
import { UNKNOWN_PLACE } from '../../analysis/metadata/types.js';
import { MAX_KEYWORDS, normalizeKeywords } from '../../analysis/metadata/processed-result.js';
import { FILE_SET_ROWS_SQL, videoExportBytesSql, videoExportNameSql } from '../file-sets/file-set-rows.js';
import { RESULT_ROWS_SQL } from '../results/result-rows.js';
import { hasRules, type KeywordRules } from '../review/keyword-rules.js';
import { exportKeywords, loadKeywordRules } from '../review/keyword-rules-store.js';

/** One file set as every export sees it: the user-visible result (`current`) flattened. */
export interface ExportRow {
  fileSetId: string;
  position: number;
  baseName: string;
  /** The video's uploaded name (the row's name in every CSV); the base name when the set has no video. */
  filename: string;
  hasResult: boolean;
  title: string | null;
  description: string | null;
  /** Normalized as SPEC §5 says: trimmed, no empties, at most 30. */
  keywords: string[];
  /** Editorial use only (the user's flag; false when never set). */
  editorial: boolean;
  adobeCategory: string | null;
  shutterstockA: string | null;
  shutterstockB: string | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  country: string | null;
  /** The video's length in seconds from its probe (stored analysis), or null. */
  durationSeconds: number | null;
  /** The video file's size in bytes, or null without a video. */
  videoBytes: number | null;
  /** What the project's keyword rules changed in this row (issue 20); absent when nothing. */
  keywordRuleChanges?: string[];
}

/**
 * The columns every export needs, extracted inside PostgreSQL (so only these bytes travel), in
 * the project's own order (position, then base name: unique per project, so it is a keyset).
 * bench/export.mjs runs the same SELECT through COPY as its baseline.
 */
export const EXPORT_ROWS_SELECT = `
  select fs.id, fs.position, fs.base_name,
    -- A proxy (.LRF) row is named after its master as the agency will receive it (file-kinds.ts masterNameOf).
    ${videoExportNameSql('fs.id', 'fs.base_name')} as video_filename,
    -- The stored video's size (a proxy's is not its master's: then the 3.9 GB check cannot tell).
    ${videoExportBytesSql('fs.id')} as video_bytes,
    r.analysis #>> '{probe,duration}' as duration,
    r.id is not null as has_result,
    r.current #>> '{content,title}' as title,
    r.current #>> '{content,final_description}' as description,
    r.current #> '{content,keywords}' as keywords,
    coalesce((r.current #>> '{content,editorial}')::boolean, false) as editorial,
    r.current #>> '{content,categories,adobe_category}' as adobe_category,
    r.current #>> '{content,categories,shutterstock_a_category}' as shutterstock_a,
    r.current #>> '{content,categories,shutterstock_b_category}' as shutterstock_b,
    r.current #>> '{metadata,latitude}' as latitude,
    r.current #>> '{metadata,longitude}' as longitude,
    r.current #>> '{metadata,city}' as city,
    r.current #>> '{metadata,country}' as country
  from ${FILE_SET_ROWS_SQL} fs left join ${RESULT_ROWS_SQL} r on r.file_set_id = fs.id
  where fs.project_id = $1`;

const PAGE_SQL = `${EXPORT_ROWS_SELECT} and (fs.position, fs.base_name) > ($2, $3)
  order by fs.position, fs.base_name limit $4`;

export interface ExportDbRow {
  id: string;
  position: number;
  base_name: string;
  video_filename: string | null;
  video_bytes: string | null;
  duration: string | null;
  has_result: boolean;
  title: string | null;
  description: string | null;
  keywords: unknown;
  editorial: boolean | null;
  adobe_category: string | null;
  shutterstock_a: string | null;
  shutterstock_b: string | null;
  latitude: string | null;
  longitude: string | null;
  city: string | null;
  country: string | null;
  /** The video's length in seconds from its probe (stored analysis), or null. */
  durationSeconds: number | null;
  /** The video file's size in bytes, or null without a video. */
  videoBytes: number | null;
}

const num = (v: string | null) => {
  if (v == null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Keywords that need no work: what the results schema stores (at most 30, trimmed, no commas, no empties). */
const ODD_KEYWORD = /^\s|\s$|,|\s\s/;
const alreadyNormal = (k: unknown[]): k is string[] => k.length <= MAX_KEYWORDS && k.every((w) => typeof w === 'string' && w !== '' && !ODD_KEYWORD.test(w));

function keywordsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // Results are normalized when saved; re-normalizing every row was the export's hottest function.
  if (alreadyNormal(value)) return value;
  return normalizeKeywords(value.filter((k): k is string => typeof k === 'string'));
}

/**
 * A place name as the exports write it. Results store "Unknown" when the telemetry had no GPS fix
 * (SPEC §2's label for a missing city or country); that is a label, not a place, so every export
 * (CSV cells, XMP, the JPGs' IPTC) writes nothing, as it does for a fix at sea.
 */
export function placeName(value: string | null): string | null {
  const name = value?.trim();
  return name && name.toLowerCase() !== UNKNOWN_PLACE.toLowerCase() ? name : null;
}

export function toExportRow(r: ExportDbRow): ExportRow {
  const keywords = keywordsOf(r.keywords);
  return {
    fileSetId: r.id,
    position: r.position,
    baseName: r.base_name,
    filename: r.video_filename ?? r.base_name,
    hasResult: r.has_result,
    title: r.title,
    description: r.description,
    keywords,
    editorial: r.editorial === true,
    adobeCategory: r.adobe_category,
    shutterstockA: r.shutterstock_a,
    shutterstockB: r.shutterstock_b,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    city: placeName(r.city),
    country: placeName(r.country),
    durationSeconds: num(r.duration),
    videoBytes: num(r.video_bytes),
  };
}

/** A row with the project's keyword rules and the agency's keyword limit applied, as the export writes it. */
export function withKeywordRules(r: ExportRow, rules: KeywordRules, format: string): ExportRow {
  const { keywords, changes } = exportKeywords(r.keywords, rules, format, { places: [r.city, r.country] });
  return changes.length ? { ...r, keywords, keywordRuleChanges: changes } : r;
}

export const EXPORT_BATCH_SIZE = 500;

/**
 * The project's rows in batches, by keyset pagination: memory holds one batch (and the next one
 * being read), whatever the project's size. The next page is requested as soon as a page arrives,
 * so the database works while the caller formats and writes; a slow client only slows the reads.
 */
export async function* exportRowBatches(pool: pg.Pool, projectId: string, batchSize = EXPORT_BATCH_SIZE, format = 'standard'): AsyncGenerator<ExportRow[]> {
  const rules = await loadKeywordRules(pool, projectId);
  const ruled = (r: ExportRow): ExportRow => withKeywordRules(r, rules, format);
  const withRules = hasRules(rules);
  const page = (after: [number, string]) => pool.query<ExportDbRow>(PAGE_SQL, [projectId, after[0], after[1], batchSize]).then((r) => r.rows);
  let next: Promise<ExportDbRow[]> | null = page([-2147483648, '']);
  try {
    while (next) {
      const rows: ExportDbRow[] = await next;
      next = null;
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      if (rows.length === batchSize) next = page([last.position, last.base_name]);
      yield withRules ? rows.map((r) => ruled(toExportRow(r))) : rows.map(toExportRow);
    }
  } finally {
    // Stopped early (client went away): the prefetch's outcome no longer matters.
    (next as Promise<ExportDbRow[]> | null)?.catch(() => undefined);
  }
}

/** How many sets the project has and how many have a result (for the "incomplete" note). */
export async function exportProgress(pool: pg.Pool, projectId: string): Promise<{ total: number; done: number }> {
  const { rows } = await pool.query<{ total: string; done: string }>(
    `select count(*) as total, count(r.id) as done from ${FILE_SET_ROWS_SQL} fs left join ${RESULT_ROWS_SQL} r on r.file_set_id = fs.id where fs.project_id = $1`,
    [projectId],
  );
  return { total: Number(rows[0]?.total ?? 0), done: Number(rows[0]?.done ?? 0) };
}
