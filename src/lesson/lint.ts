/*
 * lint.ts -- the lesson lint: rules about what a lesson teaches, beyond what the parser
 * checks about its form. A lesson that parses can still let a learner pass a check
 * without reading it, offer no right answer to a prediction, give an answer away before
 * the prediction, or mix the source's numbers with the simulator's. Each rule here finds
 * one of those and says where and how to fix it. It needs the parsed lesson and its
 * text, never the core: the numbers themselves are checked by the claims
 * (lessons.test.ts runs them).
 *
 * The rules:
 * - checks: the right option is not told apart by its length, and not by being the one
 *   option without an absolute word ("always", "never", ...); within a lesson it is the
 *   longest in at most a third of the checks, and across the course in few (lintCourse);
 *   within a file it is written first in at most half (the page shuffles them, but a
 *   habit in the file shows wherever the options are not shuffled: a printout, a diff).
 * - understanding: a check's right option does not echo a paragraph before it (shares
 *   most of its content words with it), so re-reading is not enough; at least half of a
 *   lesson's checks are transfer items (`transfer:` says what is new: a number, a
 *   machine, a case, a prediction the text did not work through); every wrong option's
 *   explain says why it is wrong, in a sentence, not a word.
 * - predictions: an option's ranges are in the compared metric's units, join up with no
 *   gap, and for a percentage cover 0 to 100, so every plausible answer has an option.
 * - spoilers: a phrase that states the number a prediction is compared with stays out of
 *   the summary and the sections read before the prediction.
 * - directions: a check whose right answer (the right option's text or its explain)
 *   rests on a direction or an order (DIRECTION_WORDS: faster, more, rises, flat, ...)
 *   names the conclusions it rests on (rests_on), or says the direction is the source's
 *   (rests_on_source: true); every conclusion it names exists,
 *   so what the learner is told is checked across costs (docs/robustness.md).
 * - sources: the Sources section ends with a "Published and simulated" table naming
 *   each figure the lesson quotes, whose it is, and the published value beside it; its
 *   simulated numbers are the lesson's claims, and every claim is in it.
 */
import type { FlatScenario } from '../core/scenario.js';
import { metricOf } from '../shared/metrics.js';
import type { Claim } from './components.js';
import { gated } from './gating.js';
import { lessonCompares, type Lesson, type LessonProblem } from './parse.js';

/** The right option may be at most this many times as long as the longest wrong one. */
export const LENGTH_RATIO = 1.2;
/** Across the course, the right option may be the longest in at most this share of checks. */
export const COURSE_LONGEST_SHARE = 0.4;
/** A lesson's right option may be the longest in at most this share of its checks. */
export const LESSON_LONGEST_SHARE = 1 / 3;
/** A file may write the right option first in at most this share of its checks. */
export const FILE_FIRST_SHARE = 1 / 2;
/** At least this share of a lesson's checks are transfer items. */
export const TRANSFER_SHARE = 1 / 2;
/** A right option echoes a paragraph when more than this share of its content words are in it. */
export const ECHO_SHARE = 0.5;
/** ... counting only its words that are not the lesson's common vocabulary ("lock", "CPU"
 * in a lesson on locks): those in more than this share of the lesson's paragraphs. */
export const COMMON_SHARE = 0.2;
/** ... and it has at least this many such words (fewer say too little to judge). */
export const ECHO_MIN_WORDS = 3;
/** A wrong option's explain has at least this many words: a reason, not a verdict. */
export const WRONG_EXPLAIN_WORDS = 8;
/** Words that make an option sound wrong (or right) whatever it says. */
export const ABSOLUTE_WORDS = /\b(always|never|only|all|none|every|nothing|no one|cannot|impossible|guaranteed?)\b/i;

/**
 * Words that state a direction, an order or a shape: comparatives and superlatives of
 * size and speed, and verbs of change. "most" and "least" are left out (mostly "most of",
 * "at least"), and so is "drop": in this course it mostly means discarding a packet
 * ("the socket drops it"), and "falls" says the direction. IDIOMS below are the phrases
 * in which a listed word states none.
 */
export const DIRECTION_WORDS = new RegExp(
  `\\b(${[
    'faster',
    'slower',
    'quicker',
    'more',
    'fewer',
    'less',
    'higher',
    'lower',
    'larger',
    'smaller',
    'bigger',
    'greater',
    'longer',
    'shorter',
    'cheaper',
    'costlier',
    'better',
    'worse',
    'fastest',
    'slowest',
    'highest',
    'lowest',
    'largest',
    'smallest',
    'best',
    'worst',
    'rises?',
    'rising',
    'rose',
    'risen',
    'falls?',
    'falling',
    'fell',
    'fallen',
    'grows?',
    'growing',
    'grew',
    'grown',
    'climbs?',
    'climbing',
    'shrinks?',
    'shrinking',
    'shrank',
    'increases?',
    'increased',
    'increasing',
    'decreases?',
    'decreased',
    'decreasing',
    'doubles?',
    'doubled',
    'halves',
    'halved',
    'improves?',
    'improved',
    'beats?',
    'outperforms?',
    'exceeds?',
    'collapses?',
    'collapsed',
    'peaks?',
    'peaked',
    'flat',
    'flattens?',
    'levels? off',
    'plateaus?',
  ].join('|')})\\b`,
  'gi',
);
/** Phrases in which a direction word states no direction. */
export const IDIOMS = /\b(no longer|no more than|any more|once more|more or less|at least|at most|better still|flat combining)\b/gi;

