/*
 * The lessons in lessons/: every one parses against the core's own schema, SUMMARY.md
 * lists exactly the lesson files, the browser's bundle sees the same lessons, and every
 * scenario a lesson uses runs in the core with the numbers its text states (the claims
 * in its front matter), and every run a lab asks for can be made and recorded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nestScenario, readSchema, runScenario, validateScenario, type FlatScenario, type Report } from '../core/index.js';
import { loadCoreFromDisk, repoRoot } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import { buildCatalog } from './catalog.js';
import { catalog as browserCatalog } from './library.js';
import { formatMetric, metricOf, readMetric } from '../shared/metrics.js';
import { formatProblem, lessonCompares } from './parse.js';
import { matchRun, recordRun } from './status.js';
import { sketchFit, sketchVerdict } from './sketch.js';
import { conclusionPoints, judge, relationText } from './conclusions.js';
import { verdict } from './verdict.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const lessonDir = join(repoRoot, 'lessons');
const lessonFiles = readdirSync(lessonDir)
  .filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md')
  .sort();
const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const catalog = buildCatalog({
  summary: readFileSync(join(lessonDir, 'SUMMARY.md'), 'utf8'),
  lessons: Object.fromEntries(lessonFiles.map((file) => [file, readFileSync(join(lessonDir, file), 'utf8')])),
  presets,
  schema,
});

const reports = new Map<string, Report>();
/** Runs a scenario once per distinct set of values (several claims share a run). */
function run(values: FlatScenario): Report {
  const key = JSON.stringify(Object.entries(values).sort());
  let report = reports.get(key);
  if (!report) {
    const checked = validateScenario(schema, nestScenario(values)).values;
    report = JSON.parse(runScenario(core, checked)) as Report;
    reports.set(key, report);
  }
  return report;
}

/** The source documents lessons cite, by title, with their authors (../shared/seeds). */
const SOURCES: Record<string, string[]> = {
  'The OpenVMS TCP/IP Scalable Kernel': ['Robert Rappaport', 'Yanick Pouffary', 'Steve Lieman', 'Mary J. Marotta'],
  'SNA Server/6000 Performance on SMP': ['Dov Bulka', 'Michelle Hermanson', 'Chris Selvaggi', 'Julia Sime'],
  'OpenVMS AlphaServer GS Series Systems Performance': ['John Covert'],
  'The OpenOnload User-level Network Stack': ['Steve Pope', 'David Riddoch'],
  'HP-UX Release 9.0 Networking Performance Enhancements': ['Rick Jones', 'Sandy Greer'],
};

/** The later sources the "then and now" lessons set beside the seeds, by title, with their
 * authors: published work a reader can look up. A lesson cites at least one seed. */
const LATER_SOURCES: Record<string, string[]> = {
  'Scaling in the Linux Networking Stack': ['Tom Herbert', 'Willem de Bruijn'],
  'Non-scalable locks are dangerous': ['Silas Boyd-Wickizer', 'M. Frans Kaashoek', 'Robert Morris', 'Nickolai Zeldovich'],
  'Algorithms for Scalable Synchronization on Shared-Memory Multiprocessors': ['John M. Mellor-Crummey', 'Michael L. Scott'],
  'Flat Combining and the Synchronization-Parallelism Tradeoff': ['Danny Hendler', 'Itai Incze', 'Nir Shavit', 'Moran Tzafrir'],
  'Eliminating Receive Livelock in an Interrupt-Driven Kernel': ['Jeffrey C. Mogul', 'K. K. Ramakrishnan'],
  'Beyond Softnet': ['Jamal Hadi Salim', 'Robert Olsson', 'Alexey Kuznetsov'],
  'Remote Core Locking: Migrating Critical-Section Execution to Improve the Performance of Multithreaded Applications': [
    'Jean-Pierre Lozi',
    'Florian David',
    'Gaël Thomas',
    'Julia Lawall',
    'Gilles Muller',
  ],
  'ffwd: delegation is (much) faster than you think': ['Sepideh Roghanchi', 'Jakob Eriksson', 'Nilanjana Basu'],
  'Red Hat Enterprise Linux 6 Performance Tuning Guide, "Ticket Spinlocks"': ['Red Hat'],
  'A Quantitative Measure of Fairness and Discrimination for Resource Allocation in Shared Computer Systems': [
    'Raj Jain',
    'Dah-Ming Chiu',
    'William Hawe',
  ],
  'NAPI HOWTO (Documentation/networking/NAPI_HOWTO.txt)': ['Alexey Kuznetsov', 'Jamal Hadi Salim', 'Robert Olsson'],
  'High Performance Synchronization Algorithms for Multiprogrammed Multiprocessors': [
    'Robert W. Wisniewski',
    'Leonidas I. Kontothanassis',
    'Michael L. Scott',
  ],
  'Preemption Adaptivity in Time-Published Queue-Based Spin Locks': ['Bijun He', 'William N. Scherer III', 'Michael L. Scott'],
  'Atomics (JavaScript reference)': ['MDN contributors'],
};

