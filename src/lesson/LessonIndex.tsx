/*
 * LessonIndex.tsx -- the list of lessons (route #/lessons) in SUMMARY.md's order: each
 * with its title, summary, length and the learner's progress; and, for the lessons'
 * authors, any lesson that failed to parse with its problems. The site loads this
 * module lazily (App.tsx), so the lesson code (Markdown, YAML and schema checking, the
 * lessons themselves) is not part of the lab's first load.
 */
import { ProgressFile } from './ProgressFile.js';
import { usePageTitle, useProgressState } from './hooks.js';
import { catalog } from './library.js';
import { formatProblem } from './parse.js';
import { emptyLessonProgress } from './progress.js';
import { ProgressBar } from './ProgressBar.js';
import { ProgressNotice } from './ProgressNotice.js';
import { lessonStatus } from './status.js';
import './lesson.css';

export function LessonIndex() {
  const { data } = useProgressState();
  usePageTitle('Lessons · StackLab');
  const broken = Object.entries(catalog.broken);
  return (
    <div className="lesson-page lesson-index">
      <header className="lesson-header">
        <p className="lesson-kicker">StackLab lessons</p>
        <h1>Why network stacks stop scaling</h1>
        <p className="lesson-summary">
          Short lessons built on the lab. In each one you predict what a multiprocessor will do, run the experiment in an embedded lab,
          compare, and then read why. Your predictions and answers stay in this browser.
        </p>
        <p className="lesson-present">
          <a href="#/present">Present to a class</a>: scripted scenes for a projector, with questions the class answers before you reveal
          them.
        </p>
      </header>
      <ProgressNotice />
      <ol className="lesson-list">
        {catalog.lessons.map((lesson, index) => {
          const progress = data.lessons[lesson.meta.id] ?? emptyLessonProgress();
          const status = lessonStatus(lesson, progress);
          const state = status.complete
            ? 'Completed'
            : status.started
              ? `In progress: ${status.done} of ${status.total} steps`
              : 'Not started';
          return (
            <li key={lesson.meta.id} className={`lesson-list-item${status.complete ? ' lesson-list-done' : ''}`}>
              <p className="lesson-kicker">
                Lesson {index + 1} · about {lesson.meta.minutes} minutes
              </p>
              <h2>
                <a href={`#/lessons/${lesson.meta.id}`}>{lesson.meta.title}</a>
              </h2>
              <p className="lesson-list-summary">{lesson.meta.summary}</p>
              <ProgressBar
                status={status}
                label={`Progress in ${lesson.meta.title}`}
                text={state}
                testId={`index-status-${lesson.meta.id}`}
              />
              <p className="lesson-list-go" aria-hidden="true">
                {status.complete ? 'Review' : status.started ? 'Continue' : 'Start'} the lesson →
              </p>
              <p className="lesson-list-source">
                Source: <cite>{lesson.meta.sources[0]!.title}</cite>, {lesson.meta.sources[0]!.authors.join(', ')}
              </p>
            </li>
          );
        })}
      </ol>
      <ProgressFile />
      {broken.length > 0 && (
        <section className="lesson-broken" aria-labelledby="broken-lessons">
          <h2 id="broken-lessons">Lessons with errors</h2>
          <p>These lesson files could not be read. Their authors can fix them:</p>
          {broken.map(([id, problems]) => (
            <div key={id}>
              <h3>lessons/{id}.md</h3>
              <ul className="lesson-problems">
                {problems.map((problem, i) => (
                  <li key={i}>
                    <code>{formatProblem(problem)}</code>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
