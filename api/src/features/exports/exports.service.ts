import type { Writable } from 'node:stream';
import type pg from 'pg';
import type { Logger } from '../../platform/logging/logger.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { UsersService } from '../users/users.service.js';
import type { User } from '../users/user.entity.js';
import type { FileStorage } from '../files/file-storage.js';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { AGENCY_RULES } from './agency-rules.js';
import { contentDisposition, safeFileName } from './content-disposition.js';
import { CSV_FORMAT_SPECS, type AgencyFormat, type CsvFormat } from './csv-formats.js';
import { csvHeader, csvRows, UTF8_BOM } from './csv-writer.js';
import { ExportLinks, type DownloadGrant } from './export-links.js';
import { exportProgress, exportRowBatches, type ExportRow } from './export-rows.js';
import type { ExifToolHolder } from './exiftool-holder.js';
import { writeMetadataZip } from './metadata-zip.js';
import { hasRules } from '../review/keyword-rules.js';
import { loadKeywordRules } from '../review/keyword-rules-store.js';

/** Exports of a project still being processed hold the rows done so far and say so. */
export interface ExportCompleteness {
  incomplete: boolean;
  processed: number;
  total: number;
  /** A sentence for people (GraphQL `note`, REST header `X-Shotlog-Export-Incomplete`). */
  note: string | null;
}

/** The rows of one export whose keywords the project's keyword rules changed (issue 20), in file order. */
export interface KeywordRuleChangeSummary {
  rowCount: number;
  rows: Array<{ fileSetId: string; filename: string; changes: string[] }>;
}

export interface CsvExport extends ExportCompleteness {
  fileName: string;
  contentDisposition: string;
  keywordRuleChanges: KeywordRuleChangeSummary;
  /** The file in chunks (header first, then one chunk per batch of rows from the database). */
  chunks: AsyncIterable<string>;
}

export interface RowCheck {
  rowNumber: number;
  fileSetId: string;
  filename: string;
  problems: string[];
  warnings: string[];
}

export interface ExportCheck {
  format: AgencyFormat;
  agency: string;
  source: string;
  totalRows: number;
  refusedCount: number;
  /** Rows with a problem (refused) or a warning, in file order. */
  rows: RowCheck[];
  fileProblems: string[];
  /** The fewest and most keywords this CSV writes in a row with a result (after the agency's limit and the project's rules); null without one. */
  keywordsWritten: { fewest: number; most: number } | null;
}

export type ExportKind = CsvFormat | 'metadata-zip';

/** Rows per chunk written to the client. */
const CSV_CHUNK_ROWS = 100;

/** Inline CSV content over GraphQL is for small projects; larger ones use the download URL. */
export const MAX_INLINE_CSV_ROWS = 2000;

/**
 * Every export of a project: the four CSVs, the agency checks, the XMP/JPG metadata ZIP and the
 * signed download links. REST routes and GraphQL resolvers both call this; nothing about exports
 * lives in only one API.
 */
