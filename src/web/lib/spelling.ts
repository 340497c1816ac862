import { useQuery } from '@tanstack/react-query';
import { EMPTY_LEXICON, type SpellingLexicon } from '../../shared/arabizi';

/**
 * The content's spelling table as the arabizi key's lexicon (GET /api/spelling), read once per visit;
 * until it arrives, or when it cannot be read, answers are compared by the spelling habits alone.
 */
export function useSpellingLexicon(): SpellingLexicon {
  const { data } = useQuery<SpellingLexicon>({ queryKey: ['/api/spelling'], staleTime: Infinity, retry: 1 });
  return data ?? EMPTY_LEXICON;
}
