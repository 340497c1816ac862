import { Fragment, type ReactNode } from 'react';

/** **bold** and *italic* inside a line, the only markup lesson introductions and grammar pages use. */
function withEmphasis(line: string): ReactNode[] {
  return line.split(/(\*\*.+?\*\*|\*[^*]+?\*)/g).map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={i}>{part.slice(1, -1)}</em>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/** One line of authored text with its **bold** and *italic* words (a lesson's summary in the list). */
export const Emphasised = ({ text }: { text: string }) => <>{withEmphasis(text)}</>;

/** Authored text (a lesson introduction, a grammar page): paragraphs separated by blank lines, with **bold** and *italic* words. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{withEmphasis(p.replace(/\s*\n\s*/g, ' '))}</p>
        ))}
    </>
  );
}
