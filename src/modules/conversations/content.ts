import { basename } from 'node:path';
import * as v from 'valibot';
import type { ContentPlugin, TextField } from '../../content/types';
import { parseYaml, validateDoc, type Path } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, reportRepeats, text } from '../../content/fields';
import { syncByKey, syncChildren } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { checkVerbForms } from '../../content/verb-forms';
import { knownArabiziOf, verbFormsOf, wordKeysOf, wordLinksIn } from '../vocabulary/content';
import type { Expected, Partner } from './rules';
import { scenarios, scenarioTurns } from './schema';

/** How big a scenario is (docs/content-format.md#conversations). */
const TURNS = { min: 3, max: 20 } as const;
const CHECKLIST = { min: 1, max: 6 } as const;
/** The file name gives the scenario's place in the list: `NN-<slug>.yaml`. */
const FILE_NAME = /^(\d{2})-[a-z0-9]+(-[a-z0-9]+)*\.ya?ml$/;

const Line = { arabizi: arabizi(), arabic: arabic(), english: text('English text') };
const Example = v.strictObject({ arabizi: arabizi(), arabic: arabic() });
const ExpectedReply = v.strictObject({
  intent: text('what the learner means, in English'),
  says: v.pipe(v.array(Example, 'must be a list of example replies'), v.minLength(1, 'must give at least one example reply')),
  next: text('the key of the turn it leads to'),
  ticks: v.optional(
    v.array(
      v.pipe(
        v.number('must be a checklist item number'),
        v.integer('must be a checklist item number'),
        v.minValue(1, 'checklist items are numbered from 1'),
      ),
      'must be a list of checklist item numbers',
    ),
  ),
});
const Turn = v.strictObject({
  key: key(),
  ...Line,
  hint: v.optional(text('a hint in English')),
  rephrase: v.optional(v.strictObject(Line)),
  expects: v.optional(
    v.pipe(
      v.array(ExpectedReply, 'must be a list of expected replies'),
      v.minLength(1, 'must list at least one expected reply (leave it out on a last line)'),
    ),
  ),
});
const ScenarioFile = v.strictObject({
  key: key(),
  title: text('a title'),
  setting: text('a sentence saying where and who'),
  premium: v.boolean('must be true or false'),
  partner: v.strictObject({
    name: v.pipe(text('a name'), v.maxLength(40, 'must be at most 40 characters')),
    gender: v.picklist(['male', 'female'], 'must be male or female'),
  }),
  checklist: v.pipe(
    v.array(text('a thing to get done'), 'must be a list'),
    v.minLength(CHECKLIST.min, `must list ${CHECKLIST.min} to ${CHECKLIST.max} things`),
    v.maxLength(CHECKLIST.max, `must list ${CHECKLIST.min} to ${CHECKLIST.max} things`),
  ),
  words: v.array(v.pipe(v.string('must be a word key'), v.minLength(1, 'must be a word key')), 'must be a list of word keys (topic/word)'),
  turns: v.pipe(
    v.array(Turn, 'must be a list of turns'),
    v.minLength(TURNS.min, `must have ${TURNS.min} to ${TURNS.max} turns`),
    v.maxLength(TURNS.max, `must have ${TURNS.min} to ${TURNS.max} turns`),
  ),
});

export interface ScenarioContent {
  file: string;
  line: number;
  scenario: { key: string; title: string; setting: string; isPremium: boolean; orderIndex: number; partner: Partner; checklist: string[] };
  wordKeys: string[];
  turns: {
    position: number;
    key: string;
    arabizi: string;
    arabic: string;
    english: string;
    hint: string | null;
    rephraseArabizi: string | null;
    rephraseArabic: string | null;
    rephraseEnglish: string | null;
    expects: Expected[];
  }[];
  texts: TextField[];
}

type Data = v.InferOutput<typeof ScenarioFile>;

/** The graph's own rules: every `next` names a turn, every turn is reached, a turn that expects a reply has a hint and a rephrasing, and every checklist item can be done. */
function graphProblems(data: Data): { path: Path; message: string }[] {
  const problems: { path: Path; message: string }[] = [];
  const keys = new Map<string, number>();
  data.turns.forEach((t, i) => {
    if (keys.has(t.key)) problems.push({ path: ['turns', i, 'key'], message: `turn key "${t.key}" is used twice` });
    keys.set(t.key, i);
  });
  const ticked = new Set<number>();
  data.turns.forEach((t, i) => {
    if (t.expects && (!t.hint || !t.rephrase))
      problems.push({
        path: ['turns', i, 'key'],
        message: 'a turn that expects a reply needs a hint and a rephrase, for a reply the partner does not understand',
      });
    if (!t.expects && (t.hint || t.rephrase))
      problems.push({ path: ['turns', i, 'key'], message: 'a last line (no expects) has no hint or rephrase' });
    t.expects?.forEach((e, j) => {
      if (!keys.has(e.next)) problems.push({ path: ['turns', i, 'expects', j, 'next'], message: `"${e.next}" is not the key of a turn` });
      for (const n of e.ticks ?? []) {
        if (n > data.checklist.length)
          problems.push({ path: ['turns', i, 'expects', j, 'ticks'], message: `the checklist has ${data.checklist.length} items` });
        ticked.add(n);
      }
    });
  });
  const reached = new Set<string>();
  const visit = (k: string) => {
    if (reached.has(k) || !keys.has(k)) return;
    reached.add(k);
    for (const e of data.turns[keys.get(k)!]!.expects ?? []) visit(e.next);
  };
  visit(data.turns[0]!.key);
  data.turns.forEach((t, i) => {
    if (!reached.has(t.key)) problems.push({ path: ['turns', i, 'key'], message: `turn "${t.key}" is never reached from the first turn` });
  });
  if (!data.turns.some((t) => !t.expects && reached.has(t.key)))
    problems.push({ path: ['turns'], message: 'no last line (a turn without expects) is reached: the conversation would never end' });
  data.checklist.forEach((_, i) => {
    if (!ticked.has(i + 1)) problems.push({ path: ['checklist', i], message: `no reply ticks checklist item ${i + 1}` });
  });
  return problems;
}

