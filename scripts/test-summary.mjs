// The per-tier time summary `npm test` prints at the end, from jest's --json report and the
// assertion log scripts/count-assertions.mjs writes. Also runnable on its own:
//   node scripts/test-summary.mjs <jest-report.json> [assertion-log.jsonl]
import fs from 'node:fs';
import path from 'node:path';

const TIERS = ['unit', 'int', 'e2e', 'browser'];

/** The tier of a test file, from its suffix (the jest projects in jest.config.js choose files the same way). */
export function tierOf(file) {
  const m = /\.(unit|int|e2e|browser)\.spec\.tsx?$/.exec(file);
  return m ? m[1] : 'other';
}

/** Reads the assertion log (one JSON line per test file); a missing log gives an empty map. */
export function readAssertionLog(logPath) {
  const byFile = new Map();
  if (!logPath || !fs.existsSync(logPath)) return byFile;
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line);
      byFile.set(r.file, (byFile.get(r.file) ?? 0) + r.assertions);
    } catch {
      /* a line cut short by a killed worker */
    }
  }
  return byFile;
}

/**
 * Rows per tier: files, tests, failed, assertions, seconds (the sum of its files' own durations:
 * with more than one jest worker the tiers overlap, so the rows add up to more than the wall time)
 * and the slowest files. `wallSeconds` is from the first file's start to the last file's end.
 */
export function summarize(report, assertions = new Map()) {
  const rows = new Map([...TIERS, 'other'].map((t) => [t, { tier: t, files: 0, tests: 0, failed: 0, assertions: 0, seconds: 0, slowest: [] }]));
  let first = Infinity;
  let last = 0;
  for (const f of report.testResults ?? []) {
    const row = rows.get(tierOf(f.name));
    const seconds = Math.max(0, (f.endTime - f.startTime) / 1000);
    row.files += 1;
    row.tests += f.assertionResults.filter((a) => a.status !== 'pending' && a.status !== 'skipped' && a.status !== 'todo').length;
    row.failed += f.assertionResults.filter((a) => a.status === 'failed').length + (f.status === 'failed' && f.assertionResults.length === 0 ? 1 : 0);
    row.assertions += assertions.get(f.name) ?? 0;
    row.seconds += seconds;
    row.slowest.push({ file: path.relative(process.cwd(), f.name), seconds });
    if (f.startTime) first = Math.min(first, f.startTime);
    if (f.endTime) last = Math.max(last, f.endTime);
  }
  for (const r of rows.values()) r.slowest = r.slowest.sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  return {
    rows: [...rows.values()].filter((r) => r.files > 0),
    wallSeconds: Number.isFinite(first) ? (last - first) / 1000 : 0,
    counted: assertions.size > 0,
  };
}

export function printSummary(report, assertions, write = console.log) {
  const s = summarize(report, assertions);
  const pad = (v, n) => String(v).padStart(n);
  write('\ntier      files  tests  failed  assertions  seconds   slowest files');
  const total = { files: 0, tests: 0, failed: 0, assertions: 0, seconds: 0 };
  for (const r of s.rows) {
    for (const k of Object.keys(total)) total[k] += r[k];
    const slow = r.slowest.map((x) => `${x.file} ${x.seconds.toFixed(0)} s`).join(', ');
    write(
      `${r.tier.padEnd(8)} ${pad(r.files, 6)} ${pad(r.tests, 6)} ${pad(r.failed, 7)} ${pad(s.counted ? r.assertions : '-', 11)} ${pad(r.seconds.toFixed(0), 8)}   ${slow}`,
    );
  }
  write(
    `${'total'.padEnd(8)} ${pad(total.files, 6)} ${pad(total.tests, 6)} ${pad(total.failed, 7)} ${pad(s.counted ? total.assertions : '-', 11)} ${pad(total.seconds.toFixed(0), 8)}   wall ${s.wallSeconds.toFixed(0)} s`,
  );
  return s;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [reportPath, logPath] = process.argv.slice(2);
  if (!reportPath) {
    console.error('usage: node scripts/test-summary.mjs <jest-report.json> [assertion-log.jsonl]');
    process.exit(2);
  }
  printSummary(JSON.parse(fs.readFileSync(reportPath, 'utf8')), readAssertionLog(logPath));
}
