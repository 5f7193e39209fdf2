/*
 * LessonPage.tsx -- one lesson (route #/lessons/<id>): its title, summary and progress;
 * the skeleton's sections in order with their Markdown and components; the sources;
 * completion and the previous and next lessons. Headings go h1 (the title), h2 (the
 * sections), h3 (parts of a section). Everything is reachable and operable from the
 * keyboard. The site (App.tsx) loads this module lazily, like the index (see
 * LessonIndex.tsx), provides the page's <main> and moves focus to it on navigation.
 */
import { useEffect, useMemo, useState } from 'react';
import { EmbedCodeButton } from '../shared/EmbedCodeButton.js';
import { Check } from './blocks/Check.js';
import { Compare } from './blocks/Compare.js';
import { Figure, Note } from './blocks/Figure.js';
import { LabStep } from './blocks/LabStep.js';
import { RenderedHtml } from './blocks/Markdown.js';
import { Predict } from './blocks/Predict.js';
import { useLessonProgress, usePageTitle } from './hooks.js';
import { gated } from './gating.js';
import { catalog } from './library.js';
import { formatProblem, type Lesson, type LessonSection, type Step } from './parse.js';
import { progressStore, type LessonProgress } from './progress.js';
import { ProgressBar } from './ProgressBar.js';
import { ProgressNotice } from './ProgressNotice.js';
import { lessonStatus, stepDone } from './status.js';
import './lesson.css';
import { own } from '../core/safe-keys.js';

/** `embedded`: in another site's frame (EmbedPage), where storage refused is usual and said in one quiet line. */
export function LessonPage({ id, embedded = false }: { id: string; embedded?: boolean }) {
  const lesson = catalog.lessons.find((l) => l.meta.id === id);
  if (!lesson) return <MissingLesson id={id} />;
  return <LessonBody key={id} lesson={lesson} embedded={embedded} />;
}

