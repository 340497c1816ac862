import type { ReactNode } from 'react';

/** Arabic script, marked for the browser so it is read right to left in the Arabic font. */
export function Arabic({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span lang="ar" dir="rtl" className={`arabic ${className}`}>
      {children}
    </span>
  );
}
