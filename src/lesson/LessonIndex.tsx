/*
 * LessonIndex.tsx -- the list of lessons (route #/lessons). The site loads this module
 * lazily (App.tsx), so the lesson code (Markdown, YAML and schema checking, the lessons
 * themselves) is not part of the lab's first load. IndexView.tsx renders the list.
 */
import { LessonIndexView } from './IndexView.js';

export function LessonIndex() {
  return <LessonIndexView />;
}
