import type { ContentPlugin } from '../lib/content/types';
import { wordsContent, verbsContent } from './vocabulary/content';
import { lettersContent } from './letters/content';
import { sentencesContent } from './sentences/content';
import { lessonsContent } from './lessons/content';

/** Every content plugin, in the order they apply: lessons point at topics and verbs. */
export const contentPlugins: ContentPlugin<any>[] = [wordsContent, verbsContent, lettersContent, sentencesContent, lessonsContent];
