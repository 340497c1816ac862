import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count, flag, json } from '../../db/columns';
import { users } from '../auth/schema';
import type { Expected, ScenarioWord, TalkLine, Correction, Partner } from './rules';

export const PARTNERS = ['scripted', 'ai'] as const;
export type PartnerKind = (typeof PARTNERS)[number];

/** A situation of content/conversations (docs/content-format.md#conversations). */
export const scenarios = sqliteTable(
  'conversation_scenarios',
  {
    id: id(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    setting: text('setting').notNull(),
    isPremium: flag('is_premium'),
    orderIndex: integer('order_index').notNull(),
    partner: json<Partner>('partner').notNull(),
    /** What the learner must get done, in order. */
    checklist: json<string[]>('checklist').notNull(),
    words: json<ScenarioWord[]>('words').notNull(),
  },
  (t) => [uniqueIndex('conversation_scenarios_key_unique').on(t.key), index('conversation_scenarios_order_idx').on(t.orderIndex)],
);

/**
 * One of the partner's turns in a scenario's graph: the line, and what the learner may answer (none:
 * the conversation's last line); a reply nothing matches gets the rephrasing and the hint.
 */
export const scenarioTurns = sqliteTable(
  'conversation_turns',
  {
    id: id(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    arabizi: text('arabizi').notNull(),
    arabic: text('arabic').notNull(),
    english: text('english').notNull(),
    hint: text('hint'),
    rephraseArabizi: text('rephrase_arabizi'),
    rephraseArabic: text('rephrase_arabic'),
    rephraseEnglish: text('rephrase_english'),
    expects: json<Expected[]>('expects').notNull(),
  },
  (t) => [
    uniqueIndex('conversation_turns_scenario_position_unique').on(t.scenarioId, t.position),
    index('conversation_turns_arabizi_idx').on(t.arabizi),
  ],
);

/** A learner's conversation in a scenario: its transcript, kept to be opened again from /talk. */
export const talks = sqliteTable(
  'talks',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    partner: text('partner', { enum: PARTNERS }).notNull(),
    /** The scripted partner's place in the graph, kept in the AI's conversations too: it answers when the AI cannot. */
    turnKey: text('turn_key').notNull(),
    lines: json<TalkLine[]>('lines').notNull(),
    /** Checklist items done, by their index. */
    done: json<number[]>('done').notNull(),
    corrections: json<Correction[]>('corrections').notNull(),
    /** The AI partner brought the conversation to its end. */
    ended: flag('ended'),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    pointsAwarded: count('points_awarded'),
  },
  (t) => [index('talks_user_started_idx').on(t.userId, t.startedAt)],
);

/** The AI partner's use by a learner on one of their days: turns and tokens against the daily budget. */
export const talkUsage = sqliteTable(
  'talk_usage',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    turns: count('turns'),
    tokens: count('tokens'),
  },
  (t) => [uniqueIndex('talk_usage_user_day_unique').on(t.userId, t.day)],
);