export class ExportsService {
  readonly links: ExportLinks;

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      projects: ProjectsService;
      users: UsersService;
      storage: FileStorage;
      exiftool: ExifToolHolder;
      logger: Logger;
      publicUrl?: string;
    },
    signingSecret: string,
  ) {
    this.links = new ExportLinks(signingSecret);
  }

  /** The owner's project (404 for anyone else's) and how far its processing got. */
  private async owned(user: User, projectId: unknown) {
    const project = await this.deps.projects.getOwned(user, projectId);
    const { total, done } = await exportProgress(this.deps.pool, project.id);
    const incomplete = project.status === 'processing';
    const completeness: ExportCompleteness = {
      incomplete,
      processed: done,
      total,
      note: incomplete ? `${done} of ${total} file sets processed so far; the project is still processing` : null,
    };
    return { project, completeness };
  }

  /** The download's file name; the two metadata ZIPs differ, so one does not overwrite the other in a downloads folder. */
  fileName(projectName: string, kind: ExportKind, opts: { withJpgs?: boolean } = {}): string {
    if (kind === 'metadata-zip') {
      const suffix = opts.withJpgs ? '_metadata_with_jpgs.zip' : '_metadata.zip';
      return safeFileName(`${projectName}${suffix}`, suffix.slice(1));
    }
    const spec = CSV_FORMAT_SPECS[kind];
    const base = safeFileName(projectName, '');
    return base ? `${base}${spec.fileSuffix}` : spec.fallbackName;
  }

  /**
   * `acceptedOnly` (agency formats): only the rows the agency's check accepts are written, so an
   * upload is not refused for the others (issue 31 item 7: "Export the accepted rows only").
   */
  async csv(user: User, projectId: unknown, format: CsvFormat, opts: { bom?: boolean; acceptedOnly?: boolean } = {}): Promise<CsvExport> {
    const { project, completeness } = await this.owned(user, projectId);
    const spec = CSV_FORMAT_SPECS[format];
    const pool = this.deps.pool;
    const agency = opts.acceptedOnly && format in AGENCY_RULES ? AGENCY_RULES[format as AgencyFormat] : null;
    async function* chunks(): AsyncGenerator<string> {
      yield (opts.bom ? UTF8_BOM : '') + csvHeader(spec);
      // Small chunks (100 rows, tens of KB), never one string per page or per file: each is freed
      // once written, so memory does not follow the project's size (bench/export.mjs).
      for await (const page of exportRowBatches(pool, project.id, undefined, format)) {
        const batch = agency ? page.filter((row) => agency.checkRow(row).problems.length === 0) : page;
        for (let i = 0; i < batch.length; i += CSV_CHUNK_ROWS) yield csvRows(spec, batch.slice(i, i + CSV_CHUNK_ROWS));
      }
    }
    const fileName = this.fileName(project.name, format);
    // Known before the first byte, so a download can say it in its headers (the CSV's columns stay SPEC's).
    const keywordRuleChanges = await this.keywordRuleChanges(project.id, format);
    return { ...completeness, fileName, contentDisposition: contentDisposition(fileName), chunks: chunks(), keywordRuleChanges };
  }

  /** The whole CSV as one string, for GraphQL clients that want the content inline (small projects only). */
  async csvContent(user: User, projectId: unknown, format: CsvFormat): Promise<CsvExport & { content: string }> {
    const { total } = await this.owned(user, projectId).then((o) => o.completeness);
    if (total > MAX_INLINE_CSV_ROWS)
      throw badInput(`This project has ${total} file sets; inline content stops at ${MAX_INLINE_CSV_ROWS}. Use the download URL.`);
    const exp = await this.csv(user, projectId, format);
    let content = '';
    for await (const c of exp.chunks) content += c;
    return { ...exp, content };
  }

  /** Every row the agency would refuse and why, with advice, from the agency's published rules. */
  async check(user: User, projectId: unknown, format: AgencyFormat): Promise<ExportCheck> {
    const { project } = await this.owned(user, projectId);
    const rules = AGENCY_RULES[format];
    const rows: RowCheck[] = [];
    let totalRows = 0;
    let refusedCount = 0;
    let keywordsWritten: ExportCheck['keywordsWritten'] = null;
    for await (const batch of exportRowBatches(this.deps.pool, project.id, undefined, format)) {
      for (const row of batch) {
        totalRows++;
        if (row.hasResult) {
          const n = row.keywords.length;
          keywordsWritten = keywordsWritten ? { fewest: Math.min(keywordsWritten.fewest, n), most: Math.max(keywordsWritten.most, n) } : { fewest: n, most: n };
        }
        const f = rules.checkRow(row);
        if (row.keywordRuleChanges) f.warnings.push(`Keyword rules changed this row: ${row.keywordRuleChanges.join(', ')}`);
        if (f.problems.length) refusedCount++;
        if (f.problems.length || f.warnings.length) rows.push({ rowNumber: totalRows, fileSetId: row.fileSetId, filename: row.filename, ...f });
      }
    }
    return { format, agency: rules.agency, source: rules.source, totalRows, refusedCount, rows, fileProblems: rules.checkFile(totalRows), keywordsWritten };
  }

  /**
   * Which rows of this export the project's keyword rules change (always-include, never-include,
   * synonyms, the agency's limit), read the way the export reads them. A project without rules
   * costs one indexed read; with rules, one more pass over the rows before the file is written.
   */
  async keywordRuleChanges(projectId: string, kind: ExportKind): Promise<KeywordRuleChangeSummary> {
    if (!hasRules(await loadKeywordRules(this.deps.pool, projectId))) return { rowCount: 0, rows: [] };
    const rows: KeywordRuleChangeSummary['rows'] = [];
    // The metadata ZIP writes the standard export's keywords.
    for await (const batch of exportRowBatches(this.deps.pool, projectId, undefined, kind === 'metadata-zip' ? 'standard' : kind))
      for (const r of batch) if (r.keywordRuleChanges) rows.push({ fileSetId: r.fileSetId, filename: r.filename, changes: r.keywordRuleChanges });
    return { rowCount: rows.length, rows };
  }

  /** The values the exports are built from, unformatted (integrators and tests compare against them). */
  async preview(user: User, projectId: unknown, opts: { first: number; offset: number }): Promise<{ rows: ExportRow[] } & ExportCompleteness> {
    if (!Number.isInteger(opts.first) || opts.first < 1 || opts.first > 500) throw badInput('first must be 1 to 500');
    if (!Number.isInteger(opts.offset) || opts.offset < 0) throw badInput('offset must be 0 or more');
    const { project, completeness } = await this.owned(user, projectId);
    const rows: ExportRow[] = [];
    let seen = 0;
    for await (const batch of exportRowBatches(this.deps.pool, project.id, 500)) {
      for (const row of batch) {
        if (seen++ >= opts.offset) rows.push(row);
        if (rows.length === opts.first) return { rows, ...completeness };
      }
    }
    return { rows, ...completeness };
  }

  /** Streams the XMP sidecars (and, with `withJpgs`, tagged JPG copies) as one ZIP into `out`. */
  async metadataZip(
    user: User,
    projectId: unknown,
    withJpgs: boolean,
  ): Promise<ExportCompleteness & { fileName: string; contentDisposition: string; write(out: Writable, signal: AbortSignal): Promise<void> }> {
    const { project, completeness } = await this.owned(user, projectId);
    const fileName = this.fileName(project.name, 'metadata-zip', { withJpgs });
    return {
      ...completeness,
      fileName,
      contentDisposition: contentDisposition(fileName),
      write: (out, signal) =>
        writeMetadataZip({ pool: this.deps.pool, storage: this.deps.storage, exiftool: this.deps.exiftool, logger: this.deps.logger }, project.id, {
          withJpgs,
          out,
          signal,
        }),
    };
  }

  /** A short-lived URL that downloads the export without an Authorization header. */
  async downloadLink(user: User, projectId: unknown, kind: ExportKind, opts: { withJpgs?: boolean } = {}) {
    const { project, completeness } = await this.owned(user, projectId);
    const { token, expiresAt } = this.links.sign({ userId: user.id, projectId: project.id, kind, ...(opts.withJpgs ? { withJpgs: true } : {}) });
    const path =
      kind === 'metadata-zip'
        ? `/api/projects/${project.id}/metadata.zip?${opts.withJpgs ? 'withJpgs=1&' : ''}token=${token}`
        : `${csvRoutePath(kind)}/${project.id}?token=${token}`;
    return {
      url: `${this.deps.publicUrl ?? ''}${path}`,
      path,
      expiresAt,
      fileName: this.fileName(project.name, kind, opts),
      ...completeness,
      projectId: project.id,
      kind,
    };
  }

  /** The user a signed link stands for, when it grants exactly this export of this project. */
  async userForLink(token: string, projectId: string, kind: ExportKind): Promise<{ user: User; grant: DownloadGrant }> {
    const grant = this.links.verify(token);
    if (grant.projectId !== projectId || grant.kind !== kind) throw notFound('Project not found');
    const user = await this.deps.users.findById(grant.userId);
    if (!user) throw notFound('Project not found');
    return { user, grant };
  }
}

/** The REST path of each CSV (SPEC §7 for the first two). */
export function csvRoutePath(format: CsvFormat): string {
  return { standard: '/api/projects/csv', pond5: '/api/projects/pond5-csv', adobe: '/api/projects/adobe-csv', shutterstock: '/api/projects/shutterstock-csv' }[
    format
  ];
}
