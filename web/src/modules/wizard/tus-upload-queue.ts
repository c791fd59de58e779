import { Upload, type DetailedError } from 'tus-js-client';
import { apiUrl } from '../../client/api-base';
import { authHeader } from '../../client/auth-header';
import type { TakenFile } from './card-files';

/** One file's state in the queue, as the wizard shows it. */
export interface QueuedFile {
  id: number;
  path: string;
  name: string;
  baseName: string;
  slot: TakenFile['slot'];
  size: number;
  sent: number;
  /** Bytes already on the server when this visit began (a resumed upload): not counted in the speed. */
  resumedFrom: number;
  status: 'waiting' | 'uploading' | 'paused' | 'done' | 'failed' | 'refused' | 'cancelled';
  /** The server's words for a refusal, or the network failure after the retries. */
  error: string | null;
  /** The set it joined, once done. */
  fileSetId: string | null;
}

export interface QueueOptions {
  projectId: string;
  /** Files sent at once (default 3). */
  parallel: number;
  /** Bytes per PATCH request (default 64 MiB): a dropped connection costs at most one chunk. */
  chunkSize: number;
  onChange(files: readonly QueuedFile[]): void;
}

export const DEFAULT_PARALLEL = 3;
export const DEFAULT_CHUNK_BYTES = 64 * 1024 * 1024;
/** Up to this size a file is sent with its creation request (a cut costs at most this much again). */
const SMALL_FILE_BYTES = 8 * 1024 * 1024;
/** Waits before each retry after a network error or a 5xx/409/423 answer; then the file shows as failed with a Retry. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

/**
 * Sends files to /api/uploads/tus with tus-js-client, `parallel` at a time, in the order given.
 * Each upload's URL is kept in localStorage under a fingerprint of the project and the file (name,
 * size, last change), so the same file chosen again after a reload or a browser restart continues
 * from the server's offset instead of starting over.
 */
export class TusUploadQueue {
  private readonly files: QueuedFile[] = [];
  private readonly uploads = new Map<number, Upload>();
  private readonly sources = new Map<number, File>();
  private nextId = 1;
  private paused = false;

  constructor(private readonly opts: QueueOptions) {}

  get snapshot(): readonly QueuedFile[] {
    return this.files;
  }

  add(taken: TakenFile[]): void {
    for (const t of taken) {
      const id = this.nextId++;
      this.sources.set(id, t.file);
      this.files.push({
        id,
        path: t.path,
        name: t.file.name,
        baseName: t.baseName,
        slot: t.slot,
        size: t.file.size,
        sent: 0,
        resumedFrom: 0,
        status: 'waiting',
        error: null,
        fileSetId: null,
      });
    }
    this.changed();
    this.pump();
  }

  pause(): void {
    this.paused = true;
    for (const f of this.files.filter((x) => x.status === 'uploading')) {
      void this.uploads.get(f.id)?.abort(false);
      f.status = 'paused';
    }
    this.changed();
  }

  resume(): void {
    this.paused = false;
    for (const f of this.files) if (f.status === 'paused') f.status = 'waiting';
    this.changed();
    this.pump();
  }

  /** Stops everything not finished and asks the server to drop those uploads (tus termination). */
  cancel(): void {
    this.paused = true;
    for (const f of this.files) {
      if (f.status === 'done' || f.status === 'refused' || f.status === 'failed') continue;
      const upload = this.uploads.get(f.id);
      if (upload?.url) void upload.abort(true).catch(() => undefined);
      else void upload?.abort(false);
      f.status = 'cancelled';
    }
    this.changed();
  }

  retry(id: number): void {
    const f = this.files.find((x) => x.id === id);
    if (!f || f.status !== 'failed') return;
    f.status = 'waiting';
    f.error = null;
    this.paused = false;
    this.changed();
    this.pump();
  }

  private changed(): void {
    this.opts.onChange(this.files.map((f) => ({ ...f })));
  }

  private pump(): void {
    if (this.paused) return;
    let running = this.files.filter((f) => f.status === 'uploading').length;
    for (const f of this.files) {
      if (running >= this.opts.parallel) break;
      if (f.status !== 'waiting') continue;
      running++;
      f.status = 'uploading';
      void this.start(f);
    }
    this.changed();
  }

  private async start(f: QueuedFile): Promise<void> {
    const file = this.sources.get(f.id)!;
    const upload =
      this.uploads.get(f.id) ??
      new Upload(file, {
        endpoint: apiUrl('/api/uploads/tus'),
        chunkSize: this.opts.chunkSize,
        // A small file rides on its creation request (creation-with-upload): one request instead of two.
        // A large one is created first, so its URL is kept before any byte goes and a cut resumes it.
        uploadDataDuringCreation: file.size <= SMALL_FILE_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { filename: file.name, projectId: this.opts.projectId, filetype: file.type },
        headers: authHeader(),
        // The project is part of the fingerprint: the same card into two projects is two uploads.
        fingerprint: async (f2: File) => ['shotlog-tus', this.opts.projectId, f2.name, f2.size, f2.lastModified].join(':'),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent) => {
          f.sent = sent;
          this.changed();
        },
        onAfterResponse: (req, res) => {
          // The HEAD of a resumed upload says what the server already has: not sent in this visit.
          if (req.getMethod() === 'HEAD') f.resumedFrom = Number(res.getHeader('Upload-Offset') ?? 0) || 0;
          const setId = res.getHeader('Shotlog-File-Set-Id');
          if (setId) f.fileSetId = setId;
        },
        onSuccess: () => {
          f.status = 'done';
          f.sent = f.size;
          this.pump();
        },
        onError: (err) => {
          const res = (err as DetailedError).originalResponse;
          const status = res?.getStatus() ?? 0;
          // A 4xx other than 409/423 is the server's judgement (a name, a quota, the content): not retried.
          if (status >= 400 && status < 500) {
            f.status = 'refused';
            f.error = res?.getBody()?.trim() || `Refused (${status})`;
          } else {
            f.status = 'failed';
            f.error = 'Upload failed. Please check your connection.';
          }
          this.pump();
        },
      });
    this.uploads.set(f.id, upload);
    if (!upload.url) {
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    }
    upload.start();
  }
}