/** The direction words a text uses, outside the idioms, in lower case. */
export function directionWords(text: string): string[] {
  return [...new Set([...plain(text).replace(IDIOMS, ' ').matchAll(DIRECTION_WORDS)].map((match) => match[0].toLowerCase()))];
}

export const TABLE_HEADING = 'Published and simulated';
export const TABLE_COLUMNS = ['Figure', 'In this lesson', 'Whose', 'Published'] as const;
export const WHOSE = ['simulated', 'published'] as const;

function plain(text: string): string {
  return text.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}

/** Numbers as written in a table cell: 41,000 or 0.9 or 28; a range 25-35 gives two. */
export function numbersIn(text: string): number[] {
  return [...plain(text).matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)].map((match) => Number(match[0].replace(/,/g, '')));
}

function runKey(values: FlatScenario): string {
  return JSON.stringify(Object.entries(values).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

function sameRun(a: FlatScenario, b: FlatScenario): boolean {
  return runKey(a) === runKey(b);
}

/** The lines of the file's body between a level-2 heading and the next one. */
function sectionLines(lines: string[], title: string): { start: number; end: number } | undefined {
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  if (end < 0) end = lines.length;
  return { start, end };
}

function claimText(claim: Claim): string {
  const where = Object.entries(claim.set ?? {})
    .map(([path, value]) => `${path}=${value}`)
    .join(' ');
  return `${claim.scenario}${where ? ` ${where}` : ''} ${claim.metric} ${claim.value} ± ${claim.within}`;
}

function componentLine(lesson: Lesson, predicate: (component: unknown) => boolean): number {
  for (const section of lesson.sections) {
    for (const block of section.blocks) if (block.kind === 'component' && predicate(block.component)) return block.line;
  }
  return 1;
}

function lintChecks(lesson: Lesson, problem: (line: number, message: string, fix: string) => void): void {
  for (const check of Object.values(lesson.checks)) {
    const line = componentLine(lesson, (component) => component === check);
    const right = check.options.find((option) => option.correct);
    const wrong = check.options.filter((option) => !option.correct);
    if (!right || wrong.length === 0) continue;
    const rightLength = plain(right.text).length;
    const longestWrong = Math.max(...wrong.map((option) => plain(option.text).length));
    if (rightLength > LENGTH_RATIO * longestWrong) {
      problem(
        line,
        `check "${check.id}": the right option is ${rightLength} characters, ${(rightLength / longestWrong).toFixed(1)} times the longest wrong one (${longestWrong}); a learner can pick it by its length.`,
        `keep the right option's text to what makes it right (at most ${Math.floor(LENGTH_RATIO * longestWrong)} characters) and move the rest into its explain, or make the wrong options as full as it is.`,
      );
    }
    const absoluteWrong = wrong.filter((option) => ABSOLUTE_WORDS.test(plain(option.text)));
    if (!ABSOLUTE_WORDS.test(plain(right.text)) && absoluteWrong.length >= 2 && absoluteWrong.length === wrong.length) {
      problem(
        line,
        `check "${check.id}": every wrong option says an absolute word (always, never, only, ...) and the right one does not; a learner can pick it by that alone.`,
        'word the wrong options as the misconceptions they are without absolutes, or let the right option be as definite as they are.',
      );
    }
  }
}

/** Words that carry no content: a paragraph sharing them with an option says nothing of it. */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing done down during each either even few for from further
had has have having he her here hers him his how however i if in into is it its itself just let like made make makes
many may me might more most much must my no nor not now of off on once one only or other our out over own per same
she should since so some such than that the their them then there these they this those through thus to too under
until up upon us very was we were what when where whether which while who whom whose why will with within without
would yet you your find finds found use used uses back still need needs go goes went gone take takes took taken get
gets got put puts come comes came keep keeps kept give gives gave look looks way`.split(/\s+/),
);

/** A word's crude stem: lower case, without a plural or past ending, so "locks" meets "lock". */
function stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 5 && lower.endsWith('ing')) return lower.slice(0, -3);
  if (lower.length > 4 && lower.endsWith('ed')) return lower.slice(0, -2);
  if (lower.length > 4 && lower.endsWith('es')) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/** The content words of a text, stemmed: words of three or more letters, or numbers, not stop words. */
export function contentWords(text: string): Set<string> {
  const words =
    plain(text)
      .replace(/(\d),(\d)/g, '$1$2')
      .match(/[A-Za-z][A-Za-z'-]*[A-Za-z]|\d+(?:\.\d+)?/g) ?? [];
  return new Set(
    words
      .filter((word) => /\d/.test(word) || (word.length >= 3 && !STOP_WORDS.has(word.toLowerCase())))
      .map((word) => stem(word.replace(/'s$/, ''))),
  );
}

/** The paragraphs of a stretch of lines: runs of non-blank lines, with their first line. */
function paragraphs(lines: string[], from: number, to: number): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let start = -1;
  for (let i = from; i <= to; i++) {
    const blank = i === to || lines[i]!.trim() === '' || /^```/.test(lines[i]!.trim());
    if (blank && start >= 0) {
      found.push({ line: start, text: lines.slice(start, i).join(' ') });
      start = -1;
    } else if (!blank && start < 0) start = i;
  }
  return found;
}

