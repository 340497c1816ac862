/** The first paragraph of a lesson introduction on one line, its emphasis kept, for the lesson list. */
export function summaryOf(text: string): string {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

export const DIFFICULTY_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
