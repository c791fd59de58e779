import { Upload, type DetailedError } from 'tus-js-client';
import { apiUrl } from '../../client/api-base';
import { authHeader } from '../../client/auth-header';
import { BATCH_MAX_FILES, BATCH_PAYLOAD_BYTES, BatchError, sendBatch, type BatchAnswer } from './batch-upload';
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
  /** Bytes already on the server when this visit began (a resumed or already uploaded file): not counted in the speed. */
  resumedFrom: number;
  /** The project held this file already (same name, size and content) when the card was chosen: not sent again. */
  already: boolean;
  status: 'waiting' | 'uploading' | 'paused' | 'done' | 'failed' | 'refused' | 'cancelled';
  /** The server's words for a refusal, or the network failure after the retries. */
  error: string | null;
  /** The set it joined, once done. */
  fileSetId: string | null;
}

export interface QueueOptions {
  projectId: string;
  /** Requests at once (default 3): a tus upload or a batch of small files each. */
  parallel: number;
  /** Bytes per PATCH request (default 64 MiB): a dropped connection costs at most one chunk. */
  chunkSize: number;
  onChange(files: readonly QueuedFile[]): void;
}

export const DEFAULT_PARALLEL = 3;
export const DEFAULT_CHUNK_BYTES = 64 * 1024 * 1024;
/**
 * Up to this size a file goes in a batch (POST /api/upload/{projectId}/batch: one request and one
 * transaction for up to 100 files), larger ones by tus, resumable chunk by chunk. A cut batch is
 * sent again whole (the server answers its recorded files "already uploaded"): at most 31 MiB.
 */
export const SMALL_FILE_BYTES = 8 * 1024 * 1024;
/** Waits before each retry after a network error or a 5xx/409/423 answer; then the file shows as failed with a Retry. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];
const retryable = (status: number) => status <= 0 || status >= 500 || status === 409 || status === 423;

/**
 * Sends a card: small files in batches, large ones with tus-js-client, `parallel` requests at a time,
 * in the order given. Files the project holds already are marked done at once. Each tus upload's URL
 * is kept in localStorage under a fingerprint of the project and the file (name, size, last change),
 * so the same file chosen again after a reload continues from the server's offset.
 */
export class CardUploadQueue {
  private readonly files: QueuedFile[] = [];
  private readonly uploads = new Map<number, Upload>();
  private readonly sources = new Map<number, File>();
  /** Running batches: their files, and the abort of their request. */
  private readonly batches = new Set<{ ids: number[]; abort: AbortController }>();
  private nextId = 1;
  private paused = false;

  constructor(private readonly opts: QueueOptions) {}

  get snapshot(): readonly QueuedFile[] {
    return this.files;
  }

  /** `already`: file name -> its set, for the files the project holds already (the plan's answer). */
  add(taken: TakenFile[], already: ReadonlyMap<string, string> = new Map()): void {
    for (const t of taken) {
      const id = this.nextId++;
      this.sources.set(id, t.file);
      const setId = already.get(t.file.name);
      this.files.push({
        id,
        path: t.path,
        name: t.file.name,
        baseName: t.baseName,
        slot: t.slot,
        size: t.file.size,
        sent: setId ? t.file.size : 0,
        resumedFrom: setId ? t.file.size : 0,
        already: !!setId,
        status: setId ? 'done' : 'waiting',
        error: null,
        fileSetId: setId ?? null,
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
    for (const b of this.batches) b.abort.abort();
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
    for (const b of this.batches) b.abort.abort();
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
    // At most every 50 ms: a card of thousands of files reports progress far more often than it can be drawn.
    if (this.frame !== null) return;
    const flush = () => {
      this.frame = null;
      this.opts.onChange(this.files.map((f) => ({ ...f })));
    };
    this.frame = window.setTimeout(flush, 50);
  }
  private frame: number | null = null;

  private running(): number {
    return this.files.filter((f) => f.status === 'uploading' && !this.inBatch(f.id)).length + this.batches.size;
  }

  private inBatch(id: number): boolean {
    for (const b of this.batches) if (b.ids.includes(id)) return true;
    return false;
  }

  private pump(): void {
    if (this.paused) return;
    let running = this.running();
    for (const f of this.files) {
      if (running >= this.opts.parallel) break;
      if (f.status !== 'waiting') continue;
      running++;
      if (f.size <= SMALL_FILE_BYTES) void this.startBatch(this.takeBatch(f));
      else {
        f.status = 'uploading';
        void this.startTus(f);
      }
    }
    this.changed();
  }

  /** `first` and the waiting small files after it, up to the batch route's count and bytes. */
  private takeBatch(first: QueuedFile): QueuedFile[] {
    const batch: QueuedFile[] = [];
    let bytes = 0;
    for (const f of this.files) {
      if (f.status !== 'waiting' || f.size > SMALL_FILE_BYTES || (batch.length && f.id < first.id)) continue;
      if (batch.length >= BATCH_MAX_FILES || (batch.length && bytes + f.size > BATCH_PAYLOAD_BYTES)) break;
      batch.push(f);
      bytes += f.size;
      f.status = 'uploading';
    }
    return batch;
  }

  private async startBatch(batch: QueuedFile[]): Promise<void> {
    const entry = { ids: batch.map((f) => f.id), abort: new AbortController() };
    this.batches.add(entry);
    const onProgress = (loaded: number) => {
      // The body carries the files in order: spread what is sent over them (framing ignored).
      let left = loaded;
      for (const f of batch) {
        f.sent = Math.max(0, Math.min(f.size, left));
        left -= f.size;
      }
      this.changed();
    };
    let answer: BatchAnswer | null = null;
    let failure: BatchError | null = null;
    for (const delay of RETRY_DELAYS) {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (entry.abort.signal.aborted) break;
      try {
        answer = await sendBatch(
          this.opts.projectId,
          batch.map((f) => this.sources.get(f.id)!),
          onProgress,
          entry.abort.signal,
        );
        break;
      } catch (err) {
        failure = err instanceof BatchError ? err : new BatchError(String(err), 0);
        if (failure.status === -1 || !retryable(failure.status)) break;
      }
    }
    this.batches.delete(entry);
    if (answer) {
      const accepted = new Map(answer.accepted.map((a) => [a.filename, a]));
      const refused = new Map(answer.refused.map((r) => [r.filename, r.reason]));
      for (const f of batch) {
        const a = accepted.get(f.name);
        if (a)
          Object.assign(f, { status: 'done', sent: f.size, fileSetId: a.fileSetId, already: a.alreadyUploaded, resumedFrom: a.alreadyUploaded ? f.size : 0 });
        else Object.assign(f, { status: 'refused', sent: 0, error: refused.get(f.name) ?? 'Refused' });
      }
    } else if (entry.abort.signal.aborted || failure?.status === -1) {
      // Paused or cancelled: pause() and cancel() set the status; a paused batch is sent again on resume.
      for (const f of batch) f.sent = 0;
    } else {
      const refusedAll = failure && !retryable(failure.status);
      for (const f of batch)
        Object.assign(f, {
          status: refusedAll ? 'refused' : 'failed',
          sent: 0,
          error: refusedAll ? failure!.message : 'Upload failed. Please check your connection.',
        });
    }
    this.pump();
  }

  private async startTus(f: QueuedFile): Promise<void> {
    const file = this.sources.get(f.id)!;
    const upload =
      this.uploads.get(f.id) ??
      new Upload(file, {
        endpoint: apiUrl('/api/uploads/tus'),
        chunkSize: this.opts.chunkSize,
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
