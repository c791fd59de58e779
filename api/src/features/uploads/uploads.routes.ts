import { Router, type Request, type Response } from 'express';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import { formatBytes } from '../../platform/config/size-limits.js';
import { parseSlot } from '../file-sets/file-kinds.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import type { User } from '../users/user.entity.js';
import { receiveMultipart } from './multipart-upload.js';
import { presentSetsRest } from '../file-sets/file-set.presenter.js';
import { commitUploadOnce } from './commit-upload-once.js';
import { idempotencyKeyOf, type IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import { BATCH_MAX_BYTES, BATCH_MAX_FILES, type UploadsService, type UploadOutcome, type UploadSession } from './uploads.service.js';
import type { UploadPlansService } from './upload-plans.js';

/** What the multipart upload routes are built with (app/http-app.ts). */
export interface UploadRoutesDeps extends RouteAuth {
  uploads: UploadsService;
  idempotency: IdempotencyService;
}

/**
 * Receives a multipart body into `session` and commits it. A client that went away gets no
 * answer (there is nobody to read it), only the clean-up.
 */
async function runUpload<T = UploadOutcome>(
  req: Request,
  res: Response,
  session: UploadSession,
  commit: () => Promise<T> = () => session.commit() as Promise<T>,
) {
  let fields: Record<string, string>;
  try {
    fields = await receiveMultipart(req, session);
  } catch (err) {
    await session.abort();
    throw err;
  }
  if (!req.complete || req.socket.destroyed) {
    await session.abort();
    res.destroy();
    return { outcome: null, fields };
  }
  return { outcome: await commit(), fields };
}

/**
 * POST /api/upload/{projectId}: multipart, the repeated field `files` (SPEC §7). An
 * `Idempotency-Key` header makes a retry of the same files answer the first upload.
 */
export function uploadRoutes(services: UploadRoutesDeps): Router {
  const r = Router();
  r.post(
    '/:projectId',
    authed(services, async (req, user, res) => {
      const session = await services.uploads.begin(user, req.params.projectId);
      const key = idempotencyKeyOf(req);
      const { outcome } = await runUpload(req, res, session, () => commitUploadOnce(services, user, session, key));
      return outcome ?? undefined;
    }),
  );
  /**
   * POST /api/upload/{projectId}/batch: a batch of a card's small files (issue 30 item 6), at most
   * BATCH_MAX_FILES files and BATCH_MAX_BYTES bytes (the declared Content-Length, judged before a
   * byte is read), recorded in one transaction. A file the project holds already (same name and
   * SHA-256: a batch sent again after a cut, another tab) is answered `alreadyUploaded`, never
   * recorded twice. The answer names each file; the project's sets are not in it.
   */
  r.post(
    '/:projectId/batch',
    authed(services, async (req, user, res) => {
      const length = Number(req.headers['content-length']);
      if (req.headers['content-length'] === undefined || !Number.isSafeInteger(length)) {
        req.resume();
        throw badInput('Send the batch with a Content-Length');
      }
      if (length > BATCH_MAX_BYTES) {
        req.resume();
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `A batch may carry at most ${formatBytes(BATCH_MAX_BYTES)} (${formatBytes(length)} sent): send larger files by tus (/api/uploads/tus)`,
          { maxBatchBytes: BATCH_MAX_BYTES, maxBatchFiles: BATCH_MAX_FILES },
        );
      }
      const session = await services.uploads.beginBatch(user, req.params.projectId);
      const { outcome } = await runUpload(req, res, session, () => session.commit({ withSets: false, noneKeptIsAnswer: true }));
      if (!outcome) return undefined;
      return {
        accepted: outcome.accepted.map((a) => ({
          filename: a.file.filename,
          fileId: a.file.id,
          fileSetId: a.fileSet.id,
          baseName: a.fileSet.baseName,
          sizeBytes: Number(a.file.sizeBytes),
          sha256: a.file.sha256,
          replaced: a.replaced,
          alreadyUploaded: a.alreadyRecorded ?? false,
        })),
        refused: outcome.refused,
      };
    }),
  );
  return r;
}

/** What the upload plan routes are built with (app/http-app.ts). */
export interface UploadPlanRoutesDeps extends RouteAuth {
  uploadPlans: UploadPlansService;
}

/**
 * POST /api/upload/{projectId}/plan: the card about to be sent, `{ files: [{ filename, size, sample }] }`
 * (sample: sample-hash.ts). Answers the files the project holds already, and keeps the rest as what is
 * still to send. DELETE clears it (the wizard's upload ended).
 */
export function uploadPlanRoutes(deps: UploadPlanRoutesDeps): Router {
  const r = Router();
  r.post(
    '/:projectId/plan',
    authed(deps, (req, user) => deps.uploadPlans.plan(user, req.params.projectId, req.body)),
  );
  r.delete(
    '/:projectId/plan',
    authed(deps, async (req, user) => {
      await deps.uploadPlans.clear(user, req.params.projectId);
      return { cleared: true };
    }),
  );
  return r;
}

/**
 * POST /api/filesets/{id}/files: a missing or replacement file for one set. Multipart with one
 * file (field `file` or `files`) and the place it fills in `kind` (video, jpg or srt; query
 * `?kind=` or a field), else inferred from the extension. It takes the set's base name.
 */
export function fileSetFileRoutes(services: UploadRoutesDeps): Router {
  const r = Router();
  r.post(
    '/:id/files',
    authed(services, async (req, user: User, res) => {
      const kindParam = req.query.kind;
      const slot = kindParam === undefined ? null : parseSlot(kindParam);
      if (kindParam !== undefined && !slot) throw badInput('kind must be one of: video, jpg, srt');
      const { session, fileSet } = await services.uploads.beginReplacement(user, req.params.id, slot);
      const { outcome } = await runUpload(req, res, session);
      if (!outcome) return undefined;
      const got = outcome.accepted[0];
      const sets = presentSetsRest(outcome.fileSets.filter((s) => s.id === fileSet.id));
      return {
        message: got?.replaced ? `${got.replaced} replaced by ${got.file.filename}` : `${got?.file.filename} added`,
        fileSet: sets[0],
        file: got ? sets[0]?.files.find((f) => f.id === got.file.id) : null,
        replaced: got?.replaced ?? null,
        refused: outcome.refused,
      };
    }),
  );
  return r;
}
