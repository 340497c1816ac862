import OpenAI from 'openai';
import * as v from 'valibot';
import type { AppContext } from '../../lib/context';
import { AiVerdict } from './model';
import { scoreLocally } from './rules';
import type { SpellingLexicon } from '../../shared/arabizi';

/** Below the client's 10 s wait (docs/product-rules.md#sentences), so a slow OpenAI still leaves time to answer with the local rule. */
const OPENAI_TIMEOUT_MS = 7_000;

export interface AnswerToJudge {
  question: { arabizi: string; english: string };
  scenario: string;
  recommendedAnswer: string;
  recommendedEnglish: string;
  answer: string;
}

export interface Verdict {
  isCorrect: boolean;
  feedback: string;
  /** Who judged: OpenAI, or the local rule of docs/product-rules.md#sentences (not configured, or OpenAI failed). */
  evaluatedBy: 'ai' | 'local';
}

const INSTRUCTIONS = [
  'You are a friendly teacher of Lebanese Arabic. The learner writes Lebanese Arabic in arabizi',
  '(Latin letters, with numbers for some letters: 2 for hamza, 3 for ain, 5 for kha, 7 for ha, 8 for ghain).',
  'Judge whether the learner answer is a natural and correct reply to the question in the given scenario.',
  'It does not have to match the recommended answer word for word: other correct Lebanese phrasings count.',
  'Ignore spelling variants of arabizi and missing punctuation.',
  'Reply with a JSON object only: {"isCorrect": true or false, "feedback": "one or two short sentences in English',
  'for the learner, saying what was good and what to improve"}.',
].join(' ');

/**
 * Judges a sentence answer (docs/product-rules.md#local-defaults): OpenAI when OPENAI_API_KEY is set, the local
 * rule otherwise, and the local rule whenever OpenAI fails or answers something unusable.
 */
export function createSentenceEvaluator({ config, log }: AppContext, lexicon?: SpellingLexicon) {
  const client = config.OPENAI_API_KEY
    ? new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: OPENAI_TIMEOUT_MS })
    : null;

  function local(item: AnswerToJudge): Verdict {
    const score = scoreLocally(item.answer, item.recommendedAnswer, lexicon);
    return { isCorrect: score.isCorrect, feedback: score.feedback, evaluatedBy: 'local' };
  }

  async function byOpenAI(openai: OpenAI, item: AnswerToJudge): Promise<Verdict> {
    const completion = await openai.chat.completions.create({
      model: config.OPENAI_MODEL,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        {
          role: 'user',
          content: JSON.stringify({
            question: `${item.question.arabizi} (${item.question.english})`,
            scenario: item.scenario,
            recommendedAnswer: `${item.recommendedAnswer} (${item.recommendedEnglish})`,
            learnerAnswer: item.answer,
          }),
        },
      ],
    });
    const text = completion.choices[0]?.message?.content ?? '';
    const verdict = v.parse(AiVerdict, JSON.parse(text));
    return { ...verdict, evaluatedBy: 'ai' };
  }

  return {
    async judge(item: AnswerToJudge): Promise<Verdict> {
      if (!client) return local(item);
      try {
        return await byOpenAI(client, item);
      } catch (error) {
        log.warn('sentence evaluation by OpenAI failed; the local rule judged', {
          error: error instanceof Error ? error.message : String(error),
        });
        return local(item);
      }
    },
  };
}
