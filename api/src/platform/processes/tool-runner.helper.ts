/**
 * The tool runner's helper process (tool-runner.ts): runs each command it is sent with execFile and
 * answers with its output. Node builtins only, and only erasable TypeScript: Node runs this file
 * from the sources under test and from the build alike.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import type { ToolReply, ToolRequest } from './tool-runner.js';

const running = new Set<ChildProcess>();

process.on('message', (req: ToolRequest) => {
  const child = execFile(req.file, req.args, { timeout: req.timeoutMs, maxBuffer: req.maxBuffer, encoding: 'utf8' }, (err, stdout, stderr) => {
    running.delete(child);
    const reply: ToolReply = { id: req.id, stdout, stderr };
    if (err) {
      const e = err as Error & { code?: string | number | null; killed?: boolean; signal?: NodeJS.Signals | null };
      reply.error = { message: e.message, code: e.code ?? null, killed: !!e.killed, signal: e.signal ?? null };
    }
    process.send?.(reply);
  });
  running.add(child);
});

// A signal to the whole process group (a terminal's Ctrl-C, a service manager's stop) is for the
// process that asked, which may finish its jobs first and needs its tools started meanwhile: this
// helper leaves when that process does (or lets it go).
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);

// The process that asked went away: so do the tools it started, and this helper.
process.on('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
