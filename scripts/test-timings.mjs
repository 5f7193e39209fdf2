/*
 * test-timings.mjs -- the timing half of the test run's summary (scripts/test-all.sh):
 * the wall time of every set-up step and suite, the 20 slowest Playwright tests and the
 * 10 slowest Vitest files. Read it before adding a test: the run must stay within 25
 * minutes on a 2-core machine (docs/testing.md).
 *
 *   node scripts/test-timings.mjs TIMINGS.tsv PLAYWRIGHT.json VITEST.json TOTAL_SECONDS
 *
 * TIMINGS.tsv has a line "NAME<TAB>SECONDS" per step; either report may be missing (its
 * suite did not run), and then its table is left out.
 */
import { existsSync, readFileSync } from 'node:fs';

const [timingsFile, playwrightFile, vitestFile, totalSeconds] = process.argv.slice(2);

const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
const readJson = (file) => {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** Rows of [label, seconds] as an aligned table under a heading. */
function table(heading, rows, unit = (s) => `${s.toFixed(1)} s`) {
  if (rows.length === 0) return;
  console.log(heading);
  const width = Math.min(110, Math.max(...rows.map(([label]) => label.length)));
  for (const [label, seconds] of rows) {
    const shown = label.length > width ? `${label.slice(0, width - 1)}…` : label;
    console.log(`  ${shown.padEnd(width)}  ${unit(seconds)}`);
  }
}

// set-up steps and suites, in the order they ran
const steps = existsSync(timingsFile ?? '')
  ? readFileSync(timingsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, seconds] = line.split('\t');
        return [name, Number(seconds)];
      })
  : [];
table(
  'Wall time of each step (the C lane ran beside the JavaScript lane):',
  [...steps, ['whole run', Number(totalSeconds)]],
  (s) => `${minutes(s)} (${s} s)`,
);

// Playwright: every test's duration (each result, so a retry shows), slowest first
const playwright = readJson(playwrightFile);
if (playwright) {
  const tests = [];
  // a file's suite, then its describe blocks (their titles lead the test's), then specs
  const walk = (suite, file, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        tests.push([`${spec.file ?? file}: ${[...titles, spec.title].join(' › ')}`, seconds]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file, [...titles, child.title]);
  };
  for (const suite of playwright.suites ?? []) walk(suite, suite.file, []);
  tests.sort((a, b) => b[1] - a[1]);
  const total = tests.reduce((sum, [, s]) => sum + s, 0);
  console.log();
  table(
    `The 20 slowest of ${tests.length} Playwright tests (${minutes(total)} of test time in all, over the workers):`,
    tests.slice(0, 20),
  );
  // and by file: where a merge or a move to Vitest pays
  const files = new Map();
  for (const [label, seconds] of tests) {
    const file = label.slice(0, label.indexOf(': '));
    files.set(file, (files.get(file) ?? 0) + seconds);
  }
  console.log();
  table('Playwright test time by spec file, the 10 largest:', [...files].sort((a, b) => b[1] - a[1]).slice(0, 10));
}

// Vitest: each file's duration
const vitest = readJson(vitestFile);
if (vitest) {
  const files = (vitest.testResults ?? [])
    .map((result) => [String(result.name ?? '').replace(`${process.cwd()}/`, ''), ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000])
    .sort((a, b) => b[1] - a[1]);
  console.log();
  table(`The 10 slowest of ${files.length} Vitest files:`, files.slice(0, 10));
}
