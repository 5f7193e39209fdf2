/** Types of readme-lessons.mjs, for its test. */
export declare const BEGIN: string;
export declare const END: string;
export interface SummaryLesson {
  number: number;
  title: string;
  file: string;
}
export interface SummarySection {
  title: string;
  lessons: SummaryLesson[];
}
export declare function parseSummary(text: string): { sections: SummarySection[]; count: number };
export declare function lessonList(summaryText: string): string;
export declare function withLessonList(readme: string, summaryText: string): string;
