// How long starting ffmpeg holds the event loop: started from this process (execFile) against
// started by the tool runner's helper (api/src/platform/processes/tool-runner.ts), at the resident
// sizes an API process has while it processes.
//
// `npm run build`, then `node_modules/node/bin/node bench/tool-start.mjs` (about half a minute).
// For each size this process is grown to (Buffers it holds and has touched), 40 runs of
// `ffmpeg -version` each way, one after another: the event loop's time inside the call that starts
// the tool (the synchronous part: libuv forks this process there), its mean and worst, and the CPU
// this process used. The baseline of the ratios is execFile at the same size, in the same run.
import { execFile } from 'node:child_process';
import { root, table } from './lib.mjs';

const { runTool, stopToolRunner } = await import(`${root}/api/dist/platform/processes/tool-runner.js`);
const { activeMediaTools } = await import(`${root}/api/dist/adapters/media-tools/media-tools.js`);
const ffmpeg = activeMediaTools().ffmpeg.path;
const RUNS = 40;
const held = [];
const rss = () => process.memoryUsage().rss / 2 ** 20;

async function measure(start) {
  const inCall = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const done = start();
    inCall.push(performance.now() - t0);
    await done;
  }
  const cpu = process.cpuUsage(cpu0);
  return { mean: inCall.reduce((a, b) => a + b, 0) / RUNS, worst: Math.max(...inCall), cpuMs: (cpu.user + cpu.system) / 1000 / RUNS };
}

const rows = [];
for (const target of [100, 300, 500]) {
  while (rss() < target) held.push(Buffer.alloc(16 * 2 ** 20, 1));
  const direct = await measure(() => new Promise((resolve, reject) => execFile(ffmpeg, ['-version'], (err) => (err ? reject(err) : resolve()))));
  await runTool(ffmpeg, ['-version'], { timeoutMs: 10_000 }); // the helper started (once per idle period)
  const helper = await measure(() => runTool(ffmpeg, ['-version'], { timeoutMs: 10_000 }));
  const at = `${rss().toFixed(0)} MB resident`;
  const row = (how, m, ratio) => ({
    'how a tool is started': how,
    'event loop held, mean ms': m.mean.toFixed(2),
    'worst ms': m.worst.toFixed(2),
    "this process's CPU ms a run": m.cpuMs.toFixed(2),
    'ratio (mean held)': ratio,
  });
  rows.push(row(`execFile, ${at} (baseline)`, direct, '1.00'), row(`tool runner, ${at}`, helper, (helper.mean / direct.mean).toFixed(3)));
}
stopToolRunner();
table(rows);
