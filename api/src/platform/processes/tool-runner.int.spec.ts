/**
 * The tool runner with its real helper process: commands run as the helper's children (never this
 * process's), their output and failures come back as execFile gives them, a helper that dies fails
 * what it ran and is started again, and the tools go when the process that asked goes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runTool, stopToolRunner, type ToolError } from './tool-runner.js';

afterAll(() => stopToolRunner());

/** Whether `pid` runs (a zombie, ended but not yet reaped, does not). */
const alive = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !ok();) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

it("runs a command as the helper's child and gives its output", async () => {
  const { stdout, stderr } = await runTool('/bin/sh', ['-c', 'echo "$PPID"; echo warned >&2'], { timeoutMs: 10_000 });
  const parent = Number(stdout.trim());
  expect(parent).toBeGreaterThan(1);
  expect(parent).not.toBe(process.pid);
  expect(stderr).toBe('warned\n');
  // The same helper serves the next command.
  expect(Number((await runTool('/bin/sh', ['-c', 'echo "$PPID"'], { timeoutMs: 10_000 })).stdout.trim())).toBe(parent);
});

it('fails as execFile does: the exit code with stderr, ENOENT, a timeout as killed, too much output', async () => {
  const exit = (await runTool('/bin/sh', ['-c', 'echo no >&2; exit 3'], { timeoutMs: 10_000 }).catch((e: unknown) => e)) as ToolError;
  expect(exit).toMatchObject({ code: 3, killed: false, stderr: 'no\n' });
  const missing = (await runTool('/nonexistent/ffmpeg', [], { timeoutMs: 10_000 }).catch((e: unknown) => e)) as ToolError;
  expect(missing.code).toBe('ENOENT');
  const slow = (await runTool('/bin/sleep', ['5'], { timeoutMs: 200 }).catch((e: unknown) => e)) as ToolError;
  expect(slow.killed).toBe(true);
  const loud = (await runTool('/bin/sh', ['-c', 'head -c 5000 /dev/zero'], { timeoutMs: 10_000, maxBuffer: 1000 }).catch((e: unknown) => e)) as ToolError;
  expect(loud).toBeInstanceOf(Error);
  expect(loud.code).toBe('ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
});

it('a helper that dies fails what it was running (as the machine’s fault) and is started anew', async () => {
  const helper = Number((await runTool('/bin/sh', ['-c', 'echo "$PPID"'], { timeoutMs: 10_000 })).stdout.trim());
  // A stop signal to the process group is for the process that asked (it may drain its jobs): the
  // helper stays and serves.
  process.kill(helper, 'SIGTERM');
  process.kill(helper, 'SIGINT');
  expect(Number((await runTool('/bin/sh', ['-c', 'echo "$PPID"'], { timeoutMs: 10_000 })).stdout.trim())).toBe(helper);
  const running = runTool('/bin/sleep', ['30'], { timeoutMs: 60_000 }).catch((e: unknown) => e as ToolError);
  await new Promise((r) => setTimeout(r, 200));
  process.kill(helper, 'SIGKILL');
  expect(await running).toMatchObject({ killed: true });
  const next = Number((await runTool('/bin/sh', ['-c', 'echo "$PPID"'], { timeoutMs: 10_000 })).stdout.trim());
  expect(next).not.toBe(helper);
  expect(alive(next)).toBe(true);
});

it('a helper stopped (for idling) fails nothing sent to the one started after it', async () => {
  await runTool('/bin/true', [], { timeoutMs: 10_000 });
  stopToolRunner(); // it leaves a few milliseconds later, while the next run is under way
  expect((await runTool('/bin/sh', ['-c', 'sleep 0.3; echo ok'], { timeoutMs: 10_000 })).stdout).toBe('ok\n');
});

it('the tools end with the process that started them, however it ends', async () => {
  // A process of its own runs `sleep` through the runner, says the pids, and is killed outright.
  const runner = fileURLToPath(new URL('./tool-runner.ts', import.meta.url));
  const script = `const { runTool } = await import(${JSON.stringify(runner)});
    runTool('/bin/sh', ['-c', 'echo "$PPID $$"; exec sleep 30'], { timeoutMs: 60000 });
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The output comes only once the run ends: the helper and the tool are found by their parents.
  await until(() => fs.readdirSync('/proc').some((p) => /^\d+$/.test(p) && childOf(Number(p)) === child.pid));
  const helper = fs
    .readdirSync('/proc')
    .map(Number)
    .find((p) => childOf(p) === child.pid)!;
  let sleeper = 0;
  await until(
    () =>
      !!(sleeper =
        fs
          .readdirSync('/proc')
          .map(Number)
          .find((p) => childOf(p) === helper) ?? 0),
  );
  child.kill('SIGKILL');
  await until(() => !alive(helper) && !alive(sleeper));
}, 30_000);

/** The parent pid of `pid`, or 0. */
function childOf(pid: number): number {
  if (!pid) return 0;
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
}
