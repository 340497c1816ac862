import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/format';
import { LOAD_FAILURES } from '../../lib/messages';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { conversationsQuery } from './queries';
import './conversations.css';

/** /talk: the scenarios, each opening a conversation; a locked premium one leads to the subscription; the learner's conversations, to open again. */
export function TalkPage() {
  const conversations = useQuery(conversationsQuery);
  return (
    <section className="stack talk-page" aria-labelledby="talk-title">
      <div className="learn-title page-intro">
        <h1 id="talk-title">Talk</h1>
        <p>Talk your way through a Lebanese situation: type or say your lines, and the partner answers and corrects you gently.</p>
      </div>
      <QueryBoundary
        query={conversations}
        loading={<SpinnerCard label="Loading conversations..." />}
        failure={{ message: LOAD_FAILURES.conversations }}
      >
        {({ scenarios, talks }) => (
          <>
            {talks.length > 0 && (
              <section className="card talk-history" aria-labelledby="talk-history-title">
                <h2 id="talk-history-title">Your conversations</h2>
                <ul>
                  {talks.map((t) => (
                    <li key={t.id}>
                      <Link to="/talk/$id" params={{ id: String(t.scenarioId) }} search={{ talk: String(t.id) }}>
                        {t.title}
                      </Link>
                      <span className="muted">
                        {' '}
                        · {formatDate(t.startedAt)} · {t.partner === 'ai' ? 'AI partner' : 'scripted partner'} ·{' '}
                        {t.finished ? 'finished' : 'not finished'}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {scenarios.length === 0 ? (
              <p className="card muted">No conversations available yet.</p>
            ) : (
              <ol className="card-grid">
                {scenarios.map((s) => (
                  <li key={s.id}>
                    <Link
                      to={s.locked ? '/subscription' : '/talk/$id'}
                      params={s.locked ? undefined : { id: String(s.id) }}
                      className={`link-card${s.locked ? ' locked' : ''}`}
                    >
                      <span className="link-card-top">
                        <span className={s.premium ? 'vocab-badge premium' : 'vocab-badge'}>{s.premium ? 'Premium' : 'Free'}</span>
                      </span>
                      <span className="link-card-title">{s.title}</span>
                      <span className="link-card-setting">{s.setting}</span>
                      <span className="link-card-meta">
                        With {s.partner.name} · {s.checklist.length} things to do
                      </span>
                      <span className="link-card-action">{s.locked ? 'Unlock with Premium' : 'Start talking'} →</span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryBoundary>
    </section>
  );
}
