/**
 * A gate in front of ffprobe, for fault tests that must act while a worker is inside a job: the
 * test decides when the job may go on, instead of racing it with a timer. The worker gets
 * FFPROBE_PATH = a small shell script that runs the real ffprobe, except for a file the test
 * holds: then it records which process entered (the worker's pid: the parent of the tool runner's
 * helper, which starts the tools) and waits until the test releases the file. The pipeline probes the video first, after the job is marked
 * 'processing' (processing-worker.ts), so a held set's job is open for as long as the test likes.
 *
 *   const gate = await createMediaGate();          // env: { FFPROBE_PATH }, for the worker's env
 *   const hold = await gate.hold(videoPath);       // any ffprobe naming videoPath waits
 *   const { pid } = await hold.entered();          // a worker is inside that set's job, now
 *   ... kill it, restart Redis, send SIGTERM ...
 *   await hold.release();                          // the held probe (and later ones) run
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../../src/adapters/media-tools/media-tools.js';

export interface HeldFile {
  /** Resolves once a process other than `skip` has entered the held probe: the worker's pid. */
  entered(opts?: { skip?: readonly number[]; timeoutMs?: number }): Promise<{ pid: number }>;
  /** Lets the held probe and every later one of this file run. */
  release(): Promise<void>;
}

export interface MediaGate {
  env: { FFPROBE_PATH: string };
  hold(substring: string): Promise<HeldFile>;
  remove(): Promise<void>;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export async function createMediaGate(): Promise<MediaGate> {
  const real = resolveMediaTools().ffprobe?.path;
  if (!real) throw new Error('no ffprobe to put a gate in front of (npm install, or set FFPROBE_PATH)');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-gate-'));
  await fs.chmod(dir, 0o755);
  await fs.mkdir(path.join(dir, 'hold'));
  await fs.mkdir(path.join(dir, 'entered'));
  const script = path.join(dir, 'ffprobe');
  // A probe whose arguments contain a held substring waits while its hold file exists; it leaves
  // entered/<hold>.<worker pid> first (its parent is the tool runner's helper, whose parent is the
  // worker: /proc/<helper>/stat after the command's name). `-version` (start-up's check) always passes.
  await fs.writeFile(
    script,
    `#!/bin/sh
GATE=${quote(dir)}
case " $* " in *" -version "*) exec ${quote(real)} "$@" ;; esac
for held in "$GATE"/hold/*; do
  [ -f "$held" ] || continue
  key=$(cat "$held")
  case "$*" in
    *"$key"*)
      worker=$(sed 's/.*) //' "/proc/$PPID/stat" | cut -d' ' -f2)
      : > "$GATE/entered/$(basename "$held").$worker"
      while [ -f "$held" ]; do sleep 0.05; done ;;
  esac
done
exec ${quote(real)} "$@"
`,
    { mode: 0o755 },
  );
  return {
    env: { FFPROBE_PATH: script },
    hold: async (substring) => {
      const id = randomBytes(4).toString('hex');
      const file = path.join(dir, 'hold', id);
      await fs.writeFile(file, substring);
      return {
        entered: async ({ skip = [], timeoutMs = 90_000 } = {}) => {
          const end = Date.now() + timeoutMs;
          for (;;) {
            const pids = (await fs.readdir(path.join(dir, 'entered')))
              .filter((n) => n.startsWith(`${id}.`))
              .map((n) => Number(n.slice(id.length + 1)))
              .filter((pid) => !skip.includes(pid));
            if (pids.length) return { pid: pids[0]! };
            if (Date.now() > end) throw new Error(`no worker probed ${substring} within ${timeoutMs} ms`);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
        release: () => fs.rm(file, { force: true }),
      };
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
