import { describe, expect, test } from 'bun:test';
import { validateContent } from '../importer';
import { contentStats } from './stats';
import { contentSandbox, verbFile } from '../../../tests/support/content';
import { contentPlugins } from '../../modules';

const { fixture } = contentSandbox();

const word = (english: string, batch: number, note?: string) =>
  `  - english: ${english}\n    arabizi: ${english}i\n    arabic: كلمة\n    batch: ${batch}\n${note ? `    note: ${note}\n` : ''}`;

const emotions = `topic: Emotions\npremium: true\norder: 2\nwords:\n${word('happy', 1, 'Said often.')}${word('sad', 1)}${word('tired', 3)}`;
const colors = `topic: Colors\npremium: false\norder: 1\nwords:\n${word('red', 1)}${word('blue', 2)}`;

describe('bun run content:stats', () => {
  test('counts words per topic and batch, verbs, sentences, lessons and letters, and lists every gap', () => {
    const root = fixture({
      'words/emotions.yaml': emotions,
      'words/colors.yaml': colors,
      'verbs/eat.yaml': verbFile(),
      'spelling.yaml': 'words:\n  - canonical: 5er\n    variants: [5eir, kheir]\n  - canonical: corniche\n    variants: []\n',
      'lessons/01-broken.md': '---\nkey: broken\nname: Broken\norder: 1\ndifficulty: beginner\nsteps:\n  - type: quiz\n---\nIntro.\n',
    });
    const { text, gaps } = contentStats(validateContent(root, contentPlugins), contentPlugins);
    const lines = text.split('\n');

    expect(lines[0]).toBe(
      'Files: paradigms 0, words 2, verbs 1, letters 0, sentences 0, grammar 0, dialogues 0, conversations 0, audio 0, lessons 1, course 0; 1 error(s), 0 warning(s)',
    );
    expect(lines).toContain('Words: 2 topics (1 free, 1 premium), 5 words, 1 with a note (20%)');
    expect(lines).toContain('Spelling table: 2 words, 2 variants');
    // Topics in their order, the premium one marked, batches 1..6, a short topic flagged with "!".
    const row = (name: string) => lines.find((l) => l.startsWith(name))!.split(/\s+/);
    expect(row('Colors')).toEqual(['Colors', '1', '1', '0', '0', '0', '0', '2', '!', '0', '!']);
    expect(row('Emotions')).toEqual(['Emotions', 'premium', '2', '0', '1', '0', '0', '0', '3', '!', '1']);
    expect(row('total')).toEqual(['total', '3', '1', '1', '0', '0', '0', '5', '1']);
    expect(lines.findIndex((l) => l.startsWith('Colors'))).toBeLessThan(lines.findIndex((l) => l.startsWith('Emotions')));
    expect(row('to eat')).toEqual(['to', 'eat', 'eat', '8', '8', '8', '3', '8', '35', 'yes']);

    expect(gaps).toContain('lessons/01-broken.md: 1 error(s): see `bun run import --dry-run`');
    expect(gaps).toContain('words: Colors has 2 words (at least 25)');
    expect(gaps).toContain('words: no topic "Basic Phrases"');
    expect(gaps).toContain('words: Colors has a note on 0% of its words (at least a third)');
    expect(gaps.filter((g) => g.startsWith('words: Emotions has a note'))).toEqual([]);
    expect(gaps).toContain('verbs: no verb "to drink"');
    expect(gaps).not.toContain('verbs: no verb "to eat"');
    expect(gaps).toContain('sentences: work has 0 sentences (at least 12)');
    expect(gaps).toContain('lessons: 0 (at least 24)');
    expect(gaps).toContain('grammar: 0 pages (at least 20)');
    expect(gaps).toContain('letters: no letter 7');
    expect(text.endsWith(gaps.map((g) => `  ! ${g}`).join('\n'))).toBe(true);
  });

  test('a topic marked free that docs/product-rules.md makes premium is a gap', () => {
    const { gaps } = contentStats(
      validateContent(fixture({ 'words/emotions.yaml': emotions.replace('premium: true', 'premium: false') }), contentPlugins),
      contentPlugins,
    );
    expect(gaps).toContain('words: Emotions is free; docs/product-rules.md makes it premium');
  });
});
