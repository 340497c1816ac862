import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The lessons' and sentences' reads, for the screens' hooks and the routes' loaders alike. */
export const lessonQuery = (id: number) => read(server.api.lessons({ id }));
export const lessonStepsQuery = (id: number) => read(server.api.lessons({ id }).content);
export const sentenceTopicsQuery = read(server.api.sentences.topics);

export type LessonView = Reply<ReturnType<typeof server.api.lessons>['get']>;
export type LessonStep = Reply<ReturnType<typeof server.api.lessons>['content']['get']>[number];
export type StepComponent = NonNullable<LessonStep['content']['components']>[number];
export type SentenceView = Reply<ReturnType<typeof server.api.sentences.random>['get']>;
export type SentenceAnswerResult = Reply<typeof server.api.sentences.answer.post>;
