/** The first paragraph of a lesson introduction as plain text, for the lesson list. */
export function summaryOf(text: string): string {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

export const DIFFICULTY_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
