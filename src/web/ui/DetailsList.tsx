import type { ReactNode } from 'react';

/** One row of a details list: what it names and what it shows; a wide row takes the list's whole width. */
export interface Detail {
  term: string;
  value: ReactNode;
  wide?: boolean;
}

/**
 * Named details side by side (a word's spellings and topic, an answer beside the expected one), each row a
 * term and its value; a row given as null is left out.
 */
export function DetailsList({ details, className, label }: { details: (Detail | null)[]; className: string; label?: string }) {
  return (
    <dl className={className} aria-label={label}>
      {details
        .filter((detail) => detail !== null)
        .map((detail) => (
          <div key={detail.term} className={detail.wide ? 'wide' : undefined}>
            <dt>{detail.term}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
    </dl>
  );
}
