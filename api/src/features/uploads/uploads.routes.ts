import { Router, type Request, type Response } from 'express';
import { badInput } from '../../platform/errors/app-error.js';
import { parseSlot } from '../file-sets/file-kinds.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import type { User } from '../users/user.entity.js';
import { receiveMultipart } from './multipart-upload.js';
import { presentSetsRest } from '../file-sets/file-set.presenter.js';
import { commitUploadOnce } from './commit-upload-once.js';
import { idempotencyKeyOf, type IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { UploadsService, UploadOutcome, UploadSession } from './uploads.service.js';

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
