import { GoalRing } from '../../ui/GoalRing';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { LOAD_FAILURES } from '../../lib/messages';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { dialoguesQuery } from '../../lib/query';
import './dialogues.css';

/** /dialogues: the conversations, each opening Listen and Role-play; a locked premium one leads to the subscription. */
export function DialoguesPage() {
  const dialogues = useQuery(dialoguesQuery);
  return (
    <section className="stack dialogues-page" aria-labelledby="dialogues-title">
      <div className="learn-title page-intro">
        <h1 id="dialogues-title">Dialogues</h1>
        <p>Everyday conversations in Lebanon: listen to them, then take a part and say it yourself.</p>
        <GoalRing />
      </div>
      <QueryBoundary
        query={dialogues}
        loading={<SpinnerCard label="Loading dialogues..." />}
        failure={{ message: LOAD_FAILURES.dialogues }}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="card muted">No dialogues available yet.</p>
          ) : (
            <ol className="card-grid">
              {list.map((d) => (
                <li key={d.id}>
                  <Link
                    to={d.locked ? '/subscription' : '/dialogues/$id'}
                    params={d.locked ? undefined : { id: String(d.id) }}
                    className={`link-card${d.locked ? ' locked' : ''}`}
                  >
                    <span className="link-card-top">
                      <span className={d.premium ? 'vocab-badge premium' : 'vocab-badge'}>{d.premium ? 'Premium' : 'Free'}</span>
                      {d.progress.timesPlayed > 0 && <span className="completed-mark">Best role-play: {d.progress.bestScore} right</span>}
                    </span>
                    <span className="link-card-title">{d.title}</span>
                    <span className="link-card-setting">{d.setting}</span>
                    <span className="link-card-meta">
                      {d.speakers.map((s) => s.name).join(', ')} · {d.lines} lines
                    </span>
                    <span className="link-card-action">{d.locked ? 'Unlock with Premium' : 'Open'} →</span>
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
