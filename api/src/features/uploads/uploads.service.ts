import type { Readable } from 'node:stream';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import type { IncomingFile, RecordedFile } from '../file-sets/file-recording.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { Project } from '../projects/project.entity.js';
import type { User } from '../users/user.entity.js';
import { parseSlot } from '../file-sets/file-kinds.js';
import { contentProblem } from './content-checks.js';
import { HashingError } from '../files/file-hasher.js';
import { FileTooLargeError, type FileStorage } from '../files/file-storage.js';
import { formatBytes, srtTooLarge } from '../../platform/config/size-limits.js';
import { classifyFilename } from './upload-naming.js';
import { discard, feedUploadPart } from './upload-stream.js';
import { checkJpegPixels, DEFAULT_MAX_IMAGE_PIXELS, ImageTooLargeError } from '../../adapters/media-tools/image-limits.js';

export interface RefusedFile {
  filename: string;
  reason: string;
}
type OrderedRefusal = RefusedFile & { order: number };

export interface UploadOutcome {
  project: Project;
  accepted: RecordedFile[];
  refused: RefusedFile[];
  fileSets: FileSet[];
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** A larger .SRT is refused by name (the rest of the upload goes on): see size-limits.ts. */
  maxSrtBytes: number;
  /** MAX_IMAGE_PIXELS: a JPG whose header states more is refused by name (default DEFAULT_MAX_IMAGE_PIXELS). */
  maxImagePixels?: number;
}

/**
 * The check of a stored JPG's header (upload and resumable upload alike): a pixel bomb is refused
 * ("The image is 16383x16383 (268 megapixels); the limit is 100 megapixels ...", named with its
 * file by the caller), before anything decodes it. `refuse` turns the message into the caller's refusal.
 */
export function imagePixelCheck(kind: string, limits: UploadLimits, refuse: (message: string) => Error) {
  if (kind !== 'image') return undefined;
  return async (filePath: string): Promise<void> => {
    try {
      await checkJpegPixels(filePath, limits.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS);
    } catch (err) {
      if (err instanceof ImageTooLargeError) throw refuse(err.message);
      throw err;
    }
  };
}

/** A refusal of one file that the rest of the upload survives. */
class RefusedFileError extends Error {}

/**
 * One upload request, whatever API carries it: each file is checked by name, streamed to storage
 * (hashed on the way) and checked by content; nothing is recorded until `commit`, which groups the
 * whole request into file sets at once. A fatal problem (a file over the size limit, too many
 * files, a client gone) fails the request, and `abort` removes every byte it stored.
 */
