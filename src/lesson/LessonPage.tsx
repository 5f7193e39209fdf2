/* LessonPage.tsx -- one lesson (route #/lessons/<id>). Placeholder until lessons land. */
export function LessonPage({ id }: { id: string }) {
  return <main><h1>Lesson {id}</h1></main>;
}
