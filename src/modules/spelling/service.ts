import { CONTENT_DIR } from '../../content/dir';
import { loadSpelling } from '../../content/spelling';
import { spellingLexicon, type SpellingLexicon } from '../../shared/arabizi';
import { indexKnownForms } from '../../shared/judge';
import { knownFormsSignature, loadKnownForms } from './known-forms';

/**
 * The spelling table of content/ (content/spelling.yaml) as the lexicon the arabizi key uses, with every
 * form the content teaches (docs/decisions/0069-a-judge-that-knows-the-forms.md), read once per process,
 * like the content the process imported at start (docs/decisions/0009).
 */
export function createSpellingService(contentDir = CONTENT_DIR) {
  const { lexicon, freeLexicon, canonicalOf } = lexiconsOf(contentDir);
  return {
    /** Everything the content teaches, for judging on the server. */
    lexicon(): SpellingLexicon {
      return lexicon;
    },

    /** What a browser judges with: a learner without premium gets the free content's forms only, as its texts are premium. */
    lexiconFor(premium: boolean): SpellingLexicon {
      return premium ? lexicon : freeLexicon;
    },

    /** Arabizi from outside the course (the AI partner's) with each word the table knows as a variant in the course's spelling. */
    courseSpelling(text: string): string {
      return text.replace(/[A-Za-z0-9']+/g, (word) => {
        const canonical = canonicalOf.get(word.toLowerCase());
        if (canonical === undefined) return word;
        return word[0] !== word[0]!.toLowerCase() ? canonical[0]!.toUpperCase() + canonical.slice(1) : canonical;
      });
    },
  };
}

export type SpellingService = ReturnType<typeof createSpellingService>;

type Lexicons = { lexicon: SpellingLexicon; freeLexicon: SpellingLexicon; canonicalOf: Map<string, string> };
const read = new Map<string, { signature: string; lexicons: Lexicons }>();

/**
 * The lexicons of a content folder, read and indexed once for as long as its files stay as they are:
 * reading every form and indexing them for the judge takes about half a second, which a process that
 * builds the app more than once (the tests) would otherwise pay each time.
 */
function lexiconsOf(contentDir: string): Lexicons {
  const signature = knownFormsSignature(contentDir);
  const kept = read.get(contentDir);
  if (kept?.signature === signature) return kept.lexicons;
  const { entries } = loadSpelling(contentDir);
  const known = loadKnownForms(contentDir);
  const lexicon = spellingLexicon(entries, known.all);
  // Indexed now, as the server starts, rather than at a learner's first answer.
  indexKnownForms(lexicon);
  const lexicons = {
    lexicon,
    freeLexicon: spellingLexicon(entries, known.free),
    canonicalOf: new Map(entries.flatMap((e) => e.variants.map((variant) => [variant.toLowerCase(), e.canonical] as const))),
  };
  read.set(contentDir, { signature, lexicons });
  return lexicons;
}
