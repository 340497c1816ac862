import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Arabic } from '../../ui/Arabic';
import { ExplanationPopup } from '../../ui/Popup';
import { ProgressBar } from '../../ui/ProgressBar';
import { toast } from '../../ui/toast';
import { QueryBoundary } from '../../ui/QueryBoundary';
import type { TopicCard, VerbView } from './hooks';
import { topicCardsQuery, verbsQuery } from './queries';
import { LockIcon } from './parts';
import { topicPercent, topicsForGrid, verbOfTopic } from './rules';
import './vocabulary.css';

/** /topics: vocabulary topics and verbs, with progress, and premium topics locked without a trial (docs/product-rules.md#topics). */
export function TopicsPage() {
  const topics = useQuery(topicCardsQuery);
  // The verbs only add their Lebanese infinitive to the cards; without them the topics still show.
  const verbs = useQuery(verbsQuery);
  const verbOf = new Map((verbs.data ?? []).map((v) => [v.topic, v]));

  return (
    <section className="stack vocab-page">
      <ExplanationPopup pageId="topics" title="Practise by topic">
        <p>Pick a topic to practise its words one by one: read the Lebanese, reveal the English, and mark whether you knew it.</p>
        <p>Verb topics take you through every conjugation of a verb, in the past, present and future, with each pronoun.</p>
      </ExplanationPopup>
      <header className="vocab-title">
        <h1>Topics</h1>
        <p>Choose a topic or a verb to practise.</p>
      </header>
      <QueryBoundary
        query={topics}
        loading="Loading topics..."
        tall
        failure={{
          title: 'Unable to load topics',
          message: 'There was a problem loading the topics. Please try again later.',
          retry: { label: 'Refresh Page', onClick: () => window.location.reload() },
        }}
      >
        {(list) => <TopicGrid topics={list} verbOf={verbOf} />}
      </QueryBoundary>
    </section>
  );
}

function TopicGrid({ topics, verbOf }: { topics: TopicCard[]; verbOf: Map<string, VerbView> }) {
  const grid = topicsForGrid(Array.isArray(topics) ? topics : []);
  const vocabulary = grid.filter((t) => !t.isVerb);
  const verbTopics = grid.filter((t) => t.isVerb);
  return grid.length === 0 ? (
    <div className="card center">
      <p className="muted">No topics available.</p>
    </div>
  ) : (
    <>
      <TopicSection id="vocabulary-topics" title="Vocabulary" topics={vocabulary} />
      <TopicSection id="verb-topics" title="Verbs" topics={verbTopics} verbOf={verbOf} />
    </>
  );
}

/** A titled grid of topic cards; nothing when the list is empty. */
function TopicSection({ id, title, topics, verbOf }: { id: string; title: string; topics: TopicCard[]; verbOf?: Map<string, VerbView> }) {
  if (topics.length === 0) return null;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="vocab-section-title">
        {title}
      </h2>
      <div className="topic-grid">
        {topics.map((t) => (
          <TopicTile key={t.id} topic={t} verb={verbOf?.get(t.name)} />
        ))}
      </div>
    </section>
  );
}

function TopicTile({ topic, verb }: { topic: TopicCard; verb?: VerbView }) {
  const navigate = useNavigate();
  const percent = topicPercent(topic.progress);
  const title = topic.isVerb ? verbOfTopic(topic.name) : topic.name;
  const details = (
    <>
      <div className="topic-tile-head">
        <h3>{title}</h3>
        {topic.isPremium && <span className="vocab-badge premium">PREMIUM</span>}
      </div>
      {verb && (
        <p className="topic-verb">
          {verb.infinitive} · <Arabic>{verb.arabic}</Arabic>
        </p>
      )}
    </>
  );

  if (!topic.isTrialAccessible) {
    const showToast = () =>
      toast.info('Premium Feature', {
        description: `Subscribe to unlock this ${topic.isVerb ? 'verb' : 'topic'}.`,
        duration: 3000,
        action: { label: 'Subscribe Now', onClick: () => navigate({ to: '/subscription' }) },
      });
    return (
      <div className="topic-tile locked" onClick={showToast}>
        {details}
        <button type="button" className="link-button topic-locked-text" onClick={(e) => (e.stopPropagation(), showToast())}>
          <LockIcon /> Subscribe to unlock this {topic.isVerb ? 'verb' : 'topic'}
        </button>
        <Link to="/subscription" className="button button-wide" onClick={(e) => e.stopPropagation()}>
          Get Premium Access
        </Link>
      </div>
    );
  }

  return (
    <Link to="/topics/$topic" params={{ topic: topic.name }} className="topic-tile">
      {details}
      <ProgressBar value={percent} label={`${title} progress`} />
      <p className="topic-progress muted">
        <span>{percent}% complete</span>
        <span>
          {topic.progress.wordsLearned} of {topic.progress.totalWords} words
        </span>
      </p>
    </Link>
  );
}
