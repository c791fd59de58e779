import { Worker } from 'node:worker_threads';

/** What the worker reads back and hashes at a time. */
const READ_BYTES = 1024 * 1024;

// CommonJS run with `eval`, so the worker is the same code from the build and from the
// TypeScript sources under test. One job per file: it hashes the file from its start up to
// what the main thread says is written, reading the bytes back (from the page cache).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const buffer = Buffer.allocUnsafe(${READ_BYTES});
const jobs = new Map();
parentPort.on('message', ({ id, op, path, upTo }) => {
  const job = jobs.get(id);
  try {
    if (op === 'start') return void jobs.set(id, { fd: fs.openSync(path, 'r'), hash: createHash('sha256'), offset: 0 });
    if (!job) return;
    if (op === 'cancel') return void (jobs.delete(id), fs.closeSync(job.fd));
    while (job.offset < upTo) {
      const n = fs.readSync(job.fd, buffer, 0, Math.min(buffer.length, upTo - job.offset), job.offset);
      if (n === 0) throw new Error('the file is shorter than what was written');
      job.hash.update(n === buffer.length ? buffer : buffer.subarray(0, n));
      job.offset += n;
    }
    if (op === 'finish') {
      jobs.delete(id);
      fs.closeSync(job.fd);
      parentPort.postMessage({ id, sha256: job.hash.digest('hex') });
    }
  } catch (err) {
    if (job) {
      jobs.delete(id);
      try { fs.closeSync(job.fd); } catch {}
    }
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

/** The SHA-256 of one file being written, computed on the hashing thread. */
export interface HashJob {
  /** The file's first `bytes` bytes are written: hash them when the thread gets to it. */
  advance(bytes: number): void;
  /** The file is complete at `bytes` bytes: its SHA-256, hex. */
  finish(bytes: number): Promise<string>;
  /** The file is abandoned: stop reading it. */
  cancel(): void;
}

type Reply = { id: number; sha256?: string; error?: string };

/** The hashing thread failed (a read error, the thread died): a server fault, not the client's. */
export class HashingError extends Error {
  constructor(why: string) {
    super(`Hashing failed: ${why}`);
  }
}

/**
 * SHA-256 of large uploads on a worker thread, so that hashing (about as costly per byte as
 * parsing the request) overlaps with receiving instead of taking turns with it on the main
 * thread. The worker reads back what is already written, so the main thread never copies or
 * hands over a byte: it only says how far the file is written. One worker per process; if it
 * dies, its jobs fail (HashingError) and the next job starts a new one.
 */
export class FileHasher {
  private thread: HashThread | null = null;

  start(path: string): HashJob {
    return this.currentThread().start(path);
  }

  /** Starts the worker ahead of the first large upload. */
  prepare(): void {
    this.currentThread();
  }

  /** Stops the worker (jobs in flight fail). */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.worker.terminate();
  }

  private currentThread(): HashThread {
    if (!this.thread?.alive) this.thread = new HashThread();
    return this.thread;
  }
}

/** One worker and the jobs waiting on it. */
class HashThread {
  readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  alive = true;
  private nextId = 1;
  /** Jobs started and not yet answered, by id: settled by the worker's reply or its death. */
  private readonly open = new Map<number, (reply: Reply) => void>();

  constructor() {
    this.worker.on('message', (reply: Reply) => this.open.get(reply.id)?.(reply));
    const died = (why: string) => {
      this.alive = false;
      for (const settle of [...this.open.values()]) settle({ id: 0, error: why });
    };
    this.worker.on('error', (err) => died(err.message));
    this.worker.on('exit', (code) => died(`the hashing thread exited (${code})`));
    // Idle until a job starts (after the listeners: adding a 'message' listener refs the port again).
    this.worker.unref();
  }

  start(path: string): HashJob {
    const id = this.nextId++;
    let failure: Error | null = null;
    let answer: ((reply: Reply) => void) | null = null;
    this.track(id, (reply) => {
      this.untrack(id);
      if (answer) answer(reply);
      else failure = new HashingError(reply.error ?? 'no answer');
    });
    this.worker.postMessage({ id, op: 'start', path });
    return {
      advance: (bytes) => {
        if (this.open.has(id)) this.worker.postMessage({ id, op: 'advance', upTo: bytes });
      },
      finish: (bytes) =>
        new Promise<string>((resolve, reject) => {
          if (failure || !this.open.has(id)) return reject(failure ?? new HashingError('the job was cancelled'));
          answer = (reply) => (reply.sha256 ? resolve(reply.sha256) : reject(new HashingError(reply.error ?? 'no answer')));
          this.worker.postMessage({ id, op: 'finish', upTo: bytes });
        }),
      cancel: () => {
        if (this.untrack(id)) this.worker.postMessage({ id, op: 'cancel' });
      },
    };
  }

  // The worker keeps the process alive only while a job waits on it.
  private track(id: number, settle: (reply: Reply) => void): void {
    if (this.open.size === 0) this.worker.ref();
    this.open.set(id, settle);
  }

  private untrack(id: number): boolean {
    if (!this.open.delete(id)) return false;
    if (this.open.size === 0) this.worker.unref();
    return true;
  }
}
