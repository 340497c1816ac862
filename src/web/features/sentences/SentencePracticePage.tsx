import { DetailsList } from '../../ui/DetailsList';
import { NextStep } from '../../ui/NextStep';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANSWER_TIMEOUT_MS,
  DEFAULT_SENTENCE_TOPIC,
  FALLBACK_SENTENCE_TOPICS,
  MAX_ANSWER_CHARS,
  scoreLocally,
  topicLabel,
} from '../../../modules/sentences/rules';
import { nextStreak } from '../../../modules/streak/rules';
import { ApiError, handledGlobally, server } from '../../lib/api';
import { saves } from '../../lib/saves';
import { useUser } from '../../lib/session';
import { sentenceTopicsQuery, type SentenceAnswerResult, type SentenceView } from './queries';
import { Arabic } from '../../ui/Arabic';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { LessonList } from './LessonList';
import { ListenButton } from '../../ui/ListenButton';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { GoalRing } from '../../ui/GoalRing';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { ZERO_STREAK, streakQuery } from '../../lib/streak';
import type { StreakCounts } from '../../../modules/streak/rules';
import { refreshStats } from '../../lib/query';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import { ReportButton } from '../../ui/ReportButton';
import { useSpellingLexicon } from '../../lib/spelling';
import './sentences.css';

const sentencesStreak = streakQuery('sentences');
const STREAK_KEY = sentencesStreak.queryKey;

type Context = SentenceView['contexts'][number];
interface Question {
  sentence: SentenceView;
  context: Context;
}
interface Result {
  isCorrect: boolean;
  feedback: string;
  userAnswer: string;
}

/** ' (AI-evaluated)' follows an AI verdict's feedback unless it already says so (docs/product-rules.md#sentences). */
export function feedbackText(result: Pick<SentenceAnswerResult, 'feedback' | 'evaluatedBy'>) {
  return result.evaluatedBy === 'ai' && !/\bAI\b/.test(result.feedback) ? `${result.feedback} (AI-evaluated)` : result.feedback;
}

/**
 * /lessons, the sentence practice screen (docs/product-rules.md#sentences): no question → a question in one of its scenarios
 * → the result. Below it, the lessons to follow.
 */
