import fsp from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReadableStream } from 'node:stream/web';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type pg from 'pg';
import { Server, type Upload } from '@tus/server';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../platform/db/database.js';
import { AppError, badInput, notFound } from '../../platform/errors/app-error.js';
import { toAppError } from '../../platform/errors/to-app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FileStorage } from '../files/file-storage.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import { classifyFilename } from '../uploads/upload-naming.js';
import { contentProblem } from '../uploads/content-checks.js';
import { fileTooLarge, imagePixelCheck, tooManyFiles, type UploadLimits } from '../uploads/uploads.service.js';
import { srtTooLarge } from '../../platform/config/size-limits.js';
import { AccountQuotas } from '../quotas/account-quotas.js';
import type { User } from '../users/user.entity.js';
import { parseId } from '../../platform/validation/ids.js';
import { PgUploadLocker } from './pg-upload-locker.js';
import { newTusId, storageKeyOfUpload, TUS_ID } from './tus-ids.js';
import { HashingFileStore } from './hashing-file-store.js';
import type { BucketTusStore } from './bucket-tus-store.js';
import { isBucketFault, type S3Settings } from '../../adapters/object-storage/index.js';
import { ResumableUpload } from './resumable-upload.entity.js';
import { Project } from '../projects/project.entity.js';

/** The tus endpoint (README "Resumable uploads"). */
export const TUS_PATH = '/api/uploads/tus';
export { TUS_ID } from './tus-ids.js';

/** Headers a finished upload's last answer carries, so a client knows where the file went. */
export const FILE_SET_HEADER = 'Shotlog-File-Set-Id';
export const FILE_HEADER = 'Shotlog-File-Id';
export const REPLACED_HEADER = 'Shotlog-Replaced';

export interface ResumableUploadsOptions {
  /** DATA_DIR/files: uploads in progress live in its `.tus` folder, on the same (shared) volume. */
  storageDir: string;
  limits: UploadLimits;
  expiryMs: number;
  corsOrigins: string[];
  /** With a bucket (S3_BUCKET) uploads in progress live there (@tus/s3-store), not in `.tus`. */
  s3?: S3Settings;
}

/** How often each process sweeps expired unfinished uploads (at most: never less often than the expiry). */
const SWEEP_EVERY_MS = 10 * 60_000;

export type UnfinishedUpload = ResumableUpload & { receivedBytes: number };

