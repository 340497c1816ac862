import { startedFromPlan } from '../../lib/course';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, handledGlobally } from '../../lib/api';
import { isSyncFailure, saves } from '../../lib/saves';
import { useUser } from '../../lib/session';
import { NotFoundCard } from '../../ui/NotFoundCard';
import { QueryBoundary, type Loadable } from '../../ui/QueryBoundary';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { lessonQuery, lessonStepsQuery, type LessonStep, type LessonView, type StepComponent } from './queries';
import { lessonsQuery } from '../../lib/query';
import { ListenButton } from '../../ui/ListenButton';
import { DIFFICULTY_LABELS } from './format';
import { Prose } from '../../ui/Prose';
import { refreshStats } from '../../lib/query';
import { LOAD_FAILURES } from '../../lib/messages';
import { KeyboardHelp, useShortcuts } from '../../ui/KeyboardHelp';
import { ReportButton } from '../../ui/ReportButton';
import './sentences.css';

const STEP_TITLES: Record<LessonStep['type'], string> = {
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
  sentence_building: 'Build a sentence',
  practice: 'Practice',
  review: 'Review',
};

/** /lesson/:id with the id parsed as an integer, as parseInt reads it (docs/product-rules.md#lessons: /lesson/2abc is lesson 2); no number is no lesson. */
export function LessonPage({ rawId }: { rawId: string }) {
  const id = Number.parseInt(rawId, 10);
  if (!Number.isSafeInteger(id) || id < 1) return <LessonNotFound />;
  return <LessonPlayer key={id} id={id} />;
}

function LessonNotFound() {
  return <NotFoundCard item="Lesson" list="Lessons" to="/lessons" />;
}

function LessonPlayer({ id }: { id: number }) {
  const lesson = useQuery(lessonQuery(id));
  const steps = useQuery(lessonStepsQuery(id));

  const both: Loadable<{ lesson: LessonView; steps: LessonStep[] }> = {
    data: lesson.data && steps.data ? { lesson: lesson.data, steps: steps.data } : undefined,
    error: lesson.error ?? steps.error,
    refetch: () => Promise.all([lesson.refetch(), steps.refetch()]),
  };
  if (both.error instanceof ApiError && both.error.status === 404) return <LessonNotFound />;
  return (
    <QueryBoundary query={both} loading={<Spinner label="Loading lesson..." />} failure={{ message: LOAD_FAILURES.lessons }}>
      {(data) => <Lesson {...data} />}
    </QueryBoundary>
  );
}

function Lesson({ lesson, steps }: { lesson: LessonView; steps: LessonStep[] }) {
  return (
    <div className="stack lesson-page">
      <Link to="/lessons" className="back-link">
        ← All lessons
      </Link>
      <header className="card lesson-intro">
        <div className="lesson-card-top">
          <span className={`difficulty difficulty-${lesson.difficulty}`}>{DIFFICULTY_LABELS[lesson.difficulty]}</span>
          {lesson.progress.completed && (
            <span className="completed-mark">
              <span aria-hidden="true">✓</span> Completed
            </span>
          )}
        </div>
        <h1>{lesson.name}</h1>
        <div className="lesson-description">
          <Prose text={lesson.description} />
        </div>
        {lesson.grammar && (
          <Link to="/grammar/$key" params={{ key: lesson.grammar }} className="grammar-link">
            How this works: the grammar page →
          </Link>
        )}
      </header>
      {steps.length === 0 ? <p className="card muted">This lesson has no steps yet.</p> : <StepPlayer lessonId={lesson.id} steps={steps} />}
    </div>
  );
}

