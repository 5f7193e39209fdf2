/*
 * LessonPage.tsx -- one lesson (route #/lessons/<id>), loaded lazily by the site like
 * the index (see LessonIndex.tsx); PageView.tsx renders the lesson.
 */
import { LessonPageView } from './PageView.js';

export function LessonPage({ id }: { id: string }) {
  return <LessonPageView id={id} />;
}
