import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The lessons' and sentences' reads, for the screens' hooks and the routes' loaders alike. */
export const lessonQuery = (id: number) => read(server.api.lessons({ id }));
export const lessonStepsQuery = (id: number) => read(server.api.lessons({ id }).content);
export const sentenceTopicsQuery = read(server.api.sentences.topics);
