import type { ReactNode } from 'react';

/** An icon drawn in lines of the text's colour (a lock, a microphone, a loudspeaker), hidden from screen readers as its button names it. */
export function LineIcon({ size = 16, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
