// readme-lessons.mjs -- README.md's list of lessons, generated from lessons/SUMMARY.md (the
// order a learner takes them, in sections), so the README never lists fewer lessons than
// there are. The list sits between two marker comments in README.md; everything else in
// the README is left as it is. scripts/gen-readme-lessons.mjs writes it (--check: only
// says whether it is current); src/site/readme-lessons.test.ts fails when it is stale.

export const BEGIN = '<!-- lessons: generated from lessons/SUMMARY.md by `npm run gen:readme-lessons`; edit SUMMARY.md, not this list -->';
export const END = '<!-- end of the generated lesson list -->';

/**
 * The sections and lessons of SUMMARY.md: "## Section" headings, then "N. [Title](file.md)"
 * items numbered 1, 2, 3... across sections. Anything else that looks like an item is an
 * error naming its line.
 */
export function parseSummary(text) {
  const sections = [];
  let expected = 1;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const where = `lessons/SUMMARY.md line ${index + 1}`;
    const heading = /^##\s+(.+)$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1].trim(), lessons: [] });
      return;
    }
    if (!/^\d+\.\s/.test(line)) return;
    const item = /^(\d+)\.\s+\[([^\]]+)\]\(([^)\s]+\.md)\)$/.exec(line);
    if (!item) throw new Error(`${where}: a lesson item must read "N. [Title](file.md)", not "${line}"`);
    if (sections.length === 0) throw new Error(`${where}: lesson "${item[2]}" comes before any "## Section" heading`);
    if (Number(item[1]) !== expected) throw new Error(`${where}: lesson "${item[2]}" is numbered ${item[1]}, expected ${expected}`);
    expected++;
    sections[sections.length - 1].lessons.push({ number: Number(item[1]), title: item[2], file: item[3] });
  });
  const count = expected - 1;
  if (count === 0) throw new Error('lessons/SUMMARY.md lists no lessons');
  return { sections: sections.filter((s) => s.lessons.length > 0), count };
}

/** The list's Markdown, markers included. */
export function lessonList(summaryText) {
  const { sections, count } = parseSummary(summaryText);
  const lines = [BEGIN, `${count} lessons, in the order a learner takes them:`, ''];
  for (const section of sections) {
    lines.push(`- **${section.title}**: ${section.lessons.map((l) => `${l.number}. [${l.title}](lessons/${l.file})`).join(', ')}.`);
  }
  lines.push(END);
  return lines.join('\n');
}

/** README.md with its lesson list replaced by the one SUMMARY.md gives. */
export function withLessonList(readme, summaryText) {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no generated lesson list (the markers ${BEGIN} and ${END})`);
  return readme.slice(0, begin) + lessonList(summaryText) + readme.slice(end + END.length);
}