describe('lessons/', () => {
  it('has lessons, and every one parses against the core schema with no problems', () => {
    expect(lessonFiles.length).toBeGreaterThanOrEqual(2);
    expect(catalog.problems.map(formatProblem)).toEqual([]);
    expect(catalog.lessons.map((lesson) => lesson.file)).toEqual(catalog.lessons.map((lesson) => `lessons/${lesson.meta.id}.md`));
  });

  it('SUMMARY.md lists exactly the lesson files, in the order the index shows', () => {
    expect(catalog.lessons.map((lesson) => `${lesson.meta.id}.md`).sort()).toEqual(lessonFiles);
    expect(catalog.lessons.map((lesson) => lesson.meta.id)).toEqual([
      'one-lock-for-every-cpu',
      'krps-and-the-designated-cpu',
      'the-thundering-herd',
      'shrinking-the-critical-section',
      'false-sharing-and-posting-under-a-lock',
      'the-smp-porting-journey',
      'where-the-time-goes',
      'location-location-location',
      'home-rad-or-cpu-affinity',
      'fair-spinlocks-on-unfair-hardware',
      'from-50-minutes-to-28',
      'bypassing-the-kernel',
      'overhead-is-the-key',
      'polling-interrupts-and-moderation',
      'receive-livelock',
      'locks-inside-a-user-level-stack',
      'touch-each-byte-once',
      'non-scalable-locks',
      'from-livelock-to-napi',
      'the-designated-cpu-and-rss',
      'one-lock-five-escapes',
      'your-own-cores',
    ]);
  });

  it('the browser bundle (import.meta.glob) sees the same lessons, in the same order', () => {
    expect(browserCatalog.problems.map(formatProblem)).toEqual([]);
    expect(browserCatalog.lessons.map((lesson) => lesson.meta)).toEqual(catalog.lessons.map((lesson) => lesson.meta));
  });

  it('every lesson cites its source by title and authors', () => {
    for (const lesson of catalog.lessons) {
      expect(
        lesson.meta.sources.some((source) => Object.hasOwn(SOURCES, source.title)),
        `${lesson.meta.id} cites a seed`,
      ).toBe(true);
      const known = { ...SOURCES, ...LATER_SOURCES };
      for (const source of lesson.meta.sources) {
        expect(Object.keys(known), lesson.meta.id).toContain(source.title);
        expect(source.authors, lesson.meta.id).toEqual(known[source.title]);
      }
    }
  });
});