export const conversationsContent: ContentPlugin<ScenarioContent> = {
  kind: 'conversations',
  folder: 'conversations',
  extensions: ['.yaml', '.yml'],
  stats: (items) => {
    const free = items.filter((s) => !s.scenario.isPremium).length;
    return {
      lines: [
        `Conversations: ${items.length} scenarios (${free} free, ${items.length - free} premium), ${items.reduce((n, s) => n + s.turns.length, 0)} partner turns`,
      ],
      gaps: [],
    };
  },
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const order = FILE_NAME.exec(basename(file.path));
    if (!order)
      report.error({
        file: file.path,
        line: 1,
        field: '(file name)',
        message: 'a conversation file is named NN-<slug>.yaml (01-cafe.yaml): two digits for its place, then lower-case words joined by -',
      });
    const data = validateDoc(doc, ScenarioFile, report);
    if (!data || !order) return [];
    const problems = graphProblems(data);
    for (const p of problems) report.error({ file: file.path, line: doc.lineOf(p.path), field: p.path.join('.'), message: p.message });
    if (problems.length > 0) return [];

    const texts: TextField[] = [
      textAt(doc, ['title'], data.title, 'english'),
      textAt(doc, ['setting'], data.setting, 'prose'),
      ...data.checklist.map((c, i) => textAt(doc, ['checklist', i], c, 'prose')),
    ];
    const line = (path: Path, l: { arabizi: string; arabic: string; english: string }) => {
      checkNumberLetters(doc, [...path, 'arabizi'], l.arabizi, l.arabic, report);
      texts.push(
        textAt(doc, [...path, 'arabizi'], l.arabizi, 'arabizi', { arabic: l.arabic, english: l.english }),
        textAt(doc, [...path, 'english'], l.english, 'english'),
      );
    };
    data.turns.forEach((t, i) => {
      line(['turns', i], t);
      if (t.rephrase) line(['turns', i, 'rephrase'], t.rephrase);
      if (t.hint) texts.push(textAt(doc, ['turns', i, 'hint'], t.hint, 'prose'));
      t.expects?.forEach((e, j) => {
        texts.push(textAt(doc, ['turns', i, 'expects', j, 'intent'], e.intent, 'prose'));
        e.says.forEach((s, k) => {
          checkNumberLetters(doc, ['turns', i, 'expects', j, 'says', k, 'arabizi'], s.arabizi, s.arabic, report);
          texts.push(textAt(doc, ['turns', i, 'expects', j, 'says', k, 'arabizi'], s.arabizi, 'arabizi', { arabic: s.arabic }));
        });
      });
    });

    return [
      {
        file: file.path,
        line: doc.lineOf(['key']),
        scenario: {
          key: data.key,
          title: data.title,
          setting: data.setting,
          isPremium: data.premium,
          orderIndex: Number(order[1]),
          partner: data.partner,
          checklist: data.checklist,
        },
        wordKeys: data.words,
        turns: data.turns.map((t, i) => ({
          position: i,
          key: t.key,
          arabizi: t.arabizi,
          arabic: t.arabic,
          english: t.english,
          hint: t.hint ?? null,
          rephraseArabizi: t.rephrase?.arabizi ?? null,
          rephraseArabic: t.rephrase?.arabic ?? null,
          rephraseEnglish: t.rephrase?.english ?? null,
          expects: (t.expects ?? []).map((e) => ({
            intent: e.intent,
            says: e.says,
            next: e.next,
            ticks: (e.ticks ?? []).map((n) => n - 1),
          })),
        })),
        texts,
      },
    ];
  },
  check(items, all, report) {
    checkVerbForms(
      verbFormsOf(all),
      knownArabiziOf(all),
      items.flatMap((item) => item.texts),
      report,
    );
    const known = new Set(wordKeysOf(all));
    for (const item of items) {
      for (const k of item.wordKeys)
        if (!known.has(k))
          report.error({
            file: item.file,
            line: item.line,
            field: 'words',
            message: `"${k}" is not the key of a word in content/words (topic/word)`,
          });
    }
    reportRepeats(
      items,
      (item) => item.scenario.key,
      (item) => ({ file: item.file, line: item.line, field: 'key' }),
      (item) => `conversation key "${item.scenario.key}"`,
      report,
    );
    reportRepeats(
      items,
      (item) => String(item.scenario.orderIndex),
      (item) => ({ file: item.file, line: 1, field: '(file name)' }),
      (item) => `place ${String(item.scenario.orderIndex).padStart(2, '0')}`,
      report,
    );
  },
  texts: (item) => item.texts,
  apply(tx, items) {
    const sync = syncByKey(
      tx,
      scenarios,
      items.map((i) => ({
        ...i.scenario,
        words: wordLinksIn(tx, i.wordKeys).map((w, n) => ({ key: i.wordKeys[n]!, arabizi: w.arabizi, english: w.english })),
      })),
      { keyField: 'key' },
    );
    for (const item of items) syncChildren(tx, sync, item.scenario.key, scenarioTurns, 'scenarioId', 'position', item.turns);
    return sync.counts;
  },
};
