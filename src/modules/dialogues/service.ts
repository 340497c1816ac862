import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { judgeTyped, type TypedVerdict } from '../../shared/judge';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { GrammarService } from '../grammar/service';
import type { SpeakingService } from '../speaking/service';
import type { SpellingService } from '../spelling/service';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
import type { RolePlayInput } from './model';
import { dialogueLines, dialogueProgress, dialogues, type Speaker } from './schema';
import type { Voice } from '../../content/speakable';

export interface DialogueProgressView {
  timesPlayed: number;
  /** Most lines right in one role-play. */
  bestScore: number;
  lastScore: number;
  /** The number of turns of the latest role-play. */
  lastTotal: number;
  lastPlayed: string | null;
}

export interface DialogueSummary {
  id: number;
  key: string;
  title: string;
  setting: string;
  premium: boolean;
  /** Premium and the learner has neither trial nor subscription (or is signed out). */
  locked: boolean;
  speakers: Speaker[];
  lines: number;
  /** The keys of the grammar pages its lines show at work, in the order they first come: the grammar page lists the dialogue. */
  grammar: string[];
  progress: DialogueProgressView;
}

export interface DialogueLine {
  position: number;
  speaker: string;
  voice: Voice;
  arabizi: string;
  /** Other wordings a teacher would take for the line, judged like it. */
  alternatives: string[];
  arabic: string;
  english: string;
  /** Hidden (null) without premium, like every cultural note (docs/product-rules.md#tiers). */
  note: string | null;
  /** The grammar page the line shows at work, for a link under it; the reference is free, so it is never hidden. */
  grammar: { key: string; title: string } | null;
}

export type DialogueView = Omit<DialogueSummary, 'lines'> & { lines: DialogueLine[] };

