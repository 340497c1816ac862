import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { lettersQuery } from './queries';
import type { LetterView } from './questions';

export type { LetterView };

/** The number-letters from the server for both letters screens, or their loading, error and empty states. */
export function WithLetters({ children }: { children: (letters: LetterView[]) => ReactNode }) {
  const letters = useQuery(lettersQuery);
  return (
    <QueryBoundary query={letters} loading={<SpinnerCard label="Loading letters..." />} failure={{ title: 'Unable to load letters' }}>
      {(list) =>
        list.length === 0 ? (
          <div className="card center">
            <p>No letters available.</p>
          </div>
        ) : (
          children(list)
        )
      }
    </QueryBoundary>
  );
}
