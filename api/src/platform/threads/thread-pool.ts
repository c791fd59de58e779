/**
 * Worker threads kept for many requests, lent by a bounded pool: work that would hold the event loop
 * for more than a few tens of milliseconds (an .SRT through the parser) runs on a thread, and the
 * thread is kept for the next request instead of being started for each (starting one and loading
 * its modules cost 85-110 ms, the parse of a short clip's .SRT 2-4 ms). A thread left idle stops
 * after a while, so an idle process holds none.
 *
 * The thread's module answers each `{ id, ...request }` message with `{ id, threadId, value }` or
 * `{ id, threadId, error, code }` (`code`: the error's errno code, e.g. ENOENT).
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { WorkQueue } from '../http/work-queue.js';

export interface ThreadReply<Res> {
  id: number;
  /** The thread that answered (0 would be the main thread: tests check it never is). */
  threadId: number;
  value?: Res;
  error?: string;
  code?: string;
}

export interface ThreadPoolOptions<Res> {
  /** What the work is, for the busy refusal ("Track reading"). */
  name: string;
  /** The thread's module (its .js in the build, its .ts under test). */
  url: URL;
  resourceLimits: ResourceLimits;
  /** Threads at once (requests at once). */
  size: number;
  /** Requests waiting; one more is a 503 with Retry-After (platform/http/work-queue.ts). */
  maxQueued: number;
  /** The variables that set the two bounds, named in the refusal. */
  settings: string;
  /** An idle thread stops after this long. */
  idleMs: number;
  /** The error a failed request rejects with. */
  toError(reply: ThreadReply<Res>): Error;
  /** Each answer, as it comes (tests count them). */
  onReply?(reply: ThreadReply<Res>): void;
}

/** One worker thread, started on its first request, answering its requests one at a time in order. */
class PooledThread<Req, Res> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: Res): void; reject(e: Error): void }>();

  constructor(private readonly options: ThreadPoolOptions<Res>) {}

  private start(): Worker {
    const worker = new Worker(this.options.url, { resourceLimits: this.options.resourceLimits });
    worker.on('message', (reply: ThreadReply<Res>) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref(); // an idle thread does not keep the process alive
      this.options.onReply?.(reply);
      if (reply.error === undefined) p.resolve(reply.value as Res);
      else p.reject(this.options.toError(reply));
    });
    // A thread that dies (its heap limit reached, a crash) fails what it held; the next request starts a new one.
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`${this.options.name}: the thread stopped (exit code ${code})`)));
    return worker;
  }

  request(req: Req): Promise<Res> {
    this.worker ??= this.start();
    this.worker.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ ...req, id });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

export class ThreadPool<Req extends object, Res> {
  /** The bounded queue (its `stats`: requests running now, the most ever at once; tests and metrics). */
  readonly queue: WorkQueue;
  private readonly idle: Array<PooledThread<Req, Res>> = [];
  private readonly timers = new Map<PooledThread<Req, Res>, NodeJS.Timeout>();
  /** Threads that exist now (running or idle): never more than `size`. */
  threads = 0;
  /** The most threads that ever existed at once (tests): never more than `size`. */
  peakThreads = 0;
  private closed = false;

  constructor(readonly options: ThreadPoolOptions<Res>) {
    this.queue = new WorkQueue({ name: options.name, concurrency: options.size, maxQueued: options.maxQueued, settings: options.settings });
  }

  /** `req` answered on one of the pool's threads; a waiting request leaves when `signal` aborts. */
  run(req: Req, signal?: AbortSignal): Promise<Res> {
    return this.queue.run(async () => {
      const thread = this.take();
      try {
        return await thread.request(req);
      } finally {
        this.release(thread);
      }
    }, signal);
  }

  /** Stops every idle thread, and each running one as it finishes (at shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    const idle = this.idle.splice(0);
    this.threads -= idle.length;
    await Promise.all(idle.map((t) => t.close()));
  }

  private take(): PooledThread<Req, Res> {
    const thread = this.idle.pop();
    if (thread) {
      clearTimeout(this.timers.get(thread));
      this.timers.delete(thread);
      return thread;
    }
    this.threads++;
    this.peakThreads = Math.max(this.peakThreads, this.threads);
    return new PooledThread<Req, Res>(this.options);
  }

  private release(thread: PooledThread<Req, Res>): void {
    if (this.closed) {
      this.threads--;
      void thread.close();
      return;
    }
    this.idle.push(thread);
    const timer = setTimeout(() => {
      this.timers.delete(thread);
      const i = this.idle.indexOf(thread);
      if (i < 0) return;
      this.idle.splice(i, 1);
      this.threads--;
      void thread.close();
    }, this.options.idleMs);
    timer.unref();
    this.timers.set(thread, timer);
  }
}