/**
 * The habits of a lesson's checks that let a learner answer without understanding: a
 * right option that repeats a paragraph above it, that is the longest too often, that is
 * written first too often; too few transfer items; a wrong option's explain that gives a
 * verdict and no reason.
 */
function lintUnderstanding(
  lesson: Lesson,
  all: string[],
  body: number,
  problem: (line: number, message: string, fix: string) => void,
): void {
  const checks = Object.values(lesson.checks);
  if (checks.length === 0) return;
  const where = new Map(checks.map((check) => [check, componentLine(lesson, (component) => component === check)]));
  // The lesson's common vocabulary: words in many of its paragraphs say nothing of where
  // an answer was read.
  const everyParagraph = paragraphs(all, body, all.length).map((paragraph) => contentWords(paragraph.text));
  const inParagraphs = new Map<string, number>();
  for (const words of everyParagraph) for (const word of words) inParagraphs.set(word, (inParagraphs.get(word) ?? 0) + 1);
  const common = (word: string) => (inParagraphs.get(word) ?? 0) > COMMON_SHARE * everyParagraph.length;
  for (const check of checks) {
    const line = where.get(check)!;
    const right = check.options.find((option) => option.correct);
    if (!right) continue;
    const words = [...contentWords(right.text)].filter((word) => !common(word));
    if (words.length >= ECHO_MIN_WORDS) {
      // The file's lines above the check's fence (file lines count from 1).
      for (const paragraph of paragraphs(all, body, Math.max(body, line - 1))) {
        const seen = contentWords(paragraph.text);
        const shared = words.filter((word) => seen.has(word));
        if (shared.length / words.length > ECHO_SHARE) {
          problem(
            line,
            `check "${check.id}": its right option shares ${shared.length} of its ${words.length} telling words (${shared.join(', ')}) with the paragraph at line ${paragraph.line + 1}; a learner can answer by finding that paragraph again.`,
            "ask the learner to use the idea on a case the text did not work through (a new number, machine or case), or word the right option as its consequence rather than the text's sentence.",
          );
          break;
        }
      }
    }
    for (const option of check.options) {
      if (option.correct) continue;
      const count = plain(option.explain).split(' ').filter(Boolean).length;
      if (count < WRONG_EXPLAIN_WORDS) {
        problem(
          line,
          `check "${check.id}": the explain of the wrong option "${plain(option.text)}" has ${count} words; it gives a verdict, not the reason the option is wrong.`,
          `say in a sentence (at least ${WRONG_EXPLAIN_WORDS} words) what a learner who chose it has misunderstood, and what shows it.`,
        );
      }
    }
  }
  const first = componentLine(lesson, (component) => component === checks[0]);
  const longest = checks.filter((check) => {
    const right = check.options.find((option) => option.correct);
    const others = check.options.filter((option) => option !== right).map((option) => plain(option.text).length);
    return right !== undefined && plain(right.text).length > Math.max(...others);
  });
  if (longest.length > LESSON_LONGEST_SHARE * checks.length) {
    problem(
      first,
      `the right option is the longest in ${longest.length} of the lesson's ${checks.length} checks (${longest.map((check) => check.id).join(', ')}); a learner who picks the longest passes.`,
      `let it be the longest in at most ${Math.floor(LESSON_LONGEST_SHARE * checks.length)}: shorten right options (detail goes in explain) or write fuller wrong ones.`,
    );
  }
  const firsts = checks.filter((check) => check.options[0]?.correct);
  if (firsts.length > FILE_FIRST_SHARE * checks.length) {
    problem(
      first,
      `the right option is written first in ${firsts.length} of the file's ${checks.length} checks (${firsts.map((check) => check.id).join(', ')}).`,
      `write it first in at most ${Math.floor(FILE_FIRST_SHARE * checks.length)}: move it among the others.`,
    );
  }
  const transfer = checks.filter((check) => check.transfer);
  if (transfer.length < TRANSFER_SHARE * checks.length) {
    problem(
      first,
      `${transfer.length} of the lesson's ${checks.length} checks are transfer items; at least ${Math.ceil(TRANSFER_SHARE * checks.length)} should be.`,
      "ask for the idea on a new number, machine or case, or a prediction the text did not work through, and say what is new in the check's transfer: field.",
    );
  }
}