export interface RolePlayResult {
  dialogueId: number;
  speaker: string;
  /** Lines right, out of `total` turns. */
  score: number;
  total: number;
  verdicts: TypedVerdict[];
  pointsAwarded: number;
  progress: DialogueProgressView;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Dialogues (docs/product-rules.md#dialogues): the list with each learner's role-plays, a dialogue's
 * lines, and role-plays judged line by line with the typed-answer checker, each right line earning its
 * points through the statistics like any answer.
 */
export function createDialoguesService(
  ctx: AppContext,
  deps: { billing: BillingService; stats: StatsService; spelling: SpellingService; speaking: SpeakingService; grammar: GrammarService },
) {
  const { db, clock } = ctx;
  const { billing, stats, spelling, speaking, grammar } = deps;
  const P = sql.placeholder;

  const lineCount = sql<number>`(select count(*) from ${dialogueLines} where ${dialogueLines.dialogueId} = ${sql`${dialogues}.${sql.identifier('id')}`})`;
  const columns = {
    id: dialogues.id,
    key: dialogues.key,
    title: dialogues.title,
    setting: dialogues.setting,
    isPremium: dialogues.isPremium,
    speakers: dialogues.speakers,
    lines: lineCount,
  };
  const allDialogues = db.select(columns).from(dialogues).orderBy(asc(dialogues.orderIndex), asc(dialogues.id)).prepare();
  const dialogueById = db
    .select(columns)
    .from(dialogues)
    .where(eq(dialogues.id, P('id')))
    .prepare();
  const linesOf = db
    .select()
    .from(dialogueLines)
    .where(eq(dialogueLines.dialogueId, P('id')))
    .orderBy(asc(dialogueLines.position))
    .prepare();
  const grammarOfLines = db
    .select({ dialogueId: dialogueLines.dialogueId, grammar: dialogueLines.grammar })
    .from(dialogueLines)
    .where(sql`${dialogueLines.grammar} is not null`)
    .orderBy(asc(dialogueLines.dialogueId), asc(dialogueLines.position))
    .prepare();
  const progressOf = db
    .select()
    .from(dialogueProgress)
    .where(and(eq(dialogueProgress.userId, P('userId')), eq(dialogueProgress.dialogueId, P('dialogueId'))))
    .prepare();
  const progressOfUser = db
    .select()
    .from(dialogueProgress)
    .where(eq(dialogueProgress.userId, P('userId')))
    .prepare();
  const addPlay = db
    .insert(dialogueProgress)
    .values({
      userId: P('userId'),
      dialogueId: P('dialogueId'),
      timesPlayed: 1,
      bestScore: P('score'),
      lastScore: P('score'),
      lastTotal: P('total'),
      lastPlayed: P('now'),
    })
    .onConflictDoUpdate({
      target: [dialogueProgress.userId, dialogueProgress.dialogueId],
      set: {
        timesPlayed: sql`${dialogueProgress.timesPlayed} + 1`,
        bestScore: sql`max(${dialogueProgress.bestScore}, excluded.best_score)`,
        lastScore: sql`excluded.last_score`,
        lastTotal: sql`excluded.last_total`,
        lastPlayed: sql`excluded.last_played`,
      },
    })
    .prepare();
  // A line of a free dialogue first: the same words in a premium one are then no secret.
  const speakableLine = db
    .select({ arabic: dialogueLines.arabic, arabizi: dialogueLines.arabizi, voice: dialogueLines.voice, premium: dialogues.isPremium })
    .from(dialogueLines)
    .innerJoin(dialogues, eq(dialogues.id, dialogueLines.dialogueId))
    .where(sql`${dialogueLines.arabizi} = ${P('text')} collate nocase or ${dialogueLines.arabic} = ${P('text')}`)
    .orderBy(asc(dialogues.isPremium))
    .limit(1)
    .prepare();

  type Row = NonNullable<ReturnType<typeof dialogueById.get>>;
  type ProgressRow = typeof dialogueProgress.$inferSelect;
  const hasPremium = (user: User | null) => !!user && billing.access(user, clock.now()).hasPremium;

  const progressView = (row: ProgressRow | undefined): DialogueProgressView => ({
    timesPlayed: row?.timesPlayed ?? 0,
    bestScore: row?.bestScore ?? 0,
    lastScore: row?.lastScore ?? 0,
    lastTotal: row?.lastTotal ?? 0,
    lastPlayed: iso(row?.lastPlayed),
  });

  /** The pages named by lines, each once, in the order they first come. */
  const pagesOf = (lines: { grammar: string | null }[]) => [...new Set(lines.flatMap((l) => (l.grammar ? [l.grammar] : [])))];

  const summary = (d: Row, premium: boolean, pages: string[], row: ProgressRow | undefined): DialogueSummary => ({
    id: d.id,
    key: d.key,
    title: d.title,
    setting: d.setting,
    premium: d.isPremium,
    locked: d.isPremium && !premium,
    speakers: d.speakers,
    lines: d.lines,
    grammar: pages,
    progress: progressView(row),
  });

  /** The dialogue, once the learner may open it: a premium one needs a session (401) and a trial or subscription (402). */
  function open(user: User | null, id: number): Row {
    const d = dialogueById.get({ id });
    if (!d) throw notFound('This dialogue does not exist.');
    if (d.isPremium) {
      if (!user) throw unauthorized();
      billing.requirePremium(user, clock.now());
    }
    return d;
  }

  return {
    /** Every dialogue in order, with the learner's role-plays (none signed out); premium ones marked locked without premium. */
    list(user: User | null): DialogueSummary[] {
      const premium = hasPremium(user);
      const progress = new Map(user ? progressOfUser.all({ userId: user.id }).map((p) => [p.dialogueId, p]) : []);
      const named = Map.groupBy(grammarOfLines.all(), (l) => l.dialogueId);
      return allDialogues.all().map((d) => summary(d, premium, pagesOf(named.get(d.id) ?? []), progress.get(d.id)));
    },

    get(user: User | null, id: number): DialogueView {
      const d = open(user, id);
      const premium = hasPremium(user);
      const rows = linesOf.all({ id });
      const titles = new Map(grammar.list().map((page) => [page.key, page.title]));
      const lines = rows.map((l) => ({
        position: l.position,
        speaker: l.speaker,
        voice: l.voice,
        arabizi: l.arabizi,
        alternatives: l.alternatives,
        arabic: l.arabic,
        english: l.english,
        note: premium ? l.note : null,
        // The import fails on a line naming a page that does not exist: every key has its title.
        grammar: l.grammar ? { key: l.grammar, title: titles.get(l.grammar)! } : null,
      }));
      const progress = user ? progressOf.get({ userId: user.id, dialogueId: id }) : undefined;
      return { ...summary(d, premium, pagesOf(rows), progress), lines };
    },

    /**
     * A role-play: the answers to the learner's turns, a typed one judged as typed flash cards are
     * (docs/decisions/0009), a said one by what recognition heard against the line's Arabic as Say it is
     * (docs/decisions/0045-said-role-play-turns.md); recorded with the points of each right line in one transaction.
     */
    rolePlay(user: User, id: number, input: RolePlayInput): RolePlayResult {
      const d = open(user, id);
      if (!d.speakers.some((s) => s.name === input.speaker))
        throw badRequest(`speaker must be one of ${d.speakers.map((s) => s.name).join(', ')}.`);
      const turns = linesOf.all({ id }).filter((l) => l.speaker === input.speaker);
      if (input.answers.length !== turns.length) throw badRequest(`answers must hold one answer for each of your ${turns.length} turns.`);
      const lexicon = spelling.lexicon();
      const verdicts = turns.map((line, i): TypedVerdict => {
        const answer = input.answers[i]!;
        if (typeof answer === 'string') return judgeTyped(answer, [line.arabizi, ...line.alternatives], lexicon);
        return speaking.judge(answer.heard, line.arabic).correct ? 'right' : 'wrong';
      });
      const score = verdicts.filter((v) => v === 'right').length;
      // bun:sqlite's own transaction, so that it nests (as a savepoint) in the answer key's (src/modules/answer-keys).
      return db.$client
        .transaction((): RolePlayResult => {
          const now = clock.now();
          addPlay.run({ userId: user.id, dialogueId: id, score, total: turns.length, now });
          // Each turn is an answer in the statistics; a right line earns a card's points.
          for (const verdict of verdicts)
            stats.award({
              userId: user.id,
              points: verdict === 'right' ? POINTS.dialogue : 0,
              reason: 'dialogue',
              correct: verdict === 'right',
            });
          return {
            dialogueId: id,
            speaker: input.speaker,
            score,
            total: turns.length,
            verdicts,
            pointsAwarded: score * POINTS.dialogue,
            progress: progressView(progressOf.get({ userId: user.id, dialogueId: id })),
          };
        })
        .immediate();
    },

    /** The Arabic, arabizi and speaker's voice of a dialogue line whose arabizi (any case) or Arabic is `text`, and whether its dialogue is premium, for speech. */
    speakableFor(text: string): { arabic: string; arabizi: string; voice: Voice; premium: boolean } | null {
      return speakableLine.get({ text }) ?? null;
    },
  };
}

export type DialoguesService = ReturnType<typeof createDialoguesService>;
