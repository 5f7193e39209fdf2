/* LessonIndex.tsx -- the list of lessons (route #/lessons). Placeholder until lessons land. */
export function LessonIndex() {
  return <main><h1>Lessons</h1></main>;
}
