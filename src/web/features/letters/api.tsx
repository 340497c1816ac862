import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../ui/ErrorDisplay';
import { Spinner } from '../../ui/Spinner';
import type { LetterView } from '../../../modules/letters/service';

export type { LetterAnswerResult, LetterView } from '../../../modules/letters/service';

/** Query keys are the paths they GET (src/web/lib/query.ts). */
export const LETTERS_KEY = ['/api/letters'] as const;

/** The number-letters from the server for both letters screens, or their loading, error and empty states. */
export function WithLetters({ children }: { children: (letters: LetterView[]) => ReactNode }) {
  const letters = useQuery<LetterView[]>({ queryKey: LETTERS_KEY });
  if (letters.isPending) {
    return (
      <div className="card">
        <Spinner label="Loading letters..." />
      </div>
    );
  }
  if (letters.isError) return <ErrorDisplay error={letters.error} title="Unable to load letters" onRetry={() => letters.refetch()} />;
  if (letters.data.length === 0) {
    return (
      <div className="card center">
        <p>No letters available.</p>
      </div>
    );
  }
  return children(letters.data);
}