export class UploadSession {
  private readonly stored: Array<{ order: number; file: IncomingFile }> = [];
  private readonly refusals: OrderedRefusal[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** base name -> slots already taken in this request: a second video for one set is refused. */
  private readonly taken = new Map<string, Set<string>>();
  private received = 0;
  private fatal: Error | null = null;
  private closed = false;

  constructor(
    readonly project: Project,
    private readonly storage: FileStorage,
    private readonly fileSets: FileSetsService,
    readonly limits: UploadLimits,
    /** Replacement uploads give the set's base name and the one slot they may fill. */
    private readonly target?: { baseName: string; slot: string | null },
    /** Told the storage keys of the JPGs once they are recorded (thumbnails are made from them). */
    private readonly onImagesStored: (storageKeys: string[]) => void = () => undefined,
  ) {}

  get fileCount(): number {
    return this.received;
  }

  /** The first fatal error, if the request already failed. */
  get failure(): Error | null {
    return this.fatal;
  }

  fail(err: Error): void {
    this.fatal ??= err;
  }

  /** A replacement's `kind` given as a form field: it must come before the file. */
  restrictSlot(raw: string): void {
    const slot = parseSlot(raw);
    if (!this.target) return;
    if (!slot) return this.fail(badInput('kind must be one of: video, jpg, srt'));
    if (this.received > 0) return this.fail(badInput('Send the kind field before the file'));
    this.target.slot = slot;
  }

  /**
   * Takes one file part. Resolves when the part has been consumed, whether stored or refused;
   * refusals are collected, fatal problems are kept for `commit`. `part` is the raw multipart
   * stream; it is always read to its end.
   */
  addFile(rawName: string | undefined, part: Readable): Promise<void> {
    const order = this.received++;
    if (this.closed || this.fatal) {
      discard(part);
      return Promise.resolve();
    }
    if (this.received > this.limits.maxFiles) {
      this.fail(tooManyFiles(this.limits.maxFiles));
      discard(part);
      return Promise.resolve();
    }
    const name = classifyFilename(rawName);
    if (!name.ok) return this.refuse(part, order, name.filename, name.reason);
    let { baseName, filename } = name;
    if (this.target) {
      if (this.target.slot && name.slot !== this.target.slot)
        return this.refuse(part, order, filename, `This file set needs its ${this.target.slot} file: a .${name.extensionAsGiven} file does not fit`);
      baseName = this.target.baseName;
      filename = `${baseName}.${name.extensionAsGiven}`;
    }
    const slots = this.taken.get(baseName) ?? new Set<string>();
    if (slots.has(name.slot)) return this.refuse(part, order, filename, `Another ${name.slot} file for ${baseName} is in this upload`);
    slots.add(name.slot);
    this.taken.set(baseName, slots);

    const srtCapped = name.kind === 'subtitle' && this.limits.maxSrtBytes < this.limits.maxFileBytes;
    const writer = this.storage.open({
      extension: name.extension,
      maxBytes: srtCapped ? this.limits.maxSrtBytes : this.limits.maxFileBytes,
      check: (head, size) => {
        const problem = contentProblem(name.kind, head, size);
        if (problem) throw new RefusedFileError(problem);
      },
      checkFile: imagePixelCheck(name.kind, this.limits, (message) => new RefusedFileError(message)),
    });
    feedUploadPart(part, writer.sink, this.limits.maxFileBytes);
    const work = writer.stored.then(
      (stored) => {
        const file: IncomingFile = { filename, baseName, extension: name.extension, kind: name.kind, contentType: name.contentType, stored };
        if (this.closed) return void this.fileSets.removeStored([stored.storageKey]);
        this.stored.push({ order, file });
      },
      (err: unknown) => {
        slots.delete(name.slot);
        if (err instanceof RefusedFileError) this.refusals.push({ order, filename, reason: err.message });
        else if (err instanceof FileTooLargeError && srtCapped) this.refusals.push({ order, filename, reason: srtTooLarge(this.limits.maxSrtBytes) });
        else if (err instanceof FileTooLargeError) this.fail(fileTooLarge(filename, this.limits.maxFileBytes));
        // A storage failure (disk full, hashing) stays a server error; anything else is the stream cut short.
        else if (err instanceof HashingError || (err as { syscall?: string }).syscall) this.fail(err as Error);
        else if (err instanceof AppError) this.fail(err);
        else this.fail(badInput(`The upload of ${filename} was interrupted before it was complete`));
      },
    );
    return this.track(work);
  }

  /**
   * What the request carried, once every file in flight has settled: the stored files as
   * (filename, size, sha256) and the refused names, in a stable order. An idempotency key is
   * fingerprinted with it, so a retry of the same bytes is recognised and a different upload is not.
   */
  async contents(): Promise<{ projectId: string; files: Array<{ filename: string; size: number; sha256: string }>; refused: string[] }> {
    await this.settle();
    const files = this.stored.map(({ file }) => ({ filename: file.filename, size: file.stored.sizeBytes, sha256: file.stored.sha256 }));
    files.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : a.sha256 < b.sha256 ? -1 : 1));
    return { projectId: this.project.id, files, refused: this.refusals.map((r) => r.filename).sort() };
  }

  /**
   * Waits for every file in flight, then records them all, or removes them all on failure.
   * `withSets: false` (the batch route) answers without the project's sets: a card sent in many
   * batches would otherwise read the whole project once per batch. `noneKeptIsAnswer`: a request
   * whose every file was refused answers its refusals instead of failing.
   */
  async commit(opts: { withSets?: boolean; noneKeptIsAnswer?: boolean } = {}): Promise<UploadOutcome> {
    await this.settle();
    if (this.fatal) {
      await this.abort();
      throw this.fatal;
    }
    if (this.received === 0) throw badInput('No files were uploaded: send them in the repeated multipart field "files"');
    if (this.stored.length === 0 && opts.noneKeptIsAnswer) return { project: this.project, accepted: [], refused: this.refused, fileSets: [] };
    if (this.stored.length === 0) {
      const refused = this.refused;
      throw badInput(refused.length === 1 ? `${refused[0]!.filename}: ${refused[0]!.reason}` : 'None of the files can join a file set', { refused });
    }
    this.closed = true;
    const files = this.stored.sort((a, b) => a.order - b.order).map((s) => s.file);
    let accepted: RecordedFile[];
    try {
      accepted = await this.fileSets.record(this.project.id, files);
    } catch (err) {
      await this.fileSets.removeStored(files.map((f) => f.stored.storageKey));
      throw err;
    }
    this.onImagesStored(accepted.filter((a) => a.file.kind === 'image' && !a.alreadyRecorded).map((a) => a.file.storageKey));
    const fileSets = opts.withSets === false ? [] : await this.fileSets.setsOfProject(this.project.id);
    return { project: this.project, accepted, refused: this.refused, fileSets };
  }

  /** Removes everything this request stored; files still streaming are removed as they finish. */
  async abort(): Promise<void> {
    this.closed = true;
    await this.settle();
    const keys = this.stored.splice(0).map((s) => s.file.stored.storageKey);
    await this.fileSets.removeStored(keys);
  }

  /** Refusals in the order the files were sent. */
  private get refused(): RefusedFile[] {
    return [...this.refusals].sort((a, b) => a.order - b.order).map(({ filename, reason }) => ({ filename, reason }));
  }

  private refuse(part: Readable, order: number, filename: string, reason: string): Promise<void> {
    this.refusals.push({ order, filename, reason });
    discard(part);
    return Promise.resolve();
  }

  private track(work: Promise<void>): Promise<void> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return work;
  }

  private async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

