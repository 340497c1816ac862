import { queryOptions } from '@tanstack/react-query';
import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The vocabulary reads, for the screens' hooks and the routes' loaders alike. */
export const wordsQuery = read(server.api.words);
export const batchQuery = read(server.api.words.batch);
/** The words this learner answered, on any device: no 'New word!' on them (their own read, beside the shared deck). */
export const answeredWordsQuery = read(server.api.words.answered);
export const topicCardsQuery = read(server.api.words['topics-with-progress']);
export const verbsQuery = read(server.api.verbs);
export const reviewDueQuery = read(server.api.review.due);
export const topicWordsQuery = (topic: string) => read(server.api.words['by-topic']({ topic }));
/** The landing page's visitor deck: a key of its own beside the learner's deck, so it is never kept offline as theirs. */
export const landingDeckQuery = queryOptions({ ...wordsQuery, queryKey: [wordsQuery.queryKey[0], 'landing'] });