function MissingLesson({ id }: { id: string }) {
  const problems = own(catalog.broken, id);
  usePageTitle('Lesson not found · StackLab');
  return (
    <div className="lesson-page lesson-missing">
      <nav className="lesson-crumbs" aria-label="Breadcrumb">
        <a href="#/lessons">All lessons</a>
      </nav>
      <h1 tabIndex={-1}>{problems ? 'This lesson has errors' : 'There is no such lesson'}</h1>
      {problems ? (
        <>
          <p>
            The lesson file <code>lessons/{id}.md</code> could not be read. Its author can fix it:
          </p>
          <ul className="lesson-problems">
            {problems.map((problem, i) => (
              <li key={i}>
                <code>{formatProblem(problem)}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          No lesson is called “{id}”. <a href="#/lessons">See all lessons</a>.
        </p>
      )}
    </div>
  );
}

function LessonBody({ lesson, embedded }: { lesson: Lesson; embedded: boolean }) {
  const id = lesson.meta.id;
  const progress = useLessonProgress(id);
  const status = lessonStatus(lesson, progress);
  usePageTitle(`${lesson.meta.title} · StackLab lessons`);
  const position = catalog.lessons.indexOf(lesson);
  const previous = catalog.lessons[position - 1];
  const next = catalog.lessons[position + 1];

  // The moment every step is done, the lesson is complete (and stays so until reset).
  useEffect(() => {
    if (status.complete && !progress.completedAt) {
      progressStore().update(id, (saved) => ({ ...saved, completedAt: new Date().toISOString() }));
    }
  }, [status.complete, progress.completedAt, id]);

  const numbers = useMemo(() => stepNumbers(lesson.steps), [lesson]);

  return (
    <div className="lesson-page">
      <nav className="lesson-crumbs" aria-label="Breadcrumb">
        <a href="#/lessons">All lessons</a> <span aria-hidden="true">›</span>{' '}
        <span>
          Lesson {position + 1} of {catalog.lessons.length}
        </span>
      </nav>
      <header className="lesson-header">
        <p className="lesson-kicker">
          Lesson {position + 1} · about {lesson.meta.minutes} minutes
        </p>
        <h1 tabIndex={-1}>{lesson.meta.title}</h1>
        <p className="lesson-summary">{lesson.meta.summary}</p>
        <EmbedCodeButton />
        <ProgressBar
          status={status}
          label="Lesson progress"
          testId="lesson-progress"
          text={status.complete ? `Complete: all ${status.total} steps done` : `${status.done} of ${status.total} steps done`}
        />
        <SectionNav lesson={lesson} progress={progress} />
      </header>
      <ProgressNotice quiet={embedded} />
      <article className="lesson-article" aria-label={lesson.meta.title}>
        {lesson.sections.map((section, index) => (
          <Section key={section.slug} lesson={lesson} section={section} index={index} progress={progress} numbers={numbers} />
        ))}
      </article>
      <footer className="lesson-footer">
        <Completion lesson={lesson} complete={status.complete} done={status.done} total={status.total} next={next} />
        <nav className="lesson-pager" aria-label="Other lessons">
          {previous ? (
            <a className="lesson-pager-prev" href={`#/lessons/${previous.meta.id}`}>
              <span className="lesson-pager-dir">Previous lesson</span> {previous.meta.title}
            </a>
          ) : (
            <span />
          )}
          {next ? (
            <a className="lesson-pager-next" href={`#/lessons/${next.meta.id}`}>
              <span className="lesson-pager-dir">Next lesson</span> {next.meta.title}
            </a>
          ) : (
            <a className="lesson-pager-next" href="#/lessons">
              <span className="lesson-pager-dir">All lessons</span> Back to the list
            </a>
          )}
        </nav>
        <ResetLesson id={id} started={status.started} />
      </footer>
    </div>
  );
}

/** Moves to a section's heading (and focus, so keyboard and screen-reader users follow). */
function goToSection(slug: string): void {
  const target = document.getElementById(`section-${slug}`);
  target?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  target?.focus({ preventScroll: true });
}

/** Experiments and questions are numbered in the page's order, each kind from 1 (ids are unique). */
function stepNumbers(steps: Step[]): Map<string, number> {
  const counts: Record<Step['kind'], number> = { predict: 0, lab: 0, check: 0 };
  return new Map(steps.map((step) => [step.id, ++counts[step.kind]]));
}

/** The skeleton as a row of links to sections, each marked when its steps are done. */
function SectionNav({ lesson, progress }: { lesson: Lesson; progress: LessonProgress }) {
  return (
    <nav className="lesson-sections" aria-label="Sections of this lesson">
      <ol>
        {lesson.sections.map((section, index) => {
          const done = section.steps.length > 0 && section.steps.every((step) => stepDone(lesson, progress, step));
          return (
            <li key={section.slug}>
              <button
                type="button"
                className={done ? 'lesson-section-link lesson-section-done' : 'lesson-section-link'}
                onClick={() => goToSection(section.slug)}
              >
                <span className="lesson-section-number" aria-hidden="true">
                  {done ? '✓' : index + 1}
                </span>
                {section.title}
                {section.steps.length > 0 && <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Section({
  lesson,
  section,
  index,
  progress,
  numbers,
}: {
  lesson: Lesson;
  section: LessonSection;
  index: number;
  progress: LessonProgress;
  numbers: Map<string, number>;
}) {
  const id = lesson.meta.id;
  // Observe, Explain and Check hold or state the answers: they open once every
  // prediction is committed (gating.ts).
  const pending = gated(section.title) ? Object.keys(lesson.predicts).filter((p) => !(p in progress.predictions)) : [];
  return (
    <section className={`lesson-section lesson-section-${section.slug}`} aria-labelledby={`section-${section.slug}`}>
      <h2 id={`section-${section.slug}`} tabIndex={-1}>
        <span className="lesson-section-number" aria-hidden="true">
          {index + 1}
        </span>
        {section.title}
      </h2>
      {section.title === 'Sources' && <Sources lesson={lesson} />}
      {pending.length > 0 ? (
        <p className="lesson-gated" data-testid={`gated-${section.slug}`}>
          {section.title === 'Check'
            ? 'These questions use the answers to your predictions'
            : 'This section holds the answers to your predictions'}
          , so {section.title === 'Check' ? 'they open' : 'it opens'} once you have committed{' '}
          {pending.length === 1 ? 'your prediction' : `all ${Object.keys(lesson.predicts).length} predictions`} ({pending.length} still to
          make, in{' '}
          <button type="button" className="lesson-inline-link" onClick={() => goToSection('predict')}>
            Predict
          </button>
          ).
        </p>
      ) : (
        section.blocks.map((block, i) => {
          if (block.kind === 'markdown') return <RenderedHtml key={i} html={block.html} />;
          const component = block.component;
          switch (component.type) {
            case 'predict':
              return <Predict key={i} lessonId={id} predict={component} prediction={progress.predictions[component.id]} />;
            case 'lab':
              return <LabStep key={i} lesson={lesson} lab={component} number={numbers.get(component.id)!} progress={progress} />;
            case 'compare':
              return (
                <Compare
                  key={i}
                  compare={component}
                  predict={lesson.predicts[component.predict]!}
                  lab={lesson.labs[component.lab]!}
                  progress={progress}
                />
              );
            case 'check':
              return (
                <Check key={i} lessonId={id} check={component} number={numbers.get(component.id)!} saved={progress.checks[component.id]} />
              );
            case 'figure':
              return <Figure key={i} figure={component} />;
            case 'note':
              return <Note key={i} note={component} />;
          }
        })
      )}
    </section>
  );
}

function Sources({ lesson }: { lesson: Lesson }) {
  return (
    <ul className="lesson-sources">
      {lesson.meta.sources.map((source, i) => (
        <li key={i}>
          <cite>{source.title}</cite>. {source.authors.join(', ')}
          {source.publisher ? ` (${source.publisher})` : ''}.{source.note && <span className="lesson-muted"> {source.note}</span>}
        </li>
      ))}
    </ul>
  );
}

function Completion({
  lesson,
  complete,
  done,
  total,
  next,
}: {
  lesson: Lesson;
  complete: boolean;
  done: number;
  total: number;
  next?: Lesson;
}) {
  return (
    <div className={complete ? 'lesson-complete lesson-complete-yes' : 'lesson-complete'} data-testid="lesson-complete">
      <p className="visually-hidden" role="status">
        {complete ? `Lesson complete: ${lesson.meta.title}.` : ''}
      </p>
      {complete ? (
        <>
          <p className="lesson-complete-title">
            <span aria-hidden="true">✓ </span>Lesson complete
          </p>
          <p>
            You predicted, measured and explained “{lesson.meta.title}”.
            {next ? ` Next: ${next.meta.title}.` : ' That was the last lesson for now.'}
          </p>
        </>
      ) : (
        <p>
          {total - done} step{total - done === 1 ? '' : 's'} left: every prediction committed, every experiment run, every question
          answered.
        </p>
      )}
    </div>
  );
}

function ResetLesson({ id, started }: { id: string; started: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!started) return null;
  return (
    <div className="lesson-reset">
      {asking ? (
        <>
          <p id={`reset-${id}`}>Clear your predictions, runs and answers for this lesson?</p>
          <button
            type="button"
            className="btn"
            aria-describedby={`reset-${id}`}
            onClick={() => {
              progressStore().resetLesson(id);
              setAsking(false);
              document.querySelector<HTMLElement>('.lesson-header h1')?.focus();
            }}
          >
            Yes, start again
          </button>
          <button type="button" className="btn" autoFocus onClick={() => setAsking(false)}>
            Keep my progress
          </button>
        </>
      ) : (
        <button type="button" className="btn lesson-quiet" onClick={() => setAsking(true)}>
          Start this lesson again
        </button>
      )}
    </div>
  );
}