function StepPlayer({ lessonId, steps }: { lessonId: number; steps: LessonStep[] }) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The route is a signed-in learner's (its layout's guard): the id is there once the page shows.
  const userId = useUser().data?.id;
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const waitingForChoice = step.type === 'practice' && choice === null;

  // After Next, focus goes to the new step so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [index]);

  function choose(option: string) {
    if (choice !== null) return;
    setChoice(option);
    if (userId === undefined) return;
    // The answer is kept for the lesson's score, in the save queue (docs/decisions/0043-one-save-queue.md): one
    // that waits is counted by the queue's indicator, one refused only costs that count, so it is only logged.
    saves
      .save(userId, 'lesson', { id: lessonId }, { correct: option === step.content.correctAnswer })
      .then(() => refreshStats(queryClient))
      .catch((error: unknown) => {
        if (!isSyncFailure(error)) console.warn('lesson answer not saved', error);
      });
  }

  // 1–4 pick an answer of a practice step, as in the games.
  useShortcuts((e) => {
    const option = step.type === 'practice' && /^[1-4]$/.test(e.key) ? step.content.options?.[Number(e.key) - 1] : undefined;
    if (option !== undefined) choose(option);
  });

  // A lesson Continue started goes back to today's plan when it is done (docs/decisions/0076-the-course.md).
  const afterLesson = () => (startedFromPlan({ to: '/lesson/$id', params: { id: String(lessonId) } }) ? '/words' : '/lessons');

  async function next() {
    if (waitingForChoice || completing || userId === undefined) return;
    if (!last) {
      moved.current = true;
      setIndex(index + 1);
      setChoice(null);
      return;
    }
    setCompleting(true);
    try {
      const result = await saves.save(userId, 'lesson', { id: lessonId }, { completed: true });
      void refreshStats(queryClient);
      void queryClient.invalidateQueries({ queryKey: lessonsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: lessonQuery(lessonId).queryKey });
      toast.success('Lesson completed', {
        description: result.justCompleted ? `You earned ${result.pointsAwarded} points.` : 'Well reviewed!',
        duration: LEARNING_TOAST_MS,
      });
      await navigate({ to: afterLesson() });
    } catch (error) {
      // A completion that waits in the save queue counts once it gets through (the indicator says it waits):
      // the lesson is done for the learner, as when it is saved.
      if (isSyncFailure(error) && !handledGlobally(error)) {
        await navigate({ to: afterLesson() });
        return;
      }
      // Refused: the lesson stays open so Complete can be pressed again.
      if (!handledGlobally(error))
        toast.error('Progress not saved', { description: 'There was a problem saving your progress', duration: LEARNING_TOAST_MS });
      setCompleting(false);
    }
  }

  return (
    <section className="card step-player" aria-label="Lesson steps">
      <div className="step-progress">
        <span className="step-count" aria-live="polite">
          Step {index + 1} of {steps.length}
        </span>
        <ProgressBar value={index + 1} max={steps.length} label="Lesson progress" />
      </div>
      <h2 ref={heading} tabIndex={-1} className="step-title">
        {STEP_TITLES[step.type]}
      </h2>
      <StepBody step={step} choice={choice} onChoose={choose} />
      <div className="step-actions">
        <button type="button" className="button" onClick={next} disabled={waitingForChoice || completing} aria-busy={completing}>
          {last ? 'Complete' : 'Next'}
        </button>
        {waitingForChoice && <span className="muted step-hint">Choose an answer to continue.</span>}
      </div>
      <div className="card-footer">
        <ReportButton
          item={{ kind: 'lesson_step', id: lessonId, step: step.orderIndex }}
          shown={`Step ${index + 1}: ${STEP_TITLES[step.type]}`}
        />
        <KeyboardHelp shortcuts={LESSON_KEYS} />
      </div>
    </section>
  );
}

function StepBody({ step, choice, onChoose }: { step: LessonStep; choice: string | null; onChoose: (option: string) => void }) {
  const { content } = step;
  if (step.type === 'practice') {
    const answered = choice !== null;
    return (
      <div className="practice-step">
        <p className="practice-question">{content.question}</p>
        <div className="practice-options" role="group" aria-label="Answers">
          {(content.options ?? []).map((option, i) => {
            const isAnswer = option === content.correctAnswer;
            const state = !answered ? '' : isAnswer ? ' right' : option === choice ? ' wrong' : ' dim';
            return (
              <button
                key={option}
                type="button"
                className={`lesson-option${state}`}
                onClick={() => onChoose(option)}
                disabled={answered}
                aria-pressed={option === choice}
                aria-keyshortcuts={i < 4 ? String(i + 1) : undefined}
              >
                {i < 4 && (
                  <kbd className="option-key" aria-hidden="true">
                    {i + 1}
                  </kbd>
                )}
                {option}
                {answered && isAnswer && <span className="visually-hidden"> (correct answer)</span>}
              </button>
            );
          })}
        </div>
        {answered && (
          <div className={`practice-explanation ${choice === content.correctAnswer ? 'is-correct' : 'is-wrong'}`} role="status">
            <strong>{choice === content.correctAnswer ? 'Correct!' : `Not quite: the answer is ${content.correctAnswer}.`}</strong>
            <p>{content.explanation}</p>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="stack">
      {step.type === 'sentence_building' && content.phrase && (
        <div className="lesson-phrase">
          <div className="phrase-line">
            <span className="phrase-lebanese">{content.phrase.lebanese}</span>
            <ListenButton className="listen-button" text={content.phrase.lebanese} />
          </div>
          <span className="muted">{content.phrase.english}</span>
        </div>
      )}
      <ComponentList components={content.components ?? []} />
    </div>
  );
}

function ComponentList({ components }: { components: StepComponent[] }) {
  return (
    <ul className="lesson-components">
      {components.map((c, i) => (
        <li key={i} className="lesson-component">
          <div className="component-head">
            <span className="component-lebanese">{c.lebanese}</span>
            <ListenButton className="listen-button" text={c.lebanese} audioUrl={c.audioUrl} />
          </div>
          <span className="component-english">{c.english}</span>
          {c.explanation && <p className="component-explanation">{c.explanation}</p>}
        </li>
      ))}
    </ul>
  );
}

const LESSON_KEYS = [
  { keys: ['1', '2', '3', '4'], action: 'Choose that answer (practice steps)' },
  { keys: ['Tab'], action: 'Move to the answers and to Next' },
  { keys: ['Enter'], action: 'Press the button in focus (Next, Complete)' },
];
