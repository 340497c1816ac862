/**
 * Which-word rules shared by the server and the browser (docs/product-rules.md#which-word). Pure: they import
 * only the shared shuffle, so the client bundle can take them.
 */
import { shuffled } from '../../shared/shuffle';

/** Answer options per question: the right arabizi and three others. */
export const OPTIONS_PER_QUESTION = 4;
/** Same-topic words a question's distractors are drawn from. */
export const DISTRACTOR_CANDIDATES = 10;
/** After a saved answer 'Next Word' stays disabled this long. */
export const NEXT_WORD_LOCK_MS = 2000;
/** Skeleton cards while the topics load. */
export const SKELETON_CARDS = 9;

/** Topics the which-word grid leaves out (docs/product-rules.md#topics), compared as lower-case words joined by '_'. */
const EXCLUDED_TOPICS = new Set(['colors', 'numbers', 'greetings', 'basic_phrases']);

export const topicKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
export const isExcludedTopic = (name: string) => EXCLUDED_TOPICS.has(topicKey(name));

/** A word the game can ask: an English value that is not a number, and an arabizi value. */
export function isPlayable(word: { english?: unknown; lebanese?: unknown; arabizi?: unknown }): boolean {
  const english = typeof word.english === 'string' ? word.english.trim() : '';
  const arabizi =
    typeof word.arabizi === 'string' && word.arabizi.trim() ? word.arabizi : typeof word.lebanese === 'string' ? word.lebanese : '';
  return english.length > 0 && arabizi.trim().length > 0 && !/^[\d\s.,+-]+$/.test(english);
}

/**
 * The four options for one word: its arabizi and three distinct others, drawn from up to 10
 * same-topic candidates, topped up from all words when the topic has too few; null when even that
 * cannot make four.
 */
export function optionsFor(
  answer: string,
  sameTopic: readonly string[],
  allWords: readonly string[],
  random: () => number = Math.random,
): string[] | null {
  const key = (s: string) => s.trim().toLowerCase();
  const taken = new Set([key(answer)]);
  const pick = (pool: readonly string[], limit: number) => {
    const out: string[] = [];
    for (const s of shuffled(pool, random)) {
      if (out.length >= limit) break;
      if (taken.has(key(s))) continue;
      taken.add(key(s));
      out.push(s);
    }
    return out;
  };
  const needed = OPTIONS_PER_QUESTION - 1;
  const candidates = pick(sameTopic, DISTRACTOR_CANDIDATES);
  const distractors = shuffled(candidates, random).slice(0, needed);
  // Candidates not used stay taken, so the top-up never repeats one of them.
  if (distractors.length < needed) distractors.push(...pick(allWords, needed - distractors.length));
  if (distractors.length < needed) return null;
  return shuffled([answer, ...distractors], random);
}