for (const lesson of catalog.lessons) {
  describe(`${lesson.meta.id}: its scenarios run and say what the text says`, () => {
    it('every front-matter scenario validates and runs in the core', () => {
      for (const [name, values] of Object.entries(lesson.scenarios)) {
        const report = run(values);
        expect(report.window_ns, name).toBeGreaterThan(0);
      }
    });

    it('every run a lab asks for can be made, is recognised, and records every metric', () => {
      for (const lab of Object.values(lesson.labs)) {
        const base = lesson.labScenarios[lab.id]!;
        lab.task.runs.forEach((settings, index) => {
          const report = run({ ...base, ...settings });
          expect(matchRun(lab, report), `${lab.id} run ${index + 1}`).toBe(index);
          const record = recordRun(lab, report);
          expect(Object.keys(record).sort(), `${lab.id} run ${index + 1}`).toEqual([...lab.task.record].sort());
        });
      }
    });

    // A prediction's answers are in the compared metric's units and cover what the run
    // gives: some option's range holds it (or the numeric field's span does), so a
    // learner can always be right.
    const compares = lessonCompares(lesson);
    for (const compare of compares) {
      it(`prediction "${compare.predict}" can be answered right: its answers cover what the run gives`, () => {
        const predict = lesson.predicts[compare.predict]!;
        const lab = lesson.labs[compare.lab]!;
        if (predict.sketch) {
          // A sketch's axis runs from 0 to its max: every point's run must fit on it.
          for (const x of predict.sketch.at) {
            const value = readMetric(run({ ...lesson.labScenarios[lab.id]!, [predict.sketch.field]: x }), compare.metric);
            expect(value, `${compare.metric} at ${predict.sketch.field}=${x} measured nothing`).toBeDefined();
            expect(
              value!,
              `${compare.metric} at ${predict.sketch.field}=${x} = ${value}, off the sketch's axis 0..${predict.sketch.max}`,
            ).toBeGreaterThanOrEqual(0);
            expect(
              value!,
              `${compare.metric} at ${predict.sketch.field}=${x} = ${value}, off the sketch's axis 0..${predict.sketch.max}`,
            ).toBeLessThanOrEqual(predict.sketch.max);
          }
          return;
        }
        const value = readMetric(run({ ...lesson.labScenarios[lab.id]!, ...compare.run }), compare.metric);
        expect(value, `${compare.metric} measured nothing`).toBeDefined();
        if (predict.numeric) {
          expect(
            value!,
            `${compare.metric} = ${value} against the field's ${predict.numeric.min}..${predict.numeric.max}`,
          ).toBeGreaterThanOrEqual(predict.numeric.min);
          expect(
            value!,
            `${compare.metric} = ${value} against the field's ${predict.numeric.min}..${predict.numeric.max}`,
          ).toBeLessThanOrEqual(predict.numeric.max);
        } else {
          const ranges = (predict.options ?? []).flatMap((option) => (option.range ? [option.range] : []));
          if (ranges.length === 0) return; // options in words only: compare shows them side by side
          expect(
            ranges.some(([low, high]) => value! >= low && value! <= high),
            `${compare.metric} = ${formatMetric(compare.metric, value!)} (${value}) is in none of ${JSON.stringify(ranges)}`,
          ).toBe(true);
        }
      });
    }

    // Each prediction tried with a right answer and a wrong one, against its run's real
    // value: the right one is told so, the wrong one is not (and a published one is told
    // the model differs, never that it is wrong).
    for (const compare of compares) {
      it(`prediction "${compare.predict}": a right answer and a wrong one get the verdicts they should`, () => {
        const predict = lesson.predicts[compare.predict]!;
        const lab = lesson.labs[compare.lab]!;
        const at = '2026-11-25T00:00:00Z';
        if (predict.sketch) {
          const sketch = predict.sketch;
          const measured = sketch.at.map((x) => readMetric(run({ ...lesson.labScenarios[lab.id]!, [sketch.field]: x }), compare.metric)!);
          expect(sketchVerdict(sketch, measured, measured).text).toMatch(/^Your sketch has the shape the runs measured/);
          const wrong = measured.map((_, i) => measured[measured.length - 1 - i]!); // the curve backwards
          if (wrong.some((value, i) => value !== measured[i]))
            expect(sketchVerdict(sketch, wrong, measured).text).toMatch(/^Your sketch goes the way the runs went on \d+ of/);
          return;
        }
        const value = readMetric(run({ ...lesson.labScenarios[lab.id]!, ...compare.run }), compare.metric)!;
        if (predict.numeric) {
          expect(verdict(predict, { kind: 'number', value, at }, compare, value)).toMatch(/^(Close|Exactly right)/);
          const far =
            Math.abs(predict.numeric.max - value) > Math.abs(value - predict.numeric.min) ? predict.numeric.max : predict.numeric.min;
          expect(verdict(predict, { kind: 'number', value: far, at }, compare, value)).not.toMatch(/^(Close|Exactly right)/);
          return;
        }
        const options = predict.options ?? [];
        if (!options.some((option) => option.range)) return;
        options.forEach((option, index) => {
          const said = verdict(predict, { kind: 'option', index, at }, compare, value);
          const inside = value >= option.range![0] && value <= option.range![1];
          if (inside) expect(said, option.text).toBe('What you measured is inside the answer you chose.');
          else if (option.published)
            expect(said, option.text).toMatch(
              /^You chose what the source measured on the real machines\. This model does not reproduce it/,
            );
          else expect(said, option.text).toMatch(/^What you measured is outside the answer you chose; it matches “/);
        });
      });
    }

    for (const [index, claim] of (lesson.meta.claims ?? []).entries()) {
      const where = Object.entries(claim.set ?? {})
        .map(([path, value]) => `${path}=${value}`)
        .join(' ');
      it(`claim ${index + 1}: ${claim.scenario} ${where} ${claim.metric} is ${claim.value} ± ${claim.within}${claim.says ? ` ("${claim.says}")` : ''}`, () => {
        const report = run({ ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) });
        const value = readMetric(report, claim.metric);
        expect(
          value,
          `${metricOf(claim.metric).label} measured ${value === undefined ? 'nothing' : formatMetric(claim.metric, value)}`,
        ).toBeDefined();
        expect(Math.abs(value! - claim.value), `${claim.metric} = ${value}`).toBeLessThanOrEqual(claim.within);
      });
    }

    // Every conclusion holds at the lesson's scenarios as written (across costs and
    // seeds: npm run robustness, docs/robustness.md).
    for (const conclusion of lesson.meta.conclusions ?? []) {
      it(`conclusion "${conclusion.id}": ${relationText(conclusion)} ("${conclusion.says}")`, () => {
        const points = conclusionPoints(conclusion, lesson.scenarios);
        const judgement = judge(
          conclusion,
          points,
          points.map((point) => readMetric(run(point.values), point.metric)),
        );
        expect(
          judgement.holds,
          `"${conclusion.says}" does not hold at the preset: ${relationText(conclusion)}; measured ${judgement.measured}`,
        ).toBe(true);
      });
    }
  });
}

