import type { ReactNode } from 'react';

/** A 16 px icon drawn in lines of the text's colour (a lock, a microphone), hidden from screen readers as its button names it. */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {children}
    </svg>
  );
}
