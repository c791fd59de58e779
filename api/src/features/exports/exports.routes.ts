import type { Request, Response } from 'express';
import { Router } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badInput } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/route.js';
import { userOf, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { parseId } from '../../platform/validation/ids.js';
import type { User } from '../users/user.entity.js';
import { AGENCY_FORMATS, type AgencyFormat, type CsvFormat } from './csv-formats.js';
import type { ExportsService, ExportCompleteness, ExportKind, KeywordRuleChangeSummary } from './exports.service.js';

/** What the export downloads under /api/projects are built with (app/http-app.ts). */
export interface ExportRoutesDeps extends RouteAuth {
  exports: ExportsService;
}

/** Headers a browser script may read across origins (the web app reads the file name). */
const EXPOSED = 'Content-Disposition, X-Shotlog-Export-Incomplete, X-Shotlog-Export-Rows, X-Shotlog-Keyword-Rule-Rows, X-Shotlog-Keyword-Rule-Files';

/** At most this many names in X-Shotlog-Keyword-Rule-Files (headers stay small; exportCheck lists them all). */
export const MAX_RULE_FILES_HEADER = 50;

/**
 * Issue 20: an export says which rows the project's keyword rules changed without touching the
 * file's columns (SPEC's CSV column order is binding): X-Shotlog-Keyword-Rule-Rows holds the count,
 * X-Shotlog-Keyword-Rule-Files the first 50 file names, each percent-encoded, comma-separated.
 */
function ruleHeaders(res: Response, c: KeywordRuleChangeSummary) {
  res.setHeader('X-Shotlog-Keyword-Rule-Rows', String(c.rowCount));
  if (c.rowCount)
    res.setHeader(
      'X-Shotlog-Keyword-Rule-Files',
      c.rows
        .slice(0, MAX_RULE_FILES_HEADER)
        .map((r) => encodeURIComponent(r.filename))
        .join(','),
    );
}

const truthy = (v: unknown) => v === '1' || v === 'true';

/**
 * /api/projects export routes: the SPEC §7 CSVs, the agencies' CSVs, the agency check and the
 * metadata ZIP. Each accepts the bearer token or a signed `?token=` link from `exportDownload`.
 */
export function exportRoutes(services: ExportRoutesDeps): Router {
  const r = Router();
  const { exports } = services;

  const viewer = async (req: Request, projectId: string, kind: ExportKind): Promise<User> => {
    const token = req.query.token;
    if (typeof token === 'string' && token) return (await exports.userForLink(token, projectId, kind)).user;
    return userOf(services, req, 'read');
  };

  const fileHeaders = (res: Response, type: string, disposition: string, c: ExportCompleteness) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', disposition);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    res.setHeader('X-Shotlog-Export-Rows', String(c.total));
    if (c.note) res.setHeader('X-Shotlog-Export-Incomplete', c.note);
  };

  const csvRoute = (format: CsvFormat) =>
    route(async (req, res) => {
      const id = parseId(req.params.id);
      const user = await viewer(req, id, format);
      // ?accepted=1 (agency formats): only the rows the agency's check accepts.
      const exp = await exports.csv(user, id, format, { bom: truthy(req.query.bom), acceptedOnly: truthy(req.query.accepted) });
      fileHeaders(res, 'text/csv; charset=utf-8', exp.contentDisposition, exp);
      ruleHeaders(res, exp.keywordRuleChanges);
      // Byte mode: the generator is pulled one batch at a time, only as fast as the client reads.
      await streamOut(Readable.from(exp.chunks, { objectMode: false }), res);
      return undefined;
    });

  r.get('/csv/:id', csvRoute('standard'));
  r.get('/pond5-csv/:id', csvRoute('pond5'));
  r.get('/adobe-csv/:id', csvRoute('adobe'));
  r.get('/shutterstock-csv/:id', csvRoute('shutterstock'));

  r.get(
    '/:id/export-check',
    route(async (req) => {
      const format = req.query.format;
      if (!AGENCY_FORMATS.includes(format as AgencyFormat)) throw badInput(`format must be one of: ${AGENCY_FORMATS.join(', ')}`);
      return exports.check(await userOf(services, req, 'read'), req.params.id, format as AgencyFormat);
    }),
  );

  r.get(
    '/:id/metadata.zip',
    route(async (req, res) => {
      const id = parseId(req.params.id);
      const token = typeof req.query.token === 'string' && req.query.token ? req.query.token : null;
      // A signed link carries its own choice of JPGs; a bearer request says it in the query.
      const { user, withJpgs } = token
        ? await exports.userForLink(token, id, 'metadata-zip').then(({ user, grant }) => ({ user, withJpgs: !!grant.withJpgs }))
        : { user: await userOf(services, req, 'read'), withJpgs: truthy(req.query.withJpgs) };
      const zip = await exports.metadataZip(user, id, withJpgs);
      fileHeaders(res, 'application/zip', zip.contentDisposition, zip);
      ruleHeaders(res, await exports.keywordRuleChanges(id, 'metadata-zip'));
      const abort = new AbortController();
      res.once('close', () => !res.writableFinished && abort.abort());
      await zip.write(res, abort.signal).catch((err: unknown) => {
        if (!abort.signal.aborted) throw err;
      });
      return undefined;
    }),
  );
  return r;
}

/** Pipes a file body to the client; a client that goes away mid-download is not an error. */
async function streamOut(body: Readable, res: Response): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (err) {
    if (res.destroyed && (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  }
}
