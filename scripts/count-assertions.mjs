// jest setupFilesAfterEnv: counts each test's expect() calls (expect.getState().assertionCalls) and,
// when SHOTLOG_ASSERTION_LOG names a file, appends one JSON line per test file to it:
// {"file": "<path>", "tests": n, "assertions": n}. scripts/test-summary.mjs sums them per tier, so a
// change that speeds the suite up can show it kept at least the same assertions.
import fs from 'node:fs';

const log = process.env.SHOTLOG_ASSERTION_LOG;
if (log) {
  let tests = 0;
  let assertions = 0;
  afterEach(() => {
    tests += 1;
    assertions += expect.getState().assertionCalls;
  });
  afterAll(() => {
    const file = expect.getState().testPath;
    fs.appendFileSync(log, JSON.stringify({ file, tests, assertions }) + '\n');
  });
}