// What a lesson's words say of a scalability fit, checked against the fit of the runs
// they describe (core/fit.ts), as the claims check its numbers.
describe('one-lock-five-escapes: the fit below the test-and-set table is poor, for the reasons its text gives', () => {
  const lesson = catalog.lessons.find((l) => l.meta.id === 'one-lock-five-escapes')!;
  const text = readFileSync(join(lessonDir, 'one-lock-five-escapes.md'), 'utf8').replace(/\s+/g, ' ');
  const sketch = lesson.predicts['sketch-tas']!.sketch!;
  const measured = sketch.at.map((cpus) =>
    readMetric(run({ ...lesson.labScenarios['tas-sweep']!, [sketch.field]: cpus }), 'requests_per_s')!,
  );
  const fit = sketchFit(sketch, measured, sketch.unit)!;

  it('the text says the fit is poor, and the fit of the runs is', () => {
    expect(text).toContain('Here the fit says it is poor, and why');
    expect(fit.verdict).toBe('poor');
    expect(fit.text).toContain('is a POOR FIT');
  });

  it('"rises almost in proportion to the CPUs at first": from 2 to 8 CPUs within 10% of proportional', () => {
    expect(text).toContain('rises almost in proportion to the CPUs at first');
    expect(sketch.at.slice(0, 3)).toEqual([2, 4, 8]);
    expect(measured[2]! / measured[0]!).toBeGreaterThan(0.9 * 4);
  });

  it('"the fitted peak falls short of your runs\' own highest point by more than a fifth", "held at its bound, 0"; the runs peak at 16', () => {
    expect(text).toContain("the fitted peak falls short of your runs' own highest point by more than a fifth");
    expect(text).toContain('the contention coefficient is held at its bound, 0');
    expect(text).toContain('adding CPUs stops paying at about 16');
    expect(fit.text).toMatch(/the fit's peak throughput \([\d,]+\) is (\d+)% below the sweep's highest \([\d,]+ at 16 CPUs\)/);
    expect(Number(/is (\d+)% below the sweep's highest/.exec(fit.text)![1])).toBeGreaterThan(20);
    expect(fit.text).toContain('Contention σ = 0, held at its bound');
    expect(sketch.at[measured.indexOf(Math.max(...measured))]).toBe(16);
  });
});
