import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { ProgressBar } from '../../ui/ProgressBar';
import { SKELETON_CARDS } from '../../../modules/which-word/rules';
import type { WhichWordTopic } from './types';
import { whichWordTopicsQuery } from './queries';
import { GuestNotice } from '../../ui/GuestNotice';
import './which-word.css';

/** /which-word: a card per topic with the learner's progress. */
export function WhichWordTopicsPage() {
  const topics = useQuery(whichWordTopicsQuery);

  const skeletons = (
    <div className="ww-grid" aria-busy="true" aria-label="Loading topics">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div key={i} className="ww-topic ww-skeleton" aria-hidden="true">
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
          <span className="skeleton-bar" />
          <span className="skeleton-line" />
        </div>
      ))}
    </div>
  );
  const body = (
    <QueryBoundary query={topics} loading={skeletons} failure={{ title: 'Unable to load topics' }}>
      {(list) =>
        list.length === 0 ? (
          <div className="card center">
            <h2>No Topics Available</h2>
          </div>
        ) : (
          <ul className="ww-grid" role="list">
            {list.map((topic) => (
              <li key={topic.name}>
                <TopicCard topic={topic} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryBoundary>
  );

  return (
    <section className="stack">
      <header className="game-title">
        <h1>Select a Topic for Which Word Game</h1>
        <p>See an English word and pick its Lebanese Arabic from four choices.</p>
      </header>
      <GuestNotice redirect="/which-word" />
      {body}
    </section>
  );
}

function TopicCard({ topic }: { topic: WhichWordTopic }) {
  const learned = Math.min(topic.wordsLearned, topic.totalWords);
  return (
    <Link to="/which-word/$topic" params={{ topic: topic.name }} className="ww-topic">
      <span className="ww-topic-head">
        <h2>{topic.name}</h2>
        {topic.isPremium && <span className="game-badge premium">PREMIUM</span>}
        {topic.isVerb && <span className="game-badge">VERB</span>}
      </span>
      <span className="ww-topic-count">
        {learned} of {topic.totalWords} words learned
      </span>
      <ProgressBar value={learned} max={topic.totalWords} label={`${topic.name}: ${learned} of ${topic.totalWords} words learned`} />
      <span className="ww-topic-date muted">
        {topic.lastPracticed ? `Last practiced: ${formatDate(topic.lastPracticed)}` : 'Not practiced yet'}
      </span>
    </Link>
  );
}
