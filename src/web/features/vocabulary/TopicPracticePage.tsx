import { GoalRing } from '../../ui/GoalRing';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSubscriptionStatus, useUser } from '../../lib/session';
import { usePractice, type Word } from './hooks';
import { topicWordsQuery } from './queries';
import { WordListPractice } from './WordListPractice';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { isVerbTopic, topicTitle, validWords, verbOfTopic } from './rules';
import './vocabulary.css';

/** /topics/{topic}: the topic's words in the word-list variant. */
export function TopicPracticePage({ topic }: { topic: string }) {
  const { data: user } = useUser();
  const practice = usePractice(user, { keepsStreak: false });
  // The client already tries a failed read twice more with a growing wait (1 s, 2 s).
  const words = useQuery(topicWordsQuery(topic));
  const isVerb = isVerbTopic(topic);
  // Without a trial or subscription a verb topic holds only its present tense (docs/product-rules.md#tiers).
  const status = useSubscriptionStatus(isVerb);
  const presentOnly = isVerb && !!status.data && !status.data.isActive && !status.data.isInTrial;

  const practiseWords = (raw: Word[]) => {
    const list = validWords(raw);
    return list.length === 0 ? (
      <div className="card center">
        {raw.length === 0 ? (
          <>
            <h2>No Words Available</h2>
            <p className="muted">There are no words available for this topic yet.</p>
          </>
        ) : (
          <p className="muted">No valid words available for this topic yet.</p>
        )}
        <Link to="/topics" className="button button-secondary">
          Back to Topics
        </Link>
      </div>
    ) : (
      <WordListPractice
        key={topic}
        words={list}
        onAnswer={(w, correct) => void practice.answer(w, correct)}
        onFlag={(w, flagged) => void practice.setFlag(w, flagged)}
      />
    );
  };

  const verb = verbOfTopic(topic);
  return (
    <section className="stack vocab-page narrow-page">
      <Link to="/topics" className="vocab-back">
        ← Back to Topics
      </Link>
      <header className="vocab-title">
        <h1>{topicTitle(topic)}</h1>
        <p>
          {isVerb
            ? `Learn to conjugate "${verb}" in different tenses (past, present and future) and with every pronoun, from ana (I) to hinne (they), then give it as a command and say it in the negative.`
            : 'Practice the vocabulary for this topic.'}
        </p>
        <GoalRing />
        <ReviewShortcut />
      </header>
      {presentOnly && (
        <p className="notice" role="note">
          You are practising the present tense. Past and future forms, commands and negatives come with{' '}
          <Link to="/subscription">Premium</Link>.
        </p>
      )}
      <QueryBoundary
        query={words}
        loading={`Loading words for ${topic}...`}
        failure={{
          title: 'Unable to load words',
          retry: { label: 'Try Again', onClick: () => void words.refetch() },
          actions: (
            <Link to="/topics" className="button button-secondary">
              Back to Topics
            </Link>
          ),
        }}
      >
        {(raw) => practiseWords(Array.isArray(raw) ? raw : [])}
      </QueryBoundary>
    </section>
  );
}
