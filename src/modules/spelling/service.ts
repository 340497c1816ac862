import { CONTENT_DIR } from '../../content/dir';
import { loadSpelling } from '../../content/spelling';
import { spellingLexicon, type SpellingLexicon } from '../../shared/arabizi';
import { loadKnownForms } from './known-forms';

/**
 * The spelling table of content/ (content/spelling.yaml) as the lexicon the arabizi key uses, with every
 * form the content teaches (docs/decisions/0069-a-judge-that-knows-the-forms.md), read once per process,
 * like the content the process imported at start (docs/decisions/0009).
 */
export function createSpellingService(contentDir = CONTENT_DIR) {
  const lexicon: SpellingLexicon = spellingLexicon(loadSpelling(contentDir).entries, loadKnownForms(contentDir));
  return {
    lexicon(): SpellingLexicon {
      return lexicon;
    },
  };
}

export type SpellingService = ReturnType<typeof createSpellingService>;
