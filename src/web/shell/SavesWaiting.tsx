import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { refreshAfterWaitingSaves as refreshVocabulary } from '../features/vocabulary/hooks';
import { server } from '../lib/api';
import { saves, type Waiting } from '../lib/saves';
import { LEARNING_TOAST_MS, toast } from '../ui/toast';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 answers waiting", "1 answer and 1 flag waiting". */
function waitingText({ answers, flags }: NonNullable<Waiting>) {
  const parts = [answers > 0 && plural(answers, 'answer'), flags > 0 && plural(flags, 'flag')].filter(Boolean);
  return `${parts.join(' and ')} waiting`;
}

/** Saves that nobody on the page waited for were sent: what any kind of them changes is read again (every page's streak, the letters' counts, the lessons, the dialogues' role-plays, vocabulary's own). */
function refreshAfterWaitingSaves(queryClient: QueryClient) {
  refreshVocabulary(queryClient);
  const changed = [server.api.streak, server.api.letters.progress, server.api.lessons, server.api.dialogues].map((node) => node['~path']);
  void queryClient.invalidateQueries({ predicate: (q) => changed.some((path) => String(q.queryKey[0]).startsWith(path)) });
}

/**
 * Sends the learner's waiting saves (those of an earlier visit first) and, while the oldest cannot get
 * through, says so once: the spec's 'Sync Error' toast when answers start waiting, then one calm line
 * counting them, of every kind, until the last is sent (docs/decisions/0024-durable-save-queue.md, docs/decisions/0043-one-save-queue.md).
 */
export function SavesWaiting({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const waiting = useSyncExternalStore(saves.subscribe, saves.waiting, () => null);
  const answersWaiting = (waiting?.answers ?? 0) > 0;

  useEffect(() => {
    void saves.start(userId, () => refreshAfterWaitingSaves(queryClient));
    const sendNow = () => void saves.sendNow();
    window.addEventListener('online', sendNow);
    return () => {
      window.removeEventListener('online', sendNow);
      // Signed out (or another learner signed in): this learner's saves wait for their next visit.
      void saves.start(null);
    };
  }, [userId, queryClient]);

  useEffect(() => {
    if (answersWaiting)
      toast.error('Sync Error', { description: 'Your progress will sync when connection is restored', duration: LEARNING_TOAST_MS });
  }, [answersWaiting]);

  if (!waiting) return null;
  // On the page itself: a fixed element inside the frame would be placed by its blurred header.
  return createPortal(
    <p className="saves-waiting" role="status">
      <span className="saves-waiting-dot" aria-hidden="true" />
      <span>
        Offline<span className="saves-waiting-dash"> · </span>
        <span className="saves-waiting-count">{waitingText(waiting)}</span>
      </span>
    </p>,
    document.body,
  );
}