export const tooManyFiles = (max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `Too many files: at most ${max} file${max === 1 ? '' : 's'} per upload`, { maxFiles: max });
export const fileTooLarge = (filename: string, max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `${filename} is larger than the ${formatBytes(max)} upload limit`, { filename, maxFileBytes: max });

/** Files one batch request may carry (README "Fixed limits"): a card's small files go in batches of this many. */
export const BATCH_MAX_FILES = 100;
/** Bytes one batch request may carry, multipart framing included (README "Fixed limits"); larger files go by tus. */
export const BATCH_MAX_BYTES = 32 * 1024 * 1024;

/** Opens upload sessions for projects and file sets (both APIs call this). */
export class UploadsService {
  constructor(
    private readonly storage: FileStorage,
    private readonly fileSets: FileSetsService,
    readonly limits: UploadLimits,
    /** Told the storage keys of newly recorded JPGs (upload and replacement alike). */
    private readonly onImagesStored: (storageKeys: string[]) => void = () => undefined,
  ) {}

  /** An upload into a project: 404 for another user's project, 409 in the trash or while processing. */
  async begin(user: User, projectId: unknown): Promise<UploadSession> {
    const project = await this.fileSets.projectForUpload(user, projectId);
    return new UploadSession(project, this.storage, this.fileSets, this.limits, undefined, this.onImagesStored);
  }

  /** A batch of a card's small files (POST /api/upload/{projectId}/batch): BATCH_MAX_FILES files of at most BATCH_MAX_BYTES in all. */
  async beginBatch(user: User, projectId: unknown): Promise<UploadSession> {
    const project = await this.fileSets.projectForUpload(user, projectId);
    const limits = {
      ...this.limits,
      maxFiles: Math.min(BATCH_MAX_FILES, this.limits.maxFiles),
      maxFileBytes: Math.min(BATCH_MAX_BYTES, this.limits.maxFileBytes),
    };
    return new UploadSession(project, this.storage, this.fileSets, limits, undefined, this.onImagesStored);
  }

  /** A replacement (or missing) file for one set: the file must fit `slot` when given; it takes the set's base name. */
  async beginReplacement(user: User, fileSetId: unknown, slot: string | null): Promise<{ session: UploadSession; fileSet: FileSet }> {
    const fileSet = await this.fileSets.getOwnedFileSet(user, fileSetId);
    const project = await this.fileSets.projectForUpload(user, fileSet.project.id);
    const session = new UploadSession(
      project,
      this.storage,
      this.fileSets,
      { ...this.limits, maxFiles: 1 },
      { baseName: fileSet.baseName, slot },
      this.onImagesStored,
    );
    return { session, fileSet };
  }
}
