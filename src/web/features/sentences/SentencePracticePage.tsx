import { useEffect, useId, useRef } from 'react';
import { MAX_ANSWER_CHARS, topicLabel } from '../../../modules/sentences/rules';
import { Arabic } from '../../ui/Arabic';
import { DetailsList } from '../../ui/DetailsList';
import { GoalRing } from '../../ui/GoalRing';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import { ListenButton } from '../../ui/ListenButton';
import { NextStep } from '../../ui/NextStep';
import { ReportButton } from '../../ui/ReportButton';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { LessonList } from './LessonList';
import { useSentencePractice, type Question, type Result } from './useSentencePractice';
import './sentences.css';

/**
 * /lessons, the sentence practice screen (docs/product-rules.md#sentences): no question → a question in one of its scenarios
 * → the result. Below it, the lessons to follow. What it does is `useSentencePractice`; these are its views.
 */
export function SentencePracticePage() {
  const practice = useSentencePractice();
  const { question, result } = practice;

  return (
    <div className="stack sentences-page">
      <header className="learn-title">
        <h1>Practice Lebanese Sentences</h1>
        <StreakDisplay streak={practice.streak} />
        <GoalRing />
        <ReviewShortcut />
      </header>
      <TopicToolbar practice={practice} />
      {!question && <IntroCard />}
      {question && !result && <QuestionCard practice={practice} question={question} />}
      {question && result && <ResultCard practice={practice} question={question} result={result} />}
      <LessonList />
    </div>
  );
}

type Practice = ReturnType<typeof useSentencePractice>;

function TopicToolbar({ practice }: { practice: Practice }) {
  const { topic, topicList, question, fetching } = practice;
  const topicId = useId();
  return (
    <section className="card sentence-toolbar" aria-label="Choose a topic">
      <div className="field sentence-topic">
        <label htmlFor={topicId}>Topic</label>
        <select id={topicId} value={topic} onChange={(e) => practice.changeTopic(e.target.value)} disabled={topicList.length === 0}>
          {topicList.length === 0 && <option value={topic}>Loading topics...</option>}
          {topicList.map((t) => (
            <option key={t} value={t}>
              {topicLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button"
        onClick={practice.fetchQuestion}
        disabled={fetching || topicList.length === 0}
        aria-busy={fetching}
      >
        {question ? 'Get New Question' : 'Start Practice'}
      </button>
    </section>
  );
}

function IntroCard() {
  return (
    <section className="card intro-card" aria-labelledby="intro-title">
      <h2 id="intro-title">Practice Makes Perfect</h2>
      <p className="muted">Answer everyday questions the way people talk in Lebanon. Each question comes with a situation to respond to.</p>
      <ul className="intro-tips">
        <li>Pick a topic, then press Start Practice to get a question.</li>
        <li>Read the situation and write your answer in arabizi: Latin letters, with 2, 3, 5, 7 and 8 for the Arabic sounds.</li>
        <li>Don't worry about spelling variants: the key words of your answer are what counts.</li>
        <li>Compare your answer with the recommended one, listen to it, then try again or move on.</li>
      </ul>
    </section>
  );
}

function CardFooter({ question }: { question: Question }) {
  return (
    <div className="card-footer">
      <ReportButton item={{ kind: 'sentence', id: question.sentence.id }} shown={question.sentence.question.arabizi} />
      <KeyboardHelp shortcuts={SENTENCE_KEYS} />
    </div>
  );
}

function QuestionCard({ practice, question }: { practice: Practice; question: Question }) {
  const { answer, submitting } = practice;
  const answerId = useId();
  const answerInput = useRef<HTMLInputElement>(null);
  useEffect(() => answerInput.current?.focus(), [question]);
  const canSubmit = answer.trim().length > 0 && !submitting;
  return (
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
      <form className="form" onSubmit={practice.submit}>
        <div className="field">
          <label htmlFor={answerId}>Your answer</label>
          <input
            id={answerId}
            ref={answerInput}
            value={answer}
            onChange={(e) => practice.setAnswer(e.target.value)}
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
      <CardFooter question={question} />
    </section>
  );
}

function ResultCard({ practice, question, result }: { practice: Practice; question: Question; result: Result }) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => resultHeading.current?.focus(), [result]);
  return (
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
        <button type="button" className="button button-secondary" onClick={practice.tryAgain}>
          Try Again
        </button>
        <button type="button" className="button" onClick={practice.fetchQuestion} disabled={practice.fetching}>
          Next Question
        </button>
      </div>
      <NextStep />
      <CardFooter question={question} />
    </section>
  );
}

const SENTENCE_KEYS = [
  { keys: ['Enter'], action: 'Submit your answer (in the answer field)' },
  { keys: ['Tab'], action: 'Move to Try Again and Next Question' },
];
