/*
 * tiny-lesson.ts -- for tests: a small lesson that parses and passes the lint, built
 * from parts so that a test can replace the one part it is about.
 */
/** A check with its right option written last, as a transfer item (unless transfer is
 * empty), whose wrong options' explains give a reason. */
export const check = (id: string, right: string, wrong: string[], transfer = 'a case the text did not work through') => `\`\`\`check
id: ${id}
question: Which one?
${transfer ? `transfer: ${transfer}\n` : ''}options:
${wrong.map((text) => `  - text: ${text}\n    explain: Because it is not, as the run in the lab shows plainly.`).join('\n')}
  - text: ${right}
    correct: true
    explain: Because it is.
\`\`\``;

export interface Parts {
  claims?: string;
  /** The front matter's conclusions: (YAML list items), left out when not given. */
  conclusions?: string;
  predict?: string;
  predictText?: string;
  checks?: string;
  sources?: string;
  summary?: string;
  /** The Experiment section's lab, and the Observe section's compare (YAML bodies). */
  lab?: string;
  compare?: string;
}

export const TABLE = `### Published and simulated

| Figure | In this lesson | Whose | Published |
|---|---|---|---|
| MP synchronization, 2 CPUs | about 1% | simulated | none published |
| MP synchronization, 16 CPUs | 25-35% | published | Rappaport et al., text |`;

export function lesson(parts: Parts = {}): string {
  return `---
id: tiny
title: A tiny lesson
summary: ${parts.summary ?? 'Small but complete.'}
minutes: 5
sources:
  - title: The OpenVMS TCP/IP Scalable Kernel
    authors: [Robert Rappaport]
scenarios:
  testbed:
    preset: testbed-classic
parameters: [machine.cpus]
views: [cpu-grid]
claims:
${parts.claims ?? '  - { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct, value: 0.9, within: 0.3, says: "about 1%" }'}
${parts.conclusions ? `conclusions:\n${parts.conclusions}\n` : ''}---

## What you will learn

Something.

## Predict

${parts.predictText ?? 'Guess.'}

\`\`\`predict
${
  parts.predict ??
  `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 5]
  - text: Some.
    range: [5, 30]
  - text: Much.
    range: [30, 100]`
}
\`\`\`

## Experiment

\`\`\`lab
${
  parts.lab ??
  `id: run-it
scenario: testbed
controls: [machine.cpus]
views: [cpu-grid]
requires: [guess]
task:
  text: Run it.
  runs:
    - { machine.cpus: 2 }
  record: [mpsynch_pct]`
}
\`\`\`

## Observe

\`\`\`compare
${
  parts.compare ??
  `predict: guess
lab: run-it
run: { machine.cpus: 2 }
metric: mpsynch_pct`
}
\`\`\`

It spins about 1% of the time.

## Explain

Because.

## Check

${
  parts.checks ??
  `${check('one', 'This one.', ['That one.'])}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}`
}

## Sources

The paper.

${parts.sources ?? TABLE}
`;
}
