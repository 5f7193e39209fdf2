/*
 * Scene scripts: every script in lessons/scenes parses, each scene's scenario passes
 * the core's own schema, every freeze-and-ask step falls inside its run, and every
 * number a scene states (its claims) is what the core produces. Bad scripts are
 * explained with the file, the line, the field and the fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScenario, nestScenario, readSchema, runScenario, Simulation, type Report } from '../../core/index.js';
import { WATCH_LIMIT_NS, WATCH_STEP_NS, WATCHES } from './watch.js';
import { loadCoreFromDisk, repoRoot } from '../../core/node.js';
import { presetNames, readPreset } from '../../core/presets.js';
import { readMetric } from '../../shared/metrics.js';
import { formatScriptProblem, parseScript, sceneValues, type ScriptResult } from './script.js';

const presets = presetNames();
const presetDocs = Object.fromEntries(presets.map((name) => [name, readPreset(name)]));
const sceneDir = join(repoRoot, 'lessons', 'scenes');
const scriptFiles = readdirSync(sceneDir)
  .filter((file) => file.endsWith('.yaml'))
  .sort();

const GOOD = `id: tiny
title: Tiny
scenes:
  - title: One
    scenario: { preset: testbed-classic, set: { machine.cpus: 2 } }
    views: [cpu-grid]
    caption: Two CPUs.
    ask:
      at_ms: 3
      question: What happens?
      choices:
        - text: This
          correct: true
        - text: That
      explain: Because.
`;

function problemsOf(source: string, file = 'lessons/scenes/tiny.yaml'): string[] {
  const result = parseScript(file, source, presets);
  expect(result.ok).toBe(false);
  return (result as Extract<ScriptResult, { ok: false }>).problems.map(formatScriptProblem);
}

describe('parseScript', () => {
  it('reads a good script into scenes with their lines', () => {
    const result = parseScript('lessons/scenes/tiny.yaml', GOOD, presets);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.script.scenes).toHaveLength(1);
    expect(result.script.scenes[0]!.line).toBe(4);
    expect(result.script.scenes[0]!.ask?.choices[0]!.correct).toBe(true);
    const values = sceneValues(result.script.scenes[0]!, presetDocs);
    expect(values['machine.cpus']).toBe(2);
    expect(values['kernel.kind']).toBe('classic');
    expect(Object.keys(values).some((key) => key.startsWith('meta'))).toBe(false);
  });

  it('explains YAML that does not parse, with its line', () => {
    const [problem, ...rest] = problemsOf('id: tiny\ntitle: [unclosed\nscenes: []\n');
    expect(rest.length).toBeGreaterThanOrEqual(0);
    expect(problem).toMatch(/^lessons\/scenes\/tiny\.yaml:\d+: the scene script is not valid YAML/);
    expect(problem).toContain('Fix:');
  });

  it('names a missing field and says to add it', () => {
    const problems = problemsOf(GOOD.replace('    caption: Two CPUs.\n', ''));
    expect(problems).toEqual([
      'lessons/scenes/tiny.yaml:4: "scenes › item 1" in the scene script is missing "caption". Fix: add a "caption:" line; docs/presenting.md shows every field of the scene script.',
    ]);
  });

  it('suggests the field meant by a misspelt one', () => {
    const problems = problemsOf(GOOD.replace('    caption: Two CPUs.', '    caption: Two CPUs.\n    captoin: x'));
    expect(problems.join('\n')).toMatch(/tiny\.yaml:8: unknown field "captoin" .*Did you mean "caption"\?/);
  });

  it('reads the views a question conceals, and refuses one the scene does not show', () => {
    const good = parseScript(
      'lessons/scenes/tiny.yaml',
      GOOD.replace('      explain: Because.', '      explain: Because.\n      conceal: [cpu-grid]'),
      presets,
    );
    expect(good.ok && good.script.scenes[0]!.ask?.conceal).toEqual(['cpu-grid']);
    const problems = problemsOf(GOOD.replace('      explain: Because.', '      explain: Because.\n      conceal: [modes]'));
    expect(problems).toEqual([
      expect.stringMatching(
        /tiny\.yaml:\d+: the question in scene 1 \("One"\) conceals the view "modes", which the scene does not show \(its views: cpu-grid\)\. Fix: add "modes" to the scene's views, or take it off "conceal"\./,
      ),
    ]);
  });

  it('names an unknown view and lists the views', () => {
    const problems = problemsOf(GOOD.replace('views: [cpu-grid]', 'views: [cpu-grdi]'));
    expect(problems.join('\n')).toMatch(
      /tiny\.yaml:6: "scenes › item 1 › views › item 1" is "cpu-grdi" \(text\), which is not one of: cpu-grid/,
    );
    expect(problems.join('\n')).toContain('Did you mean "cpu-grid"?');
  });

  it('names an unknown preset, suggests the nearest and lists them', () => {
    const problems = problemsOf(GOOD.replace('preset: testbed-classic', 'preset: testbed-clasic'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /tiny\.yaml:5: "scenes › item 1 › scenario › preset" is "testbed-clasic", which is not a preset\. Did you mean "testbed-classic"\?/,
    );
    expect(problems[0]).toContain('Fix: use one of the presets in lessons/scenarios: ');
  });

  it('wants exactly one correct choice', () => {
    expect(problemsOf(GOOD.replace('          correct: true\n', ''))[0]).toMatch(
      /tiny\.yaml:11: the question in scene 1 \("One"\) has 0 choices marked "correct: true".*Fix: add "correct: true" to the right answer\./,
    );
    expect(problemsOf(GOOD.replace('        - text: That', '        - text: That\n          correct: true'))[0]).toMatch(
      /has 2 choices .*Fix: keep "correct: true" on one choice only\./,
    );
  });

  it('checks types, ranges and field paths', () => {
    expect(problemsOf(GOOD.replace('at_ms: 3', 'at_ms: 0')).join('\n')).toMatch(
      /"scenes › item 1 › ask › at_ms" is 0, but it must be more than 0\./,
    );
    expect(problemsOf(GOOD.replace('at_ms: 3', 'at_ms: soon')).join('\n')).toMatch(/at_ms" is "soon" \(text\), but it must be a number\./);
    expect(problemsOf(GOOD.replace('machine.cpus: 2', 'cpus: 2')).join('\n')).toMatch(
      /tiny\.yaml:5: "cpus" is not a scenario field path\./,
    );
    expect(problemsOf(GOOD.replace('        - text: That\n', '')).join('\n')).toMatch(/choices" has 1 item, but it needs at least 2\./);
  });

  it('wants the id to match the file name (the link uses it)', () => {
    expect(problemsOf(GOOD, 'lessons/scenes/other.yaml')[0]).toMatch(
      /other\.yaml:1: "id" is "tiny", but the file is named other\.yaml.*Fix: rename the file to tiny\.yaml or set "id: other"\./,
    );
  });

  it('says so when a script is not a map of fields', () => {
    expect(problemsOf('- just\n- a list\n')[0]).toMatch(/the scene script must be a map of fields/);
  });
});

describe('lessons/scenes', async () => {
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const reports = new Map<string, Report>();

  it('has at least one script', () => {
    expect(scriptFiles).toContain('why-one-lock-stops-scaling.yaml');
  });

  for (const file of scriptFiles) {
    it(`${file} parses, its scenarios pass the core's schema and its numbers are the core's`, () => {
      const result = parseScript(`lessons/scenes/${file}`, readFileSync(join(sceneDir, file), 'utf8'), presets);
      if (!result.ok) expect(result.problems.map(formatScriptProblem)).toEqual([]);
      if (!result.ok) return;
      for (const scene of result.script.scenes) {
        const checked = checkScenario(schema, nestScenario(sceneValues(scene, presetDocs)));
        if (!checked.ok) expect(checked.problems.map((p) => `${scene.title}: ${p.message}`)).toEqual([]);
        if (!checked.ok) continue;
        const measuredMs = (Number(checked.values['sim.duration_ns']) - Number(checked.values['sim.warmup_ns'])) / 1e6;
        if (scene.ask) expect(scene.ask.at_ms, `${scene.title}: the question comes before the run ends`).toBeLessThan(measuredMs);
        const key = JSON.stringify(checked.values);
        let report = reports.get(key);
        if (!report) reports.set(key, (report = JSON.parse(runScenario(core, checked.values)) as Report));
        for (const claim of scene.claims ?? []) {
          const value = readMetric(report, claim.metric);
          expect(value, `${scene.title}: ${claim.metric} ("${claim.says}")`).toBeDefined();
          expect(
            Math.abs(value! - claim.value),
            `${scene.title}: ${claim.metric} is ${value}, the script says ${claim.value} ± ${claim.within}`,
          ).toBeLessThanOrEqual(claim.within);
        }
        // what the caption says to watch comes within the presenter's search (watch.ts), stepping as it does
        if (scene.ask?.until) {
          const sim = Simulation.create(core, checked.values);
          try {
            const start = Number(checked.values['sim.warmup_ns']);
            sim.runUntil(start + scene.ask.at_ms * 1e6);
            const watch = WATCHES[scene.ask.until];
            let t = sim.now;
            while (!watch.holds(sim.snapshot()) && t < start + scene.ask.at_ms * 1e6 + WATCH_LIMIT_NS)
              t = (sim.runUntil(t + WATCH_STEP_NS), sim.now);
            expect(
              watch.holds(sim.snapshot()),
              `${scene.title}: no ${watch.words} within ${WATCH_LIMIT_NS / 1e6} ms of ${scene.ask.at_ms} ms`,
            ).toBe(true);
          } finally {
            sim.free();
          }
        }
      }
    });
  }

  it('every question whose caption tells the class to watch the run names what, so the freeze shows it', () => {
    for (const file of scriptFiles) {
      const result = parseScript(`lessons/scenes/${file}`, readFileSync(join(sceneDir, file), 'utf8'), presets);
      if (!result.ok) continue;
      for (const scene of result.script.scenes) {
        if (scene.ask && /\bwatch\b/i.test(scene.caption)) expect(scene.ask.until, `${file}: "${scene.title}" says "watch"`).toBeDefined();
      }
    }
  });
});
