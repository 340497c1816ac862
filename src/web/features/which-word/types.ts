export type { WhichWordQuestion, WhichWordTopic } from '../../../modules/which-word/service';