export function SentencePracticePage() {
  const queryClient = useQueryClient();
  const topics = useQuery(sentenceTopicsQuery);
  const streak = useQuery(sentencesStreak);
  const topicList = topics.data && topics.data.length > 0 ? topics.data : topics.isError ? FALLBACK_SENTENCE_TOPICS : [];
  const [topic, setTopic] = useState(DEFAULT_SENTENCE_TOPIC);
  const [question, setQuestion] = useState<Question | null>(null);
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [fetching, setFetching] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const answerInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const topicId = useId();
  const answerId = useId();
  const lexicon = useSpellingLexicon();
  // The screen is a signed-in learner's (its layout's guard): the id is there once it shows.
  const userId = useUser().data?.id;

  // The chosen topic must be one of the list: otherwise the first is taken.
  useEffect(() => {
    if (topicList.length > 0 && !topicList.includes(topic)) setTopic(topicList[0]!);
  }, [topicList, topic]);

  useEffect(() => {
    if (result) resultHeading.current?.focus();
    else if (question) answerInput.current?.focus();
  }, [question, result]);

  function changeTopic(next: string) {
    setTopic(next);
    setQuestion(null);
    setResult(null);
    setAnswer('');
  }

  async function fetchQuestion() {
    setFetching(true);
    try {
      const sentence = await server.api.sentences.random({ topic }).get({ query: { exclude: question?.sentence.id } });
      const context = sentence.contexts[Math.floor(Math.random() * sentence.contexts.length)]!;
      setQuestion({ sentence, context });
      setAnswer('');
      setResult(null);
    } catch (error) {
      if (!handledGlobally(error)) {
        const status = error instanceof ApiError ? error.status : 0;
        toast.error('Error', {
          description: `Failed to fetch random sentence: ${status} ${error instanceof Error ? error.message : ''}`.trim(),
          duration: LEARNING_TOAST_MS,
        });
      }
    } finally {
      setFetching(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const userAnswer = answer.trim();
    if (!question || !userAnswer || submitting || userId === undefined) return;
    setSubmitting(true);
    // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md), so the answer is
    // judged and counted once it gets through. The verdict waits for it the spec's 10 s at most.
    const saved = saves.save(
      userId,
      'sentence',
      {},
      { sentenceId: question.sentence.id, answer: userAnswer, context: question.context.context },
    );
    try {
      const judged = await Promise.race([
        saved,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The verdict took too long.')), ANSWER_TIMEOUT_MS)),
      ]);
      queryClient.setQueryData(STREAK_KEY, judged.streak);
      void refreshStats(queryClient);
      setResult({ isCorrect: judged.isCorrect, feedback: feedbackText(judged), userAnswer });
    } catch (error) {
      if (handledGlobally(error)) return;
      // A verdict that arrives late (or once a waiting answer got through) brings the server's streak.
      void saved.then(
        (late) => {
          queryClient.setQueryData(STREAK_KEY, late.streak);
          void refreshStats(queryClient);
        },
        () => {},
      );
      toast.error('Error', { description: 'Something went wrong with answer evaluation. Please try again.', duration: LEARNING_TOAST_MS });
      // The local rule still gives the learner a verdict; the streak moves on screen only.
      const local = scoreLocally(userAnswer, question.context.recommended_answer, lexicon);
      queryClient.setQueryData<StreakCounts>(STREAK_KEY, (s) => nextStreak(s ?? ZERO_STREAK, local.isCorrect));
      setResult({ isCorrect: local.isCorrect, feedback: local.feedback, userAnswer });
    } finally {
      setSubmitting(false);
    }
  }

  const canSubmit = answer.trim().length > 0 && !submitting;

  return (
    <div className="stack sentences-page">
      <header className="learn-title">
        <h1>Practice Lebanese Sentences</h1>
        <StreakDisplay streak={streak.data ?? ZERO_STREAK} />
        <GoalRing />
        <ReviewShortcut />
      </header>

      <section className="card sentence-toolbar" aria-label="Choose a topic">
        <div className="field sentence-topic">
          <label htmlFor={topicId}>Topic</label>
          <select id={topicId} value={topic} onChange={(e) => changeTopic(e.target.value)} disabled={topicList.length === 0}>
            {topicList.length === 0 && <option value={topic}>Loading topics...</option>}
            {topicList.map((t) => (
              <option key={t} value={t}>
                {topicLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={fetchQuestion} disabled={fetching || topicList.length === 0} aria-busy={fetching}>
          {question ? 'Get New Question' : 'Start Practice'}
        </button>
      </section>

      {!question && (
        <section className="card intro-card" aria-labelledby="intro-title">
          <h2 id="intro-title">Practice Makes Perfect</h2>
          <p className="muted">
            Answer everyday questions the way people talk in Lebanon. Each question comes with a situation to respond to.
          </p>
          <ul className="intro-tips">
            <li>Pick a topic, then press Start Practice to get a question.</li>
            <li>Read the situation and write your answer in arabizi: Latin letters, with 2, 3, 5, 7 and 8 for the Arabic sounds.</li>
            <li>Don't worry about spelling variants: the key words of your answer are what counts.</li>
            <li>Compare your answer with the recommended one, listen to it, then try again or move on.</li>
          </ul>
        </section>
      )}

      {question && !result && (
        <section className="card question-card" aria-labelledby="question-title">
          <h2 id="question-title" className="visually-hidden">
            Question
          </h2>
          <div className="question-line">
            <p className="question-arabizi">{question.sentence.question.arabizi}</p>
            <ListenButton className="listen-button" text={question.sentence.question.arabizi} />
          </div>
          <Arabic className="question-arabic">{question.sentence.question.arabic}</Arabic>
          <div className="scenario">
            <span className="scenario-label">Scenario</span>
            <p>{question.context.context}</p>
          </div>
          <form className="form" onSubmit={submit}>
            <div className="field">
              <label htmlFor={answerId}>Your answer</label>
              <input
                id={answerId}
                ref={answerInput}
                value={answer}
                onChange={(e) => setAnswer(e.target.value)}
                maxLength={MAX_ANSWER_CHARS}
                placeholder="Write your answer in arabizi"
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <div>
              <button type="submit" className="button" disabled={!canSubmit} aria-busy={submitting}>
                Submit Answer
              </button>
            </div>
          </form>
          <div className="card-footer">
            <ReportButton item={{ kind: 'sentence', id: question.sentence.id }} shown={question.sentence.question.arabizi} />
            <KeyboardHelp shortcuts={SENTENCE_KEYS} />
          </div>
        </section>
      )}

      {question && result && (
        <section className={`card result-card ${result.isCorrect ? 'is-correct' : 'is-wrong'}`} aria-labelledby="result-title">
          <h2 id="result-title" ref={resultHeading} tabIndex={-1}>
            {result.isCorrect ? 'Great Job!' : 'Good Try!'}
          </h2>
          <p className="result-feedback">{result.feedback}</p>
          <DetailsList
            className="result-details"
            details={[
              {
                term: 'Question',
                value: (
                  <>
                    <span className="result-strong">{question.sentence.question.arabizi}</span>
                    <span className="muted">{question.sentence.question.english}</span>
                  </>
                ),
              },
              { term: 'Your answer', value: result.userAnswer },
              {
                term: 'Recommended answer',
                value: (
                  <>
                    <span className="recommended-line">
                      <span className="result-strong">{question.context.recommended_answer}</span>
                      <ListenButton className="listen-button" text={question.context.recommended_answer} />
                    </span>
                    <Arabic>{question.context.arabic}</Arabic>
                    <span className="muted">{question.context.english}</span>
                  </>
                ),
              },
            ]}
          />
          <div className="row wrap">
            <button type="button" className="button button-secondary" onClick={() => setResult(null)}>
              Try Again
            </button>
            <button type="button" className="button" onClick={fetchQuestion} disabled={fetching}>
              Next Question
            </button>
          </div>
          <NextStep />
          <div className="card-footer">
            <ReportButton item={{ kind: 'sentence', id: question.sentence.id }} shown={question.sentence.question.arabizi} />
            <KeyboardHelp shortcuts={SENTENCE_KEYS} />
          </div>
        </section>
      )}

      <LessonList />
    </div>
  );
}

const SENTENCE_KEYS = [
  { keys: ['Enter'], action: 'Submit your answer (in the answer field)' },
  { keys: ['Tab'], action: 'Move to Try Again and Next Question' },
];
