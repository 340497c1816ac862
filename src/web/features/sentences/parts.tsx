import { Fragment, type ReactNode } from 'react';

/** **bold** inside a line of lesson text, the only markup lesson introductions use. */
function withBold(line: string): ReactNode[] {
  return line.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>));
}

/** A lesson introduction: paragraphs separated by blank lines, with **bold** words. */
export function LessonText({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{withBold(p.replace(/\s*\n\s*/g, ' '))}</p>
        ))}
    </>
  );
}

/** The first paragraph of a lesson introduction as plain text, for the lesson list. */
export function summaryOf(text: string): string {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

export const DIFFICULTY_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
