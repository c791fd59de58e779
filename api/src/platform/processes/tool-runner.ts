/**
 * Runs ffprobe and ffmpeg from a small helper process instead of this one.
 *
 * Starting a child process copies the parent's page tables (libuv forks), on the event loop: from
 * this process, at 250-600 MB resident while it processes, each start held the event loop for
 * 15-25 ms (a bare Node of 55 MB: 1.5 ms), and a set starts eight to twelve tools. The helper is a
 * bare Node process that starts them for us: a message each way, and the forking is its own. It
 * starts on the first tool run, stops after IDLE_MS without one (an idle API holds no helper), and
 * is started again if it dies; the tools it started die with it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the helper is sent: one command. */
export interface ToolRequest {
  id: number;
  file: string;
  args: string[];
  timeoutMs: number;
  maxBuffer: number;
}

/** What the helper answers: the command's output, and how it failed (as execFile's error says). */
export interface ToolReply {
  id: number;
  stdout: string;
  stderr: string;
  error?: { message: string; code: string | number | null; killed: boolean; signal: string | null };
}

/** A failed run, shaped like execFile's error: `code` is the exit code (or ENOENT), `killed` a timeout. */
export interface ToolError extends Error {
  code: string | number | null;
  killed: boolean;
  signal: string | null;
  stdout: string;
  stderr: string;
}

export interface ToolRunOptions {
  /** The command is killed after this long (a `killed` error). */
  timeoutMs: number;
  /** Bytes of stdout or stderr kept at most (more fails the run). */
  maxBuffer?: number;
}

const IDLE_MS = 30_000;
/** The helper's answer is awaited this long past the command's own timeout. */
const REPLY_GRACE_MS = 5_000;
const HELPER_URL = new URL(`./tool-runner.helper${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);

class ToolRunner {
  private helper: ChildProcess | null = null;
  private nextId = 1;
  /** Runs awaiting their answer, each with the helper it was sent to. */
  private readonly pending = new Map<number, { helper: ChildProcess; resolve(r: ToolReply): void; reject(e: Error): void }>();
  private idle: NodeJS.Timeout | null = null;

  run(file: string, args: string[], opts: ToolRunOptions): Promise<{ stdout: string; stderr: string }> {
    const helper = this.start();
    const id = this.nextId++;
    const request: ToolRequest = { id, file, args, timeoutMs: opts.timeoutMs, maxBuffer: opts.maxBuffer ?? 1024 * 1024 };
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    helper.ref();
    helper.channel?.ref();
    return new Promise<ToolReply>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(() => reject(toolError(file, { message: 'no answer from the tool runner', code: null, killed: true, signal: null }))),
        opts.timeoutMs + REPLY_GRACE_MS,
      );
      const settle = (done: () => void) => {
        clearTimeout(timer);
        if (!this.pending.delete(id)) return;
        this.settled();
        done();
      };
      this.pending.set(id, { helper, resolve: (r) => settle(() => resolve(r)), reject: (e) => settle(() => reject(e)) });
      helper.send(request, (err) => {
        if (err)
          this.pending
            .get(id)
            ?.reject(toolError(file, { message: `the tool runner could not be reached: ${err.message}`, code: null, killed: true, signal: null }));
      });
    }).then((reply) => {
      if (reply.error) throw toolError(file, reply.error, reply);
      return { stdout: reply.stdout, stderr: reply.stderr };
    });
  }

  /** Stops the helper now: it takes its tools with it (a process shutting down needs not: the helper leaves with it). */
  stop(): void {
    const helper = this.helper;
    this.helper = null;
    if (helper?.connected) helper.disconnect();
    else helper?.kill('SIGKILL');
  }

  private start(): ChildProcess {
    if (this.helper) return this.helper;
    // No inherited Node options (a profiler, a heap limit, the tests' flags): a bare process.
    const helper = fork(fileURLToPath(HELPER_URL), [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'json' });
    helper.on('message', (reply: ToolReply) => this.pending.get(reply.id)?.resolve(reply));
    helper.on('exit', () => {
      if (this.helper === helper) this.helper = null;
      // Whatever it was running is lost: the machine's fault, as a timeout is (callers retry). Runs
      // sent to a helper started since (this one was stopped for idling) are not its.
      for (const p of [...this.pending.values()])
        if (p.helper === helper) p.reject(toolError('the tool', { message: 'the tool runner stopped', code: null, killed: true, signal: null }));
    });
    helper.on('error', () => undefined); // its exit follows
    this.helper = helper;
    return helper;
  }

  /** With nothing pending the helper does not keep this process alive, and stops after IDLE_MS. */
  private settled(): void {
    if (this.pending.size > 0 || !this.helper) return;
    const helper = this.helper;
    helper.unref();
    helper.channel?.unref();
    this.idle = setTimeout(() => {
      if (this.helper === helper && this.pending.size === 0) this.stop();
    }, IDLE_MS).unref();
  }
}

function toolError(file: string, e: NonNullable<ToolReply['error']>, reply?: ToolReply): ToolError {
  return Object.assign(new Error(e.message || `${file} failed`), {
    code: e.code,
    killed: e.killed,
    signal: e.signal,
    stdout: reply?.stdout ?? '',
    stderr: reply?.stderr ?? '',
  });
}

const runner = new ToolRunner();

/** Runs `file` with `args` like a promisified execFile, from the helper process. */
export function runTool(file: string, args: string[], opts: ToolRunOptions): Promise<{ stdout: string; stderr: string }> {
  return runner.run(file, args, opts);
}

/** Stops the helper (tests that count processes). */
export function stopToolRunner(): void {
  runner.stop();
}