/** The declared length of an account's unfinished uploads (counted against its storage quota until they end). */
async function reservedBytes(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(
    `select coalesce(sum(size_bytes), 0) as n from resumable_uploads where user_id = ? and status = 'uploading'`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** A tus request's node request, where the signed-in user was put by the route. */
const askers = new WeakMap<IncomingMessage, User>();

type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };
const nodeRequestOf = (req: unknown) => (req as TusRequest).runtime?.node?.req;

/** What tus answers for an error of ours: the status of its code and its message. */
const tusError = (err: AppError) => ({ status_code: err.status, body: `${err.message}\n` });

/**
 * Resumable uploads over tus 1.0.0 (creation, creation-with-upload, termination, expiration),
 * served by @tus/server. The same rules as the multipart route: names judged before any byte is
 * stored, the project owner's only, MAX_UPLOAD_BYTES and the account's storage; a file joins its
 * set (by base name) only once its last byte is in, is hashed (SHA-256) and checked by content.
 * Every process of a scaled deployment serves every upload: the bytes are on the shared volume,
 * the locks in PostgreSQL (pg-upload-locker.ts), the ownership in `resumable_uploads`.
 */
export class ResumableUploadsService {
  readonly tusDir: string;
  readonly locker: PgUploadLocker;
  private store!: HashingFileStore | BucketTusStore;
  private server!: Server;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly orm: Orm,
    pool: pg.Pool,
    private readonly storage: FileStorage,
    private readonly fileSets: FileSetsService,
    private readonly logger: Logger,
    private readonly opts: ResumableUploadsOptions,
    /** Told the storage keys of newly recorded JPGs (thumbnails are made from them). */
    private readonly onImagesStored: (storageKeys: string[]) => void = () => undefined,
    private readonly quotas: AccountQuotas = new AccountQuotas(),
  ) {
    this.tusDir = path.join(opts.storageDir, '.tus');
    this.locker = new PgUploadLocker(pool, { logger });
    // Unfinished uploads hold their declared length against the account's storage until they end.
    quotas.countReservations(reservedBytes);
    // On disk the tus server is made now; with a bucket in start(), which loads @tus/s3-store (and the AWS SDK) then.
    if (!opts.s3) this.serve(new HashingFileStore(this.tusDir, storage, opts.expiryMs));
  }

  private serve(store: HashingFileStore | BucketTusStore): void {
    const opts = this.opts;
    this.store = store;
    // A terminated upload leaves the list and the counts (MAX_UPLOAD_FILES, the storage quota) at once.
    this.store.beforeRemove = (id) => this.forgetTerminated(id);
    this.server = new Server({
      path: TUS_PATH,
      datastore: this.store,
      locker: this.locker,
      maxSize: opts.limits.maxFileBytes,
      // Behind nginx or not, a path is right: clients resolve it against the URL they used.
      relativeLocation: true,
      allowedOrigins: (origin) => opts.corsOrigins.includes(origin),
      exposedHeaders: [FILE_SET_HEADER, FILE_HEADER, REPLACED_HEADER],
      namingFunction: newTusId,
      // Express matched the route case-insensitively; the id is the last segment, whatever the case of the rest.
      getFileIdFromRequest: (req) => {
        const last = new URL(req.url).pathname.split('/').pop() ?? '';
        return TUS_ID.test(last) ? last : undefined;
      },
      onUploadCreate: (req, upload) => this.onCreate(nodeRequestOf(req), upload),
      onUploadFinish: (req, upload) => this.onFinish(upload),
      onResponseError: (_req, err) => {
        const known = toAppError(err);
        if (known) return tusError(known);
        if (isBucketFault(err)) {
          this.logger.warn({ err }, 'resumable upload: the bucket failed; the client may resume');
          return { status_code: 503, body: 'File storage is temporarily unavailable: resume the upload shortly\n' };
        }
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC')
          return { status_code: 507, body: 'The server has no room for this upload now: try again later\n' };
        if (!('status_code' in err)) this.logger.error({ err }, 'resumable upload failed');
        return undefined;
      },
    });
  }

  /** Makes the folder, opens the lock session, sweeps, and sweeps again every while (each sweep claims its rows: processes never collide). */
  async start(): Promise<void> {
    if (this.opts.s3) {
      const { BucketTusStore } = await import('./bucket-tus-store.js');
      this.serve(new BucketTusStore(this.opts.s3, this.opts.expiryMs));
    }
    await fsp.mkdir(this.tusDir, { recursive: true });
    await this.locker.start();
    const sweep = () => this.sweepExpired().catch((err: unknown) => this.logger.warn({ err }, 'could not sweep expired uploads'));
    await sweep();
    this.sweepTimer = setInterval(() => void sweep(), Math.min(SWEEP_EVERY_MS, this.opts.expiryMs)).unref();
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.locker.stop();
  }

  /** OPTIONS: tus discovery (versions, extensions, the largest file), answered without a token. */
  discover(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return this.tusRequest(req, res);
  }

  /**
   * @tus/server's own handle(req, res), with the request body handed to it as it arrives: srvx's
   * body for a Node request (Readable.toWeb) copies every chunk into a new Uint8Array, a second
   * copy of every uploaded byte (2 GiB more to allocate and free for a 2 GiB file; bench/storage.mjs).
   */
  private async tusRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = new NodeRequest({ req, res });
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      Object.defineProperty(request, 'body', { value: ReadableStream.from(req as AsyncIterable<Uint8Array>) });
    }
    await sendNodeResponse(res, await this.server.handleWeb(request as unknown as Request));
  }

  /**
   * One tus request of a signed-in user (the route checked the token and its `write` scope). An
   * upload of another user (or none of ours) is 404 before tus touches it; a finished one answers
   * HEAD itself (its bytes are in storage now), so a client resuming it sends nothing again.
   */
  async handle(req: IncomingMessage, res: ServerResponse, user: User, uploadId: string | null): Promise<void> {
    if (uploadId !== null) {
      const upload = await this.owned(user, uploadId);
      if (upload.status === 'complete') {
        if (req.method === 'HEAD') return this.answerFinished(res, upload);
        throw new AppError('CONFLICT', `${upload.filename} is already uploaded and part of its file set`);
      }
      if (upload.status === 'expired') throw new AppError('GONE', `The upload of ${upload.filename} expired unfinished: upload the file again`);
      if (upload.status === 'refused') throw new AppError('CONFLICT', `${upload.filename}: ${upload.reason ?? 'refused'}`);
    }
    askers.set(req, user);
    await this.tusRequest(req, res);
  }

  private async owned(user: User, uploadId: string): Promise<ResumableUpload> {
    if (!TUS_ID.test(uploadId)) throw notFound('Upload not found');
    const upload = await this.orm.em.fork().findOne(ResumableUpload, { id: uploadId, user: user.id });
    if (!upload) throw notFound('Upload not found');
    return upload;
  }

  private answerFinished(res: ServerResponse, upload: ResumableUpload): void {
    res.writeHead(200, {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(upload.sizeBytes),
      'Upload-Length': String(upload.sizeBytes),
      'Cache-Control': 'no-store',
      ...(upload.fileSetId ? { [FILE_SET_HEADER]: upload.fileSetId } : {}),
    });
    res.end();
  }

  /** Creation: everything that can be judged before a byte is stored. */
  private async onCreate(req: IncomingMessage | undefined, upload: Upload): Promise<{ metadata?: Upload['metadata'] }> {
    const user = req && askers.get(req);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    const meta = upload.metadata ?? {};
    if (!meta.filename || !meta.projectId) throw badInput('Upload-Metadata must carry filename and projectId');
    const name = classifyFilename(meta.filename);
    if (!name.ok) throw badInput(`${name.filename}: ${name.reason}`, { filename: name.filename });
    if (upload.size === undefined) throw badInput('Send Upload-Length: uploads of unknown length are not accepted');
    const { limits } = this.opts;
    if (name.kind === 'subtitle' && upload.size > limits.maxSrtBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', `${name.filename}: ${srtTooLarge(limits.maxSrtBytes)}`);
    if (upload.size > limits.maxFileBytes) throw fileTooLarge(name.filename, limits.maxFileBytes);
    const project = await this.fileSets.projectForUpload(user, meta.projectId);
    const size = upload.size;
    // Counted and reserved in one transaction under the account's lock: two creations at once never both pass.
    await this.orm.em.fork().transactional(async (em) => {
      // The project's row first, as recording a file takes it (FOR UPDATE) before the storage quota's
      // lock: the insert below checks its foreign key against that row, and taking the locks in the
      // other order deadlocked a card of small files finishing while others were being created.
      await em.findOne(Project, { id: project.id }, { lockMode: LockMode.PESSIMISTIC_READ });
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`resumable-uploads:${user.id}`]);
      const unfinished = await em.count(ResumableUpload, { project: project.id, status: 'uploading' });
      if (unfinished >= limits.maxFiles) throw tooManyFiles(limits.maxFiles);
      await this.quotas.assertStorageRoom(em, user.id, size);
      await em.insert(ResumableUpload, {
        id: upload.id,
        user: user.id,
        project: project.id,
        filename: name.filename,
        baseName: name.baseName,
        kind: name.kind,
        sizeBytes: size,
        status: 'uploading',
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + this.opts.expiryMs),
      });
    });
    return {};
  }

  /**
   * The last byte is in: check, hash and move the file into storage, then record it into its
   * set (replacing a file of the same kind). Refused or unrecordable files are removed and the
   * reason kept for the wizard; tus answers the client's last PATCH with it.
   */
  private async onFinish(upload: Upload): Promise<{ status_code?: number; headers?: Record<string, string> }> {
    const em = this.orm.em.fork();
    const row = await em.findOne(ResumableUpload, { id: upload.id }, { populate: ['project'] });
    if (!row) throw notFound('Upload not found');
    // Out of the expiry sweep's reach while it finishes: the sweep removes an expired upload's
    // bytes, which in the bucket are the file being recorded.
    const live = await em.nativeUpdate(ResumableUpload, { id: row.id, status: 'uploading' }, { expiresAt: new Date(Date.now() + this.opts.expiryMs) });
    if (!live) throw new AppError('GONE', `The upload of ${row.filename} ended before its last byte came: upload the file again`);
    const filePath = path.join(this.tusDir, upload.id);
    const name = classifyFilename(row.filename);
    if (!name.ok) throw badInput(name.reason); // cannot happen: judged at creation
    let stored;
    try {
      const checks = {
        extension: name.extension,
        check: (head: Buffer, size: number) => {
          const problem = contentProblem(name.kind, head, size);
          if (problem) throw badInput(`${row.filename}: ${problem}`);
        },
        checkFile: imagePixelCheck(name.kind, this.opts.limits, (message) => new AppError('PAYLOAD_TOO_LARGE', `${row.filename}: ${message}`)),
      };
      if ('discard' in this.store) {
        // Already where stored files live (hashed while its bytes passed here, else read back for
        // its hash); only the upload's side objects go.
        const size = upload.size ?? Number(row.sizeBytes);
        const seed = this.store.seedOf(upload.id, size);
        stored = await this.storage.adoptObject(storageKeyOfUpload(upload.id), size, checks, this.store.hashOf(upload.id, size));
        // A clip whose every byte passed here: its start and index serve the still taken here next (clip-seed.ts).
        if (seed) await this.storage.keepToolBytes(stored.storageKey, size, seed);
        await this.store.release(upload.id);
      } else {
        // Hashed while the bytes arrived (hashing-file-store.ts): only what is not hashed yet is waited for.
        stored = await this.storage.adopt(filePath, { ...checks, hash: this.store.hashOf(upload.id, upload.size ?? row.sizeBytes) });
      }
    } catch (err) {
      const known = toAppError(err);
      if (!known) throw err;
      await this.end(row, 'refused', known.message);
      throw known;
    }
    let recorded;
    try {
      // Its own reservation (this row, still uploading) is what it turns into: not counted twice.
      [recorded] = await this.fileSets.record(
        row.project.id,
        [{ filename: row.filename, baseName: row.baseName, extension: name.extension, kind: name.kind, contentType: name.contentType, stored }],
        { reservedBytes: Number(row.sizeBytes) },
      );
    } catch (err) {
      await this.fileSets.removeStored([stored.storageKey]);
      const known = toAppError(err);
      await this.end(row, 'refused', known?.message ?? 'The file could not be recorded');
      throw err;
    }
    await em.nativeUpdate(
      ResumableUpload,
      { id: row.id },
      { status: 'complete', fileSetId: recorded!.fileSet.id, sha256: stored.sha256, finishedAt: new Date() },
    );
    await fsp.rm(`${filePath}.json`, { force: true });
    this.store.justFinished.set(upload.id, stored.sizeBytes);
    setTimeout(() => this.store.justFinished.delete(upload.id), 60_000).unref();
    if (name.kind === 'image') this.onImagesStored([stored.storageKey]);
    return {
      headers: {
        [FILE_SET_HEADER]: recorded!.fileSet.id,
        [FILE_HEADER]: recorded!.file.id,
        ...(recorded!.replaced ? { [REPLACED_HEADER]: encodeURIComponent(recorded!.replaced) } : {}),
      },
    };
  }

  /** tus DELETE (termination), under the upload's lock: its row goes first (the bytes follow; leftovers are swept); false when it is no longer in progress. */
  private async forgetTerminated(id: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(ResumableUpload, { id, status: 'uploading' })) > 0;
  }

  /** Ends an upload without a file: its bytes go, its row keeps why. */
  private async end(row: ResumableUpload, status: 'refused' | 'expired', reason: string): Promise<void> {
    await this.orm.em.fork().nativeUpdate(ResumableUpload, { id: row.id }, { status, reason, finishedAt: new Date() });
    await this.removeBytes(row.id);
  }

  private async removeBytes(id: string): Promise<void> {
    // In the bucket the finished upload is the stored file: once recorded (a process that died
    // before marking its upload complete), only its side objects go.
    if ('discard' in this.store) return (await this.fileSets.isStored(storageKeyOfUpload(id))) ? this.store.release(id) : this.store.discard(id);
    this.store.forget(id);
    const filePath = path.join(this.tusDir, id);
    await fsp.rm(filePath, { force: true });
    await fsp.rm(`${filePath}.json`, { force: true });
  }

  /** Of these projects, the ones with an upload still live (uploading, not expired): processing keeps their intake open. */
  async projectsUploading(projectIds: readonly string[]): Promise<Set<string>> {
    if (!projectIds.length) return new Set();
    const rows = await this.orm.em
      .getConnection()
      .execute<Array<{ project_id: string }>>(
        `select distinct project_id from resumable_uploads where status = 'uploading' and expires_at > now() and project_id in (${projectIds.map(() => '?').join(', ')})`,
        [...projectIds],
      );
    return new Set(rows.map((r) => r.project_id));
  }

  /**
   * Sweeps unfinished uploads past their expiry: their bytes are removed and they are marked
   * expired (the wizard names them). Claimed with one UPDATE, so processes sweeping at once never
   * both remove. Leftover bytes no row knows (a process died between storing and recording) go too.
   */
  async sweepExpired(now = new Date()): Promise<number> {
    const conn = this.orm.em.getConnection();
    const rows = await conn.execute<Array<{ id: string }>>(
      `update resumable_uploads set status = 'expired', reason = 'The upload expired unfinished', finished_at = ? where status = 'uploading' and expires_at <= ? returning id`,
      [now, now],
    );
    for (const { id } of rows) await this.removeBytes(id);
    const names = await fsp.readdir(this.tusDir).catch(() => [] as string[]);
    const ids = [...new Set(names.map((n) => n.replace(/\.json$/, '')).filter((n) => TUS_ID.test(n)))];
    if (ids.length) {
      const known = await conn.execute<Array<{ id: string }>>(`select id from resumable_uploads where id in (?) and status = 'uploading'`, [ids]);
      const keep = new Set(known.map((k) => k.id));
      for (const id of ids) {
        if (keep.has(id)) continue;
        const st = await fsp.stat(path.join(this.tusDir, id)).catch(() => null);
        if (!st || now.getTime() - st.mtimeMs > this.opts.expiryMs) await this.removeBytes(id);
      }
    }
    return rows.length;
  }

  /** A project's uploads that did not end in a file (in progress, expired, refused), newest first. */
  async unfinished(user: User, projectId: unknown): Promise<UnfinishedUpload[]> {
    const id = parseId(projectId, 'project');
    const em = this.orm.em.fork();
    // Another user's project answers like a missing one.
    if (!(await em.count(Project, { id, owner: user.id }))) throw notFound('Project not found');
    const rows = await em.find(ResumableUpload, { project: id, user: user.id, status: { $ne: 'complete' } }, { orderBy: { createdAt: 'desc' }, limit: 1000 });
    return Promise.all(
      rows.map(async (r) => {
        const st = r.status === 'uploading' ? await fsp.stat(path.join(this.tusDir, r.id)).catch(() => null) : null;
        return Object.assign(r, { receivedBytes: st?.size ?? 0 });
      }),
    );
  }
}
