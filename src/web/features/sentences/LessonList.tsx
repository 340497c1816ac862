import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { DIFFICULTY_LABELS, summaryOf } from './format';
import { Emphasised } from '../../ui/Prose';
import { lessonsQuery } from '../../lib/query';
import { LOAD_FAILURES } from '../../lib/messages';
import './sentences.css';

/** The lessons to follow, in course order, each opening the lesson player. */
export function LessonList() {
  const lessons = useQuery(lessonsQuery);
  const done = lessons.data?.filter((l) => l.progress.completed).length ?? 0;

  return (
    <section className="stack lessons-section" aria-labelledby="lessons-title">
      <div className="learn-title lessons-head">
        <h2 id="lessons-title">Lessons</h2>
        {lessons.data && lessons.data.length > 0 && (
          <span className="lessons-count">
            {done} of {lessons.data.length} completed
          </span>
        )}
      </div>
      <QueryBoundary query={lessons} loading={<SpinnerCard label="Loading lessons..." />} failure={{ message: LOAD_FAILURES.lessons }}>
        {(list) =>
          list.length === 0 ? (
            <p className="card muted">No lessons available yet.</p>
          ) : (
            <ol className="card-grid">
              {list.map((lesson) => (
                <li key={lesson.id}>
                  <Link
                    to="/lesson/$id"
                    params={{ id: String(lesson.id) }}
                    className={`link-card lesson-card${lesson.progress.completed ? ' completed' : ''}`}
                  >
                    <span className="link-card-top">
                      <span className={`difficulty difficulty-${lesson.difficulty}`}>{DIFFICULTY_LABELS[lesson.difficulty]}</span>
                      {lesson.progress.completed && (
                        <span className="completed-mark">
                          <span aria-hidden="true">✓</span> Completed
                        </span>
                      )}
                    </span>
                    <span className="link-card-title">
                      {lesson.orderIndex}. {lesson.name}
                    </span>
                    <span className="lesson-card-description">
                      <Emphasised text={summaryOf(lesson.description)} />
                    </span>
                    <span className="link-card-action">{lesson.progress.completed ? 'Review lesson' : 'Start lesson'} →</span>
                  </Link>
                </li>
              ))}
            </ol>
          )
        }
      </QueryBoundary>
    </section>
  );
}
