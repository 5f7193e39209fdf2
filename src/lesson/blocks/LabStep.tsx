/*
 * LabStep.tsx -- a ```lab: the embedded lab (src/lab/Lab.tsx) with only the lesson's
 * controls and views, locked until the predictions it requires are committed, and the
 * task's table of runs. Each run the lab finishes (its onReport) is matched to a task
 * run by its settings and what it measured is kept; the step is done when every run
 * is recorded. Only if the lab itself fails in this browser can the step be marked
 * done by hand, with the headless commands that run the same experiment.
 */
import { Component, useCallback, useId, useState, type ReactNode } from 'react';
import type { Report } from '../../core/report.js';
import type { ScenarioValues } from '../../core/scenario.js';
import { Lab } from '../../lab/Lab.js';
import type { FieldValue, LabComponent, LessonScenario } from '../components.js';
import { formatMetric, metricOf, readMetric } from '../../shared/metrics.js';
import type { Lesson } from '../parse.js';
import { progressStore, type LessonProgress } from '../progress.js';
import { labDone, matchRun, missingPredictions, ranSettings, recordRun } from '../status.js';
import { headlessCommand, settingText, settingsInWords } from '../words.js';
import { Markdown } from './Markdown.js';
import { predictDomId } from './Predict.js';

class LabBoundary extends Component<{ fallback: (message: string) => ReactNode; children: ReactNode }, { message?: string }> {
  state: { message?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  render() {
    return this.state.message !== undefined ? this.props.fallback(this.state.message) : this.props.children;
  }
}

function LockIcon() {
  return (
    <svg className="lesson-lock-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
      <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <rect x="4" y="10" width="16" height="11" rx="2.5" fill="currentColor" />
      <circle cx="12" cy="15.5" r="1.8" fill="#fff" />
    </svg>
  );
}

function focusPrediction(id: string) {
  const form = document.getElementById(predictDomId(id));
  const target = form?.querySelector<HTMLElement>('input, button') ?? form;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  target?.focus({ preventScroll: true });
}

export function LabStep({
  lesson,
  lab,
  number,
  progress,
}: {
  lesson: Lesson;
  lab: LabComponent;
  number: number;
  progress: LessonProgress;
}) {
  const id = useId();
  const lessonId = lesson.meta.id;
  const [said, setSaid] = useState('');
  const saved = progress.labs[lab.id];
  const waitingFor = missingPredictions(lab, progress);
  const done = labDone(lab, progress);
  const scenario: LessonScenario = lesson.meta.scenarios[lab.scenario]!;
  const values = lesson.labScenarios[lab.id] as ScenarioValues;
  const recorded = lab.task.runs.filter((_, index) => saved?.runs[String(index)] !== undefined).length;

  const onReport = useCallback(
    (report: Report) => {
      const index = matchRun(lab, report);
      if (index < 0) {
        const settings = ranSettings(report);
        const ran = Object.keys(lab.task.runs[0]!)
          .map((path) => settingText(path, settings[path] as FieldValue))
          .join(', ');
        setSaid(
          `That run (${ran}) is not one the task asks for, so it is not in the table. The task asks for: ${lab.task.runs.map(settingsInWords).join('; ')}.`,
        );
        return;
      }
      const record = recordRun(lab, report);
      progressStore().update(lessonId, (lesson) => {
        const previous = lesson.labs[lab.id] ?? { runs: {} };
        return { ...lesson, labs: { ...lesson.labs, [lab.id]: { ...previous, runs: { ...previous.runs, [String(index)]: record } } } };
      });
      const first = lab.task.record[0]!;
      const value = readMetric(report, first);
      setSaid(
        `Recorded: ${settingsInWords(lab.task.runs[index]!)}. ${metricOf(first).label}: ${value === undefined ? 'not measured' : formatMetric(first, value)}.`,
      );
    },
    [lab, lessonId],
  );

  const markDone = () => {
    progressStore().update(lessonId, (lesson) => {
      const previous = lesson.labs[lab.id] ?? { runs: {} };
      return { ...lesson, labs: { ...lesson.labs, [lab.id]: { ...previous, manual: true } } };
    });
    setSaid('Marked as done.');
  };

  const commands = lab.task.runs.map((run) => headlessCommand(scenario, lab.set, run));

  return (
    <div className={`lesson-lab${done ? ' lesson-lab-done' : ''}`} role="group" aria-labelledby={`${id}-title`}>
      <div className="lesson-lab-head">
        <p className="lesson-card-kind" aria-hidden="true">
          Experiment {number}
        </p>
        <p className="lesson-task" id={`${id}-title`}>
          <span className="visually-hidden">Experiment {number}: </span>
          <Markdown inline text={lab.task.text} />
        </p>
        <p className="lesson-lab-status" data-testid={`lab-status-${lab.id}`}>
          {done ? (
            <>
              <span aria-hidden="true">✓ </span>Done
            </>
          ) : (
            `${recorded} of ${lab.task.runs.length} runs recorded`
          )}
        </p>
      </div>

      {/* a wide table scrolls sideways: the box takes focus so the keyboard can scroll it */}
      <div className="lesson-runs" tabIndex={0} role="region" aria-label={`Your runs for ${lab.id}`}>
        <table>
          <caption>
            Your runs <span className="lesson-muted">(each run that reaches its end in the lab below fills its row)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              {lab.task.record.map((metric) => (
                <th key={metric} scope="col">
                  {metricOf(metric).label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lab.task.runs.map((run, index) => {
              const record = saved?.runs[String(index)];
              return (
                <tr key={index} className={record ? 'lesson-run-done' : undefined}>
                  <th scope="row">
                    <span className="lesson-run-mark" aria-hidden="true">
                      {record ? '✓' : '○'}
                    </span>{' '}
                    {settingsInWords(run)}
                    {!record && <span className="visually-hidden"> (not run yet)</span>}
                  </th>
                  {lab.task.record.map((metric) => {
                    const value = record?.[metric];
                    return (
                      <td key={metric}>
                        {value === undefined ? (
                          <span className="lesson-muted" aria-label="not run yet">
                            –
                          </span>
                        ) : (
                          formatMetric(metric, value)
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="lesson-live" role="status" aria-live="polite">
        {said}
      </p>
      {waitingFor.length > 0 ? (
        <div className="lesson-locked">
          <LockIcon />
          <p>
            <strong>Predict first.</strong> This experiment opens once you have committed your prediction{waitingFor.length > 1 ? 's' : ''}{' '}
            above, so that what you see cannot change what you expect.
          </p>
          <button type="button" className="btn" onClick={() => focusPrediction(waitingFor[0]!)}>
            Go to the prediction
          </button>
        </div>
      ) : (
        <LabBoundary
          fallback={(message) => (
            <div className="lesson-lab-failed" role="alert">
              <p>
                <strong>The lab could not start in this browser.</strong> {message}
              </p>
              <p>You can run the same experiment without a browser, then mark this step done:</p>
              <pre>
                <code>{commands.join('\n')}</code>
              </pre>
              {!done && (
                <button type="button" className="btn" onClick={markDone}>
                  I ran it headless: mark as done
                </button>
              )}
            </div>
          )}
        >
          <Lab
            scenario={values}
            controls={lab.controls}
            views={lab.views}
            compact
            label={`Lab for experiment ${number}`}
            onReport={onReport}
          />
        </LabBoundary>
      )}

      <details className="lesson-headless">
        <summary>Run this experiment without a browser</summary>
        <pre>
          <code>{commands.join('\n')}</code>
        </pre>
      </details>
    </div>
  );
}
