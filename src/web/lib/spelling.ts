import { useQuery } from '@tanstack/react-query';
import { EMPTY_LEXICON, type SpellingLexicon } from '../../shared/arabizi';
import { server } from './api';
import { read } from './query';

/**
 * The content's spelling table as the arabizi key's lexicon (GET /api/spelling), read once per visit;
 * until it arrives, or when it cannot be read, answers are compared by the spelling habits alone.
 */
export function useSpellingLexicon(): SpellingLexicon {
  const { data } = useQuery({ ...read(server.api.spelling, { retries: 1 }), staleTime: Infinity });
  return data ?? EMPTY_LEXICON;
}