function lintRestsOn(lesson: Lesson, problem: (line: number, message: string, fix: string) => void): void {
  const known = new Set((lesson.meta.conclusions ?? []).map((conclusion) => conclusion.id));
  for (const check of Object.values(lesson.checks)) {
    const line = componentLine(lesson, (component) => component === check);
    for (const id of check.rests_on ?? []) {
      if (!known.has(id)) {
        problem(
          line,
          `check "${check.id}" rests on the conclusion "${id}", which the front matter does not have.`,
          `use one of: ${[...known].join(', ') || '(none yet)'}, or add it under "conclusions:".`,
        );
      }
    }
    const right = check.options.find((option) => option.correct);
    if (!right || (check.rests_on ?? []).length > 0 || check.rests_on_source) continue;
    const words = directionWords(`${right.text} ${right.explain}`);
    if (words.length > 0) {
      problem(
        line,
        `check "${check.id}": its right answer states a direction or an order (${words.map((word) => `"${word}"`).join(', ')}) but rests on no conclusion, so nothing checks that it holds.`,
        'write the direction as a conclusion in the front matter (docs/lessons.md, "Conclusions") and name it in the check\'s rests_on; if the direction is the source\'s own, which the model does not measure, say rests_on_source: true.',
      );
    }
  }
}

function lintPredictRanges(lesson: Lesson, problem: (line: number, message: string, fix: string) => void): void {
  for (const predict of Object.values(lesson.predicts)) {
    const options = predict.options ?? [];
    const ranged = options.filter((option) => option.range);
    if (ranged.length === 0) continue;
    const line = componentLine(lesson, (component) => component === predict);
    if (ranged.length < options.length) {
      problem(
        line,
        `prediction "${predict.id}": ${options.length - ranged.length} of its options have no range while the others do, so a compare cannot judge them.`,
        "give every option a range in the compared metric's units, or none.",
      );
      continue;
    }
    const ranges = ranged.map((option) => option.range!).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let reach = ranges[0]![1];
    for (const [low, high] of ranges.slice(1)) {
      if (low > reach) {
        problem(
          line,
          `prediction "${predict.id}": no option covers ${reach} to ${low}; a learner who expects a value there has nothing to choose.`,
          `make the ranges join up: let one of them start at ${reach} or end at ${low}.`,
        );
      }
      reach = Math.max(reach, high);
    }
    const metrics = new Set(
      lessonCompares(lesson)
        .filter((compare) => compare.predict === predict.id)
        .map((compare) => compare.metric),
    );
    for (const metric of metrics) {
      if (metricOf(metric).unit !== '%') continue;
      if (ranges[0]![0] > 0 || reach < 100) {
        problem(
          line,
          `prediction "${predict.id}" is compared with ${metric}, a percentage, but its options cover only ${ranges[0]![0]} to ${reach}.`,
          'let the lowest option start at 0 and the highest end at 100, so every percentage has an option.',
        );
      }
    }
  }
}

function lintSpoilers(lesson: Lesson, lines: string[], body: number, problem: (line: number, message: string, fix: string) => void): void {
  const before = ['What you will learn', 'Predict', 'Experiment'];
  const squash = (text: string) => plain(text).toLowerCase();
  for (const compare of lessonCompares(lesson)) {
    const lab = lesson.labs[compare.lab];
    if (!lab) continue;
    const sketch = lesson.predicts[compare.predict]?.sketch;
    // A sketch is answered by every run along it; any other prediction by its one run.
    const compared = (sketch ? sketch.at.map((x) => ({ [sketch.field]: x })) : [compare.run ?? {}]).map((settings) => ({
      ...lesson.labScenarios[lab.id]!,
      ...settings,
    }));
    for (const claim of lesson.meta.claims ?? []) {
      if (!claim.says || claim.metric !== compare.metric) continue;
      const claimed = { ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) };
      if (!compared.some((values) => sameRun(claimed, values))) continue;
      const says = squash(claim.says);
      if (squash(lesson.meta.summary).includes(says)) {
        problem(
          2,
          `the summary says "${claim.says}", the answer to prediction "${compare.predict}", which the index shows before the learner predicts.`,
          'say what the lesson asks, not what it finds.',
        );
      }
      for (const title of before) {
        const range = sectionLines(lines, title);
        if (!range) continue;
        for (let i = range.start; i < range.end; i++) {
          // A phrase may wrap: look at each line with the two after it.
          const window = squash(lines.slice(i, i + 3).join(' '));
          if (window.includes(says) && !squash(lines.slice(i + 1, i + 3).join(' ')).includes(says)) {
            problem(
              body + i + 1,
              `"${claim.says}" is the answer to prediction "${compare.predict}", but ${title} says it before the learner predicts.`,
              'move the number to Observe or Explain, which stay closed until the prediction is committed.',
            );
          }
        }
      }
    }
  }
}

/*
 * Give-aways: a prediction's answer where a learner reads it before committing the
 * prediction. The answer is what the lesson claims for the compared run (each claim with
 * the compare's run and metric, or any run along a sketch): its number within the
 * claim's tolerance, in any wording the rule can read (28%, "a quarter of", 41,000,
 * 41k, 11.2 µs as 11,200 ns; a share of all CPU time also as CPUs' worth: 28% of 16
 * CPUs is 4.5 CPUs), and, for a prediction with options, the words of the option whose
 * range holds it. Read before committing: the summary, and every section the page does
 * not close until the predictions are committed (gating.ts): What you will learn,
 * Predict (its text, each prediction's question and hint; the options' words, which
 * hold their ranges' bounds, only when another lesson's answers are looked for),
 * Experiment (its text and each lab's task). lintLesson looks in the lesson itself;
 * lintCourse looks in every other lesson, which a learner can open in any order.
 */

