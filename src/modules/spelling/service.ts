import { CONTENT_DIR } from '../../content/dir';
import { loadSpelling } from '../../content/spelling';
import { spellingLexicon, type SpellingLexicon } from '../../shared/arabizi';

/**
 * The spelling table of content/ (content/spelling.yaml) as the lexicon the arabizi key uses, read once
 * per process, like the content the process imported at start (docs/decisions/0009).
 */
export function createSpellingService(contentDir = CONTENT_DIR) {
  const lexicon: SpellingLexicon = spellingLexicon(loadSpelling(contentDir).entries);
  return {
    lexicon(): SpellingLexicon {
      return lexicon;
    },
  };
}

export type SpellingService = ReturnType<typeof createSpellingService>;
