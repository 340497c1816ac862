/**
 * Sentence rules shared by the server and the browser (docs/product-rules.md#sentences). Pure: they import only the pure
 * arabizi key, so the client bundle can take them without the database layer.
 */
import { arabiziKey, type SpellingLexicon } from '../../shared/arabizi';

/** Share of the recommended answer's key words an answer must contain to count as correct. */
export const PASS_SHARE = 0.65;
/** Words of this many characters or fewer are not key words. */
export const SHORT_WORD_CHARS = 3;
/** The client gives up on the server's evaluation after this long and scores locally. */
export const ANSWER_TIMEOUT_MS = 10_000;
export const DEFAULT_SENTENCE_TOPIC = 'food_and_drink';
/** Topics the client offers when the topic list cannot be read. */
export const FALLBACK_SENTENCE_TOPICS = ['food_and_drink', 'work', 'general_conversation', 'daily_routine', 'shopping'];
export const MAX_ANSWER_CHARS = 500;

/** Lower case, without . , ! ? and with single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,!?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LocalScore {
  isCorrect: boolean;
  /** Key words of the recommended answer (longer than 3 characters), and how many the answer holds. */
  keyWords: number;
  matched: number;
  feedback: string;
}

/**
 * The local scoring rule: keep the recommended answer's words longer than 3 characters; the
 * answer is correct when at least 65% of them appear in it (never when there are none). Words are
 * compared by their arabizi key, so "ahwe" is "2ahwe" and "kheir" is "5er", and by the content's
 * spelling table when given its lexicon (docs/decisions/0009).
 */
export function scoreLocally(answer: string, recommended: string, lexicon?: SpellingLexicon): LocalScore {
  const keyWords = normalizeAnswer(recommended)
    .split(' ')
    .filter((w) => w.length > SHORT_WORD_CHARS);
  const said = normalizeAnswer(answer);
  const saidKey = arabiziKey(answer, lexicon);
  const saidWords = saidKey.split(' ');
  const matched = keyWords.filter((w) => {
    // "Appear in the answer": a key word inside a longer one counts, as a learner's ending may differ.
    if (said.includes(w)) return true;
    // Spelt another way: the same arabizi key as a word of the answer (with or without the article),
    // or at the start of one when the key is long enough not to be found in unrelated words by chance.
    const key = arabiziKey(w, lexicon);
    if (key === '') return false;
    if (key.includes(' ')) return saidKey.includes(key);
    const long = key.length > SHORT_WORD_CHARS;
    return saidWords.some((s) => s === key || s === `l${key}` || (long && (s.startsWith(key) || s.startsWith(`l${key}`))));
  }).length;
  const share = keyWords.length === 0 ? 0 : matched / keyWords.length;
  const isCorrect = share >= PASS_SHARE;
  return { isCorrect, keyWords: keyWords.length, matched, feedback: localFeedback(isCorrect, matched, keyWords.length) };
}

function localFeedback(isCorrect: boolean, matched: number, total: number): string {
  const counted = `You used ${matched} of the ${total} key ${total === 1 ? 'word' : 'words'} of the recommended answer.`;
  return isCorrect ? `${counted} Well said!` : `${counted} Compare your answer with it and try again.`;
}

/** A topic key as a label: food_and_drink → Food and drink. */
export function topicLabel(topic: string): string {
  const words = topic.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