/** Shares of all the machine's CPU time (the report's modes): N% of a machine of C CPUs
 * is N × C / 100 CPUs' worth. (Host A's modes are of host A's CPUs, not machine.cpus.) */
const MACHINE_SHARES = new Set(['mpsynch_pct', 'idle_pct', 'user_pct', 'spin_pct', 'cswitch_pct']);

/** Time units, in nanoseconds. */
const TIME_UNITS: Record<string, number> = { ns: 1, µs: 1e3, us: 1e3, ms: 1e6, s: 1e9, min: 60e9 };

/** Fractions as a lesson writes them before "of" ("a quarter of the machine"), in %. */
const FRACTIONS: Record<string, number> = {
  'a tenth': 10,
  'a fifth': 20,
  'a quarter': 25,
  'a third': 100 / 3,
  half: 50,
  'two thirds': 200 / 3,
  'three quarters': 75,
  'two fifths': 40,
  'three fifths': 60,
  'four fifths': 80,
};

/** One value a prediction's answer may be written as: a number in a unit, within a tolerance. */
interface AnswerForm {
  value: number;
  within: number;
  unit: string;
  label?: Set<string>;
}

/** A prediction's answer: the forms of its number and, for options, the right option's words. */
export interface Answer {
  lesson: string;
  predict: string;
  /** The claim it comes from, as the lesson says it. */
  claim: Claim;
  /** The compared run the claim is for, and the preset it runs. */
  run: FlatScenario;
  runKey: string;
  preset: string;
  forms: AnswerForm[];
  words?: string;
}

/** Every compared prediction's answers, one for each claim on a compared run. */
export function predictionAnswers(lesson: Lesson): Answer[] {
  const answers: Answer[] = [];
  for (const compare of lessonCompares(lesson)) {
    const lab = lesson.labs[compare.lab];
    const predict = lesson.predicts[compare.predict];
    if (!lab || !predict) continue;
    const runs = (predict.sketch ? predict.sketch.at.map((x) => ({ [predict.sketch!.field]: x })) : [compare.run ?? {}]).map(
      (settings) => ({ ...lesson.labScenarios[lab.id]!, ...settings }),
    );
    for (const claim of lesson.meta.claims ?? []) {
      if (claim.metric !== compare.metric) continue;
      const claimed = { ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) };
      if (!runs.some((values) => sameRun(claimed, values))) continue;
      const unit = metricOf(claim.metric).unit;
      const forms: AnswerForm[] = [{ value: claim.value, within: claim.within, unit, label: contentWords(metricOf(claim.metric).label) }];
      const cpus = Number(claimed['machine.cpus']);
      if (MACHINE_SHARES.has(claim.metric) && cpus > 0)
        forms.push({ value: (claim.value * cpus) / 100, within: (claim.within * cpus) / 100, unit: 'CPUs' });
      const right = predict.options?.find((option) => option.range && claim.value >= option.range[0] && claim.value <= option.range[1]);
      answers.push({
        lesson: lesson.meta.id,
        predict: predict.id,
        claim,
        run: claimed,
        runKey: runKey(claimed),
        preset: lesson.meta.scenarios[claim.scenario]!.preset,
        forms,
        words: right ? plain(right.text).replace(/[.!]+$/, '') : undefined,
      });
    }
  }
  return answers;
}

/** A number written in a text, with the unit written after it ('' for none). */
interface Written {
  text: string;
  value: number;
  unit: string;
  next: string;
}

const UNIT_AFTER =
  /^\s?(%|percent\b|per cent\b|cpus?\b|ns\b|µs\b|us\b|ms\b|s\b|min\b|minutes?\b|seconds?\b|gb\/s|mb\/s|kb\/s|krps?\b|threads?\b|times\b|×)/i;

/** The numbers a text states, as a reader reads them: 41,000, 41k, 41 thousand, 28%, a quarter of. */
export function writtenNumbers(text: string): Written[] {
  const found: Written[] = [];
  // A setting written as code (`net.spin_ns` 0, `hpux.dirty_bytes` 4) is not a measurement.
  // Nor is a label: Experiment 3, lesson 2.
  const flat = plain(text.replace(/`[^`]*`(\s*(=|to|of|at)?\s*-?\d[\d,.]*)?/g, ' '))
    .replace(/\b(experiment|lesson|step|question|figure|table|part|chapter|section)\s+\d+\b/gi, ' ')
    .replace(/\u2009|\u00a0/g, ' ');
  for (const match of flat.matchAll(/(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(\s?(?:k\b|thousand\b|million\b))?/gi)) {
    let value = Number(match[1]!.replace(/,/g, ''));
    const scale = (match[2] ?? '').trim().toLowerCase();
    if (scale === 'k' || scale === 'thousand') value *= 1e3;
    if (scale === 'million') value *= 1e6;
    const after = flat.slice(match.index! + match[0].length);
    let unit = (UNIT_AFTER.exec(after)?.[1] ?? '').toLowerCase();
    if (unit === 'percent' || unit === 'per cent') unit = '%';
    if (unit === 'cpu' || unit === 'cpus') unit = 'CPUs';
    if (/^minutes?$/.test(unit)) unit = 'min';
    if (/^seconds?$/.test(unit)) unit = 's';
    if (unit === '×') unit = 'times';
    const next = /^\s*([A-Za-z][\w-]*)/.exec(after.slice((UNIT_AFTER.exec(after)?.[0] ?? '').length))?.[1] ?? '';
    found.push({ text: match[0] + (UNIT_AFTER.exec(after)?.[0] ?? ''), value, unit, next });
  }
  for (const match of flat.matchAll(new RegExp(`\\b(${Object.keys(FRACTIONS).join('|')}) of\\b`, 'gi'))) {
    found.push({ text: match[0], value: FRACTIONS[match[1]!.toLowerCase()]!, unit: '%', next: '' });
  }
  return found;
}

/** Whether a written number is one of an answer's forms. */
function states(written: Written, form: AnswerForm): boolean {
  const unit = form.unit.toLowerCase();
  let value = written.value;
  if (unit in TIME_UNITS) {
    if (!(written.unit in TIME_UNITS)) return false;
    value = (written.value * TIME_UNITS[written.unit]!) / TIME_UNITS[unit]!;
  } else if (unit === '') {
    // A count or a rate: written bare (41,000 packets a second), never as a share or a time.
    if (written.unit !== '' && written.unit !== 'times') return false;
    // A small bare number (0, 3) is any count or setting: it states this answer only
    // when a word of the measure's name follows it ("3 touches").
    if (
      Math.abs(form.value) + form.within < 10 &&
      !(form.label && contentWords(written.next).size > 0 && [...contentWords(written.next)].some((word) => form.label!.has(word)))
    )
      return false;
  } else if (written.unit !== unit.toLowerCase() && !(unit === 'cpus' && written.unit === 'CPUs')) {
    return false;
  }
  return Math.abs(value - form.value) <= form.within;
}

/** A stretch of text a learner reads before predicting, with the file line it starts on. */
export interface Readable {
  line: number;
  where: string;
  text: string;
  bounds?: number[];
}

/** What a lesson lets a learner read before committing its predictions (see above). */
export function readableBefore(lesson: Lesson, source: string, options = false): Readable[] {
  const all = source.replace(/\r\n?/g, '\n').split('\n');
  const close = all.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
  const found: Readable[] = [];
  const summaryLine = all.findIndex((line) => /^summary:/.test(line));
  found.push({ line: summaryLine + 1, where: 'the summary', text: lesson.meta.summary });
  for (const section of lesson.sections) {
    if (gated(section.title) || section.title === 'Sources') continue;
    const start = all.findIndex((line, i) => i > close && line.trim() === `## ${section.title}`);
    if (start < 0) continue;
    let end = all.findIndex((line, i) => i > start && /^## /.test(line));
    if (end < 0) end = all.length;
    let fence = false;
    let from = -1;
    for (let i = start + 1; i <= end; i++) {
      const line = i < end ? all[i]! : '';
      const isFence = /^\s*(```|~~~)/.test(line);
      const blank = i === end || line.trim() === '' || isFence || fence;
      if (blank && from >= 0) {
        found.push({ line: from + 1, where: section.title, text: all.slice(from, i).join(' ') });
        from = -1;
      } else if (!blank && from < 0) from = i;
      if (isFence) fence = !fence;
    }
    for (const block of section.blocks) {
      if (block.kind !== 'component') continue;
      const component = block.component;
      if (component.type === 'predict' && options) {
        // An option's range bounds, written in its text, state no answer.
        for (const option of component.options ?? [])
          found.push({
            line: block.line,
            where: `${section.title} (an option of prediction "${component.id}")`,
            text: option.text,
            bounds: option.range,
          });
      }
      const texts =
        component.type === 'predict'
          ? [component.question, component.hint ?? '']
          : component.type === 'lab'
            ? [component.task.text]
            : component.type === 'note'
              ? [component.title ?? '', component.text]
              : component.type === 'figure'
                ? [component.caption, ...(component.table?.rows ?? []).map((row) => row.join(' '))]
                : component.type === 'check'
                  ? [component.question, ...component.options.flatMap((option) => [option.text, option.explain])]
                  : [];
      for (const text of texts.filter(Boolean)) found.push({ line: block.line, where: `${section.title} (its ${component.type})`, text });
    }
  }
  return found;
}

/**
 * Whether a written number is the lesson's claim for another run than the answer's: a
 * text that gives a baseline the learner needs ("the run as it was takes about 50
 * minutes") states that run, even when the answer turns out the same.
 */
function statesOtherRun(written: Written, answer: Answer, lesson: Lesson | undefined): boolean {
  if (!lesson) return false;
  return (lesson.meta.claims ?? []).some((claim) => {
    if (claim.metric !== answer.claim.metric) return false;
    if (!states(written, { value: claim.value, within: claim.within, unit: metricOf(claim.metric).unit })) return false;
    const run = { ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) };
    if (runKey(run) === answer.runKey) return false;
    return true;
  });
}

/** Where a lesson's readable texts state an answer: a problem per text and answer. */
function giveaways(
  lesson: Lesson | undefined,
  answers: Answer[],
  readable: Readable[],
  whose: (answer: Answer) => string,
  problem: (line: number, message: string, fix: string) => void,
): void {
  for (const text of readable) {
    const numbers = writtenNumbers(text.text);
    const squashed = plain(text.text).toLowerCase();
    for (const answer of answers) {
      const hit = numbers.find(
        (written) =>
          !text.bounds?.includes(written.value) &&
          answer.forms.some((form) => states(written, form)) &&
          !statesOtherRun(written, answer, lesson),
      );
      const words =
        answer.words && answer.words.split(' ').length >= 3 && squashed.includes(answer.words.toLowerCase()) ? answer.words : undefined;
      if (!hit && !words) continue;
      const said = hit ? `"${hit.text.trim()}"` : `the right option's words "${words}"`;
      problem(
        text.line,
        `${text.where} says ${said}, the answer to ${whose(answer)} (${claimText(answer.claim)}), where a learner reads it before committing that prediction.`,
        'say what the lesson asks, not what it finds: move the number to Observe or Explain, which open only once the predictions are committed, or word it without the number.',
      );
    }
  }
}

interface TableRow {
  line: number;
  cells: string[];
}

function readTable(lines: string[], from: number, to: number): { header?: TableRow; rows: TableRow[] } {
  const rows: TableRow[] = [];
  let header: TableRow | undefined;
  for (let i = from; i < to; i++) {
    const text = lines[i]!.trim();
    if (!text.startsWith('|')) {
      if (header) break;
      continue;
    }
    const cells = text
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
    if (!header) header = { line: i, cells };
    else if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push({ line: i, cells });
  }
  return { header, rows };
}

function lintSourcesTable(
  lesson: Lesson,
  lines: string[],
  body: number,
  problem: (line: number, message: string, fix: string) => void,
): void {
  const sources = sectionLines(lines, 'Sources');
  if (!sources) return; // the parser reports a missing section
  const headings = [];
  for (let i = sources.start + 1; i < sources.end; i++) if (/^### /.test(lines[i]!)) headings.push(i);
  const last = headings[headings.length - 1];
  const header = `| ${TABLE_COLUMNS.join(' | ')} |`;
  if (last === undefined || lines[last]!.trim() !== `### ${TABLE_HEADING}`) {
    problem(
      body + sources.start + 1,
      `the Sources section does not end with a "### ${TABLE_HEADING}" table, so the learner cannot tell which of the lesson's figures are the source's and which the simulator's.`,
      `end Sources with "### ${TABLE_HEADING}" and a table "${header}": a row per figure the lesson quotes, "simulated" or "published", and the published value beside each simulated one ("none published" if there is none).`,
    );
    return;
  }
  const table = readTable(lines, last + 1, sources.end);
  if (!table.header || table.header.cells.join('|') !== TABLE_COLUMNS.join('|')) {
    problem(
      body + last + 1,
      `the "${TABLE_HEADING}" table must have exactly the columns ${TABLE_COLUMNS.join(', ')}.`,
      `start the table with "${header}".`,
    );
    return;
  }
  if (table.rows.length === 0) {
    problem(body + last + 1, `the "${TABLE_HEADING}" table has no rows.`, 'add a row for each figure the lesson quotes.');
    return;
  }
  const claims = lesson.meta.claims ?? [];
  const covered = new Set<number>();
  for (const row of table.rows) {
    const [figure = '', shown = '', whose = '', published = ''] = row.cells;
    const line = body + row.line + 1;
    if (row.cells.length !== TABLE_COLUMNS.length || !figure || !shown || !published) {
      problem(
        line,
        `a row of the "${TABLE_HEADING}" table has an empty or missing cell.`,
        `fill all four cells: ${TABLE_COLUMNS.join(', ')}.`,
      );
      continue;
    }
    const kind = whose.toLowerCase();
    if (!(WHOSE as readonly string[]).includes(kind)) {
      problem(line, `the Whose cell says "${whose}".`, 'write "simulated" (the lab measured it) or "published" (the source reports it).');
      continue;
    }
    if (kind === 'published') continue;
    const numbers = numbersIn(shown);
    if (numbers.length === 0) {
      problem(line, `the simulated row "${figure}" gives no number.`, 'write the number the lesson states, as it states it.');
    }
    for (const number of numbers) {
      const matching = claims.flatMap((claim, index) => (Math.abs(number - claim.value) <= claim.within ? [index] : []));
      if (matching.length === 0) {
        problem(
          line,
          `the simulated row "${figure}" gives ${number}, which no claim of the lesson checks.`,
          'add a claim for it in the front matter, or move a condition (a CPU count, a size) into the Figure cell.',
        );
      }
      for (const index of matching) covered.add(index);
    }
  }
  claims.forEach((claim, index) => {
    if (!covered.has(index)) {
      problem(
        body + last + 1,
        `the claim ${claimText(claim)}${claim.says ? ` ("${claim.says}")` : ''} is stated in the lesson but is in no simulated row of the "${TABLE_HEADING}" table.`,
        'add it to the row of its figure (or a row of its own), with the published value beside it if there is one.',
      );
    }
  });
}

/** Every problem the lint finds in one lesson, given its parsed form and its text. */
export function lintLesson(lesson: Lesson, source: string): LessonProblem[] {
  const problems: LessonProblem[] = [];
  const problem = (line: number, message: string, fix: string) => problems.push({ file: lesson.file, line, message, fix });
  const all = source.replace(/\r\n?/g, '\n').split('\n');
  // Skip the front matter: sections are read from the body, lines counted in the file.
  const close = all.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
  const body = close + 1;
  const lines = all.slice(body);
  lintChecks(lesson, problem);
  lintUnderstanding(lesson, all, body, problem);
  lintRestsOn(lesson, problem);
  lintPredictRanges(lesson, problem);
  lintSpoilers(lesson, lines, body, problem);
  giveaways(lesson, predictionAnswers(lesson), readableBefore(lesson, source), (answer) => `prediction "${answer.predict}"`, problem);
  lintSourcesTable(lesson, lines, body, problem);
  return problems.sort((a, b) => a.line - b.line);
}

/**
 * Rules over all lessons together: a habit no single check shows, and, given the
 * lessons' texts (by file), a lesson that states another lesson's prediction's answer
 * where a learner reads it before predicting: the learner may open the lessons in any
 * order, so no lesson's summary, What you will learn, Predict or Experiment may state
 * another's answers.
 */
export function lintCourse(lessons: Lesson[], sources?: Record<string, string>): LessonProblem[] {
  const problems: LessonProblem[] = [];
  if (sources) {
    const answers = lessons.flatMap(predictionAnswers);
    for (const lesson of lessons) {
      const source = sources[lesson.file];
      if (source === undefined) continue;
      // Another lesson's answer is about its own simulated system: a lesson restates it
      // where it runs the same preset or the same run, or where it names that lesson (a
      // link or its title).
      const presets = new Set(Object.values(lesson.meta.scenarios).map((scenario) => scenario.preset));
      const runs = new Set(
        [
          ...(lesson.meta.claims ?? []).map((claim) => ({ ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) })),
          ...Object.values(lesson.labs).flatMap((lab) =>
            lab.task.runs.map((settings) => ({ ...lesson.labScenarios[lab.id]!, ...settings })),
          ),
        ].map(runKey),
      );
      // Here a prediction's options count too: they are not this answer's own words.
      const readable = readableBefore(lesson, source, true);
      const others = answers.filter((answer) => answer.lesson !== lesson.meta.id);
      const titles = new Map(lessons.map((other) => [other.meta.id, other.meta.title.toLowerCase()]));
      for (const text of readable) {
        const squashed = plain(text.text).toLowerCase();
        // A text that names the other lesson is about that lesson's runs, whatever this
        // lesson's own claims say.
        const names = (id: string) => squashed.includes(`#/lessons/${id}`) || squashed.includes(titles.get(id)!);
        const named = others.filter((answer) => names(answer.lesson));
        giveaways(
          undefined,
          named,
          [text],
          (answer) => `lesson "${answer.lesson}"'s prediction "${answer.predict}"`,
          (line, message, fix) => problems.push({ file: lesson.file, line, message, fix }),
        );
        const about = others.filter((answer) => !names(answer.lesson) && (presets.has(answer.preset) || runs.has(answer.runKey)));
        giveaways(
          lesson,
          about,
          [text],
          (answer) => `lesson "${answer.lesson}"'s prediction "${answer.predict}"`,
          (line, message, fix) => problems.push({ file: lesson.file, line, message, fix }),
        );
      }
    }
  }
  return [...problems, ...lintLongest(lessons)];
}

function lintLongest(lessons: Lesson[]): LessonProblem[] {
  const checks = lessons.flatMap((lesson) => Object.values(lesson.checks).map((check) => ({ lesson, check })));
  if (checks.length === 0) return [];
  const longest = checks.filter(({ check }) => {
    const right = check.options.find((option) => option.correct);
    const others = check.options.filter((option) => option !== right).map((option) => plain(option.text).length);
    return right !== undefined && plain(right.text).length > Math.max(...others);
  });
  const share = longest.length / checks.length;
  if (share > COURSE_LONGEST_SHARE) {
    return [
      {
        file: 'lessons/',
        line: 1,
        message: `the right option is the longest in ${longest.length} of ${checks.length} checks (${Math.round(share * 100)}%); a learner who always picks the longest passes most of the course (${longest
          .slice(0, 5)
          .map(({ lesson, check }) => `${lesson.meta.id}/${check.id}`)
          .join(', ')}${longest.length > 5 ? ', ...' : ''}).`,
        fix: `make the right option the longest in at most ${Math.round(COURSE_LONGEST_SHARE * 100)}% of checks: shorten right options (detail goes in explain) or write fuller wrong ones.`,
      },
    ];
  }
  return [];
}
