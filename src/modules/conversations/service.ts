import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { calendarDay } from '../../lib/calendar';
import { MINUTE_MS } from '../../lib/clock';
import { badRequest, conflict, notFound, serviceUnavailable, unauthorized } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limit';
import { inTransaction } from '../../lib/writes';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import { ratingFor } from '../review/rules';
import type { ReviewService } from '../review/service';
import type { SpellingService } from '../spelling/service';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
import type { VocabularyService, WordKeys } from '../vocabulary/service';
import { createAiPartner, type AiScene } from './ai';
import type { LineInput, RecordingInput, StartInput } from './model';
import {
  scriptedStep,
  scriptEnded,
  turnAt,
  type Correction,
  type LearnerLine,
  type Partner,
  type ScenarioWord,
  type ScriptTurn,
  type TalkLine,
} from './rules';
import { scenarios, scenarioTurns, talks, talkUsage, type PartnerKind } from './schema';

/** The AI partner's daily budget per learner, in their own days, and its rate (docs/decisions/0072-conversation-partner.md). */
export const AI_BUDGET = { turns: 60, tokens: 40_000 } as const;
const AI_RATE = { limit: 10, windowMs: MINUTE_MS } as const;
/** How many of a learner's conversations /talk lists. */
const KEPT_TALKS = 20;
/** The words of the learner's level the AI partner is told of, at most. */
const WORDS_TOLD = 150;

export interface ScenarioSummary {
  id: number;
  key: string;
  title: string;
  setting: string;
  premium: boolean;
  /** Premium and the learner has neither trial nor subscription (or is signed out). */
  locked: boolean;
  partner: Partner;
  checklist: string[];
}

export interface PartnerLine {
  arabizi: string;
  arabic: string;
  english: string;
}

/** A scenario to talk in; `turns` is the scripted partner's graph, for the browser to talk without a network. */
export type ScenarioView = ScenarioSummary & { words: ScenarioWord[]; opening: PartnerLine; aiAvailable: boolean; turns: ScriptTurn[] };

export interface TalkSummary {
  id: number;
  scenarioId: number;
  title: string;
  partner: PartnerKind;
  startedAt: string;
  finished: boolean;
}

export interface TalkView {
  id: number;
  scenarioId: number;
  title: string;
  setting: string;
  partner: PartnerKind;
  person: Partner;
  checklist: { item: string; done: boolean }[];
  lines: TalkLine[];
  corrections: Correction[];
  /** What to try when stuck: the hint of the scripted partner's turn. */
  hint: string | null;
  /** The partner said the last line: the learner may only finish. */
  ended: boolean;
  finished: boolean;
  pointsAwarded: number;
  words: ScenarioWord[];
  startedAt: string;
}

/** What the partner made of a line: the conversation after it, and why the scripted partner answered an AI conversation's line. */
export interface LineReply {
  talk: TalkView;
  understood: boolean;
  by: 'scripted' | 'ai';
  notice: 'budget' | 'rate' | 'late' | 'failed' | null;
}

export interface FinishResult {
  talk: TalkView;
  pointsAwarded: number;
  /** Lines the partner understood, of the learner's lines. */
  understood: number;
  said: number;
  goal: ReturnType<StatsService['goalOf']>;
}

type Deps = {
  billing: BillingService;
  stats: StatsService;
  spelling: SpellingService;
  review: ReviewService;
  vocabulary: VocabularyService & { wordKeys: WordKeys };
};

/**
 * Conversations (docs/decisions/0072-conversation-partner.md): a scenario's partner answers each line the
 * learner types or says. The scripted partner follows the scenario's graph of turns and always answers; the
 * AI one (OPENAI_API_KEY) plays the partner within the scenario and gives way to the scripted one when it
 * fails, is late, or the learner's daily budget is spent. The end awards points through the statistics.
 */
export function createConversationsService(ctx: AppContext, deps: Deps) {
  const { db, clock } = ctx;
  const { billing, stats, spelling, review, vocabulary } = deps;
  const P = sql.placeholder;
  const ai = createAiPartner(ctx);
  const limiter = new RateLimiter(clock);

  const allScenarios = db.select().from(scenarios).orderBy(asc(scenarios.orderIndex), asc(scenarios.id)).prepare();
  const scenarioById = db
    .select()
    .from(scenarios)
    .where(eq(scenarios.id, P('id')))
    .prepare();
  const turnsOf = db
    .select()
    .from(scenarioTurns)
    .where(eq(scenarioTurns.scenarioId, P('id')))
    .orderBy(asc(scenarioTurns.position))
    .prepare();
  const talkById = db
    .select()
    .from(talks)
    .where(eq(talks.id, P('id')))
    .prepare();
  const talksOf = db
    .select({
      id: talks.id,
      scenarioId: talks.scenarioId,
      title: scenarios.title,
      partner: talks.partner,
      startedAt: talks.startedAt,
      finishedAt: talks.finishedAt,
    })
    .from(talks)
    .innerJoin(scenarios, eq(scenarios.id, talks.scenarioId))
    .where(eq(talks.userId, P('userId')))
    .orderBy(desc(talks.startedAt), desc(talks.id))
    .limit(KEPT_TALKS)
    .prepare();
  const finishedScenarioIds = db
    .selectDistinct({ scenarioId: talks.scenarioId })
    .from(talks)
    .where(and(eq(talks.userId, P('userId')), isNotNull(talks.finishedAt)))
    .prepare();
  const usageOf = db
    .select()
    .from(talkUsage)
    .where(and(eq(talkUsage.userId, P('userId')), eq(talkUsage.day, P('day'))))
    .prepare();
  const speakableTurn = db
    .select({
      arabizi: scenarioTurns.arabizi,
      arabic: scenarioTurns.arabic,
      rephraseArabizi: scenarioTurns.rephraseArabizi,
      rephraseArabic: scenarioTurns.rephraseArabic,
    })
    .from(scenarioTurns)
    .where(
      sql`${scenarioTurns.arabizi} = ${P('text')} collate nocase or ${scenarioTurns.arabic} = ${P('text')} or ${scenarioTurns.rephraseArabizi} = ${P('text')} collate nocase or ${scenarioTurns.rephraseArabic} = ${P('text')}`,
    )
    .limit(1)
    .prepare();
  const partnerOfTurn = db
    .select({ gender: sql<Partner['gender']>`json_extract(${scenarios.partner}, '$.gender')` })
    .from(scenarios)
    .innerJoin(scenarioTurns, eq(scenarioTurns.scenarioId, scenarios.id))
    .where(
      sql`${scenarioTurns.arabizi} = ${P('text')} collate nocase or ${scenarioTurns.arabic} = ${P('text')} or ${scenarioTurns.rephraseArabizi} = ${P('text')} collate nocase or ${scenarioTurns.rephraseArabic} = ${P('text')}`,
    )
    .limit(1)
    .prepare();

  type Scenario = typeof scenarios.$inferSelect;
  type Turn = typeof scenarioTurns.$inferSelect;
  type Talk = typeof talks.$inferSelect;

  const hasPremium = (user: User | null) => !!user && billing.access(user, clock.now()).hasPremium;
  const iso = (d: Date) => d.toISOString();
  const lineOf = (t: { arabizi: string; arabic: string; english: string }): PartnerLine => ({
    arabizi: t.arabizi,
    arabic: t.arabic,
    english: t.english,
  });

  const summary = (s: Scenario, premium: boolean): ScenarioSummary => ({
    id: s.id,
    key: s.key,
    title: s.title,
    setting: s.setting,
    premium: s.isPremium,
    locked: s.isPremium && !premium,
    partner: s.partner,
    checklist: s.checklist,
  });

  /** The scenario, once the learner may open it: a premium one needs a session (401) and a trial or subscription (402). */
  function open(user: User | null, id: number): Scenario {
    const s = scenarioById.get({ id });
    if (!s) throw notFound('This conversation does not exist.');
    if (s.isPremium) {
      if (!user) throw unauthorized();
      billing.requirePremium(user, clock.now());
    }
    return s;
  }

  /** The learner's own conversation (another learner's is not found), with its scenario, opened again under the premium rules. */
  const scriptTurnOf = (t: Turn): ScriptTurn => ({
    key: t.key,
    arabizi: t.arabizi,
    arabic: t.arabic,
    english: t.english,
    hint: t.hint,
    rephrase:
      t.rephraseArabizi && t.rephraseArabic && t.rephraseEnglish
        ? { arabizi: t.rephraseArabizi, arabic: t.rephraseArabic, english: t.rephraseEnglish }
        : null,
    expects: t.expects,
  });
  const scriptOf = (scenarioId: number) => turnsOf.all({ id: scenarioId }).map(scriptTurnOf);

  function ownTalk(user: User, id: number): { talk: Talk; scenario: Scenario; turns: ScriptTurn[] } {
    const talk = talkById.get({ id });
    if (!talk || talk.userId !== user.id) throw notFound('This conversation does not exist.');
    const scenario = open(user, talk.scenarioId);
    return { talk, scenario, turns: scriptOf(scenario.id) };
  }

  const learnerLines = (lines: TalkLine[]) => lines.filter((l) => l.who === 'learner');

  function view(talk: Talk, scenario: Scenario, turns: ScriptTurn[]): TalkView {
    const turn = turnAt(turns, talk.turnKey);
    const ended = talk.ended || talk.finishedAt !== null || scriptEnded(turns, talk.turnKey, learnerLines(talk.lines).length);
    return {
      id: talk.id,
      scenarioId: scenario.id,
      title: scenario.title,
      setting: scenario.setting,
      partner: talk.partner,
      person: scenario.partner,
      checklist: scenario.checklist.map((item, i) => ({ item, done: talk.done.includes(i) })),
      lines: talk.lines,
      corrections: talk.corrections,
      hint: ended ? null : turn.hint,
      ended,
      finished: talk.finishedAt !== null,
      pointsAwarded: talk.pointsAwarded,
      words: scenario.words,
      startedAt: iso(talk.startedAt),
    };
  }

  /** The learner's batch and the words it opens, for the AI partner's prompt. */
  function sceneFor(user: User, scenario: Scenario): AiScene {
    const batch = vocabulary.batchOf(user);
    const words = vocabulary
      .deckFor(user)
      .filter((w) => !w.isConjugation)
      .slice(0, WORDS_TOLD)
      .map((w) => w.arabizi);
    return {
      title: scenario.title,
      setting: scenario.setting,
      partner: scenario.partner,
      checklist: scenario.checklist,
      level: batch.batch,
      words,
    };
  }

  /**
   * Takes one AI turn from the learner's rate and budget for today, before the call: two lines sent
   * together cannot both pass a check made before either counted. A reason when either is spent.
   */
  function reserveAiTurn(userId: number): { day: string } | 'budget' | 'rate' {
    try {
      limiter.consume(`talk:${userId}`, AI_RATE.limit, AI_RATE.windowMs);
    } catch {
      return 'rate';
    }
    const day = calendarDay(clock.now(), stats.timeZoneOf(userId));
    const reserved = db.transaction(
      (tx) => {
        const used = usageOf.get({ userId, day });
        if (used && (used.turns >= AI_BUDGET.turns || used.tokens >= AI_BUDGET.tokens)) return false;
        tx.insert(talkUsage)
          .values({ userId, day, turns: 1 })
          .onConflictDoUpdate({ target: [talkUsage.userId, talkUsage.day], set: { turns: sql`${talkUsage.turns} + 1` } })
          .run();
        return true;
      },
      { behavior: 'immediate' },
    );
    return reserved ? { day } : 'budget';
  }

  /**
   * The end of a conversation, once: each of the learner's lines an answer in the statistics (the daily
   * goal's), a line the partner understood earning its points. Ended again, it awards nothing more.
   * Runs inside a write.
   */
  function end(user: User, talk: Talk, scenario: Scenario, turns: ScriptTurn[]): FinishResult {
    const said = learnerLines(talk.lines);
    const understood = said.filter((l) => l.who === 'learner' && l.understood).length;
    let finished = talk;
    if (talk.finishedAt === null) {
      for (const line of said)
        stats.award({
          userId: user.id,
          points: line.who === 'learner' && line.understood ? POINTS.conversation : 0,
          reason: 'conversation',
          correct: line.who === 'learner' && line.understood,
        });
      finished = db
        .update(talks)
        .set({ finishedAt: clock.now(), pointsAwarded: understood * POINTS.conversation })
        .where(eq(talks.id, talk.id))
        .returning()
        .get()!;
    }
    return {
      talk: view(finished, scenario, turns),
      pointsAwarded: finished.pointsAwarded,
      understood,
      said: said.length,
      goal: stats.goalOf(user.id),
    };
  }

  const service = {
    /** Every scenario in order; premium ones marked locked without premium. */
    list(user: User | null): { scenarios: ScenarioSummary[]; talks: TalkSummary[] } {
      const premium = hasPremium(user);
      const kept = user
        ? talksOf.all({ userId: user.id }).map((t) => ({
            id: t.id,
            scenarioId: t.scenarioId,
            title: t.title,
            partner: t.partner,
            startedAt: iso(t.startedAt),
            finished: t.finishedAt !== null,
          }))
        : [];
      return { scenarios: allScenarios.all().map((s) => summary(s, premium)), talks: kept };
    },

    /** The scenarios a learner has taken a conversation of to its end (the course's conversation steps), by id. */
    finishedScenarios(userId: number): Set<number> {
      return new Set(finishedScenarioIds.all({ userId }).map((t) => t.scenarioId));
    },

    get(user: User | null, id: number): ScenarioView {
      const s = open(user, id);
      const turns = scriptOf(id);
      return { ...summary(s, hasPremium(user)), words: s.words, opening: lineOf(turns[0]!), aiAvailable: ai.configured, turns };
    },

    /** A new conversation: the partner's opening line. The AI partner only when it is configured. */
    start(user: User, id: number, input: StartInput): TalkView {
      const scenario = open(user, id);
      if (input.partner === 'ai' && !ai.configured) throw badRequest("The AI partner is not set up on this server: choose 'scripted'.");
      const turns = scriptOf(id);
      const first = turns[0]!;
      const lines: TalkLine[] = [{ who: 'partner', ...lineOf(first), by: 'scripted' }];
      const talk = db
        .insert(talks)
        .values({
          userId: user.id,
          scenarioId: id,
          partner: input.partner,
          turnKey: first.key,
          lines,
          done: [],
          corrections: [],
          startedAt: clock.now(),
        })
        .returning()
        .get();
      return view(talk, scenario, turns);
    },

    talk(user: User, id: number): TalkView {
      const { talk, scenario, turns } = ownTalk(user, id);
      return view(talk, scenario, turns);
    },

    /**
     * The learner's line and the partner's answer. The scripted partner always judges it (its place in
     * the graph moves on); in an AI conversation the model answers when it can, within the budget and
     * the deadline, its arabizi put in the course's spelling.
     */
    async say(user: User, id: number, input: LineInput): Promise<LineReply> {
      const before = ownTalk(user, id);
      if (view(before.talk, before.scenario, before.turns).ended) throw conflict('Conflict', 'This conversation has ended.');
      const fallback = scriptedStep(before.turns, before.talk.turnKey, input.line, spelling.lexicon());
      const { text, spoken } = fallback.learner;

      let answer: { line: PartnerLine; by: 'scripted' | 'ai'; correction: Correction | null; done: number[]; finished: boolean } = {
        line: fallback.partner,
        by: 'scripted',
        correction: fallback.correction,
        done: fallback.ticks,
        finished: false,
      };
      let notice: LineReply['notice'] = null;
      if (before.talk.partner === 'ai') {
        const reserved = await ctx.writes.run(() => reserveAiTurn(user.id));
        if (typeof reserved === 'string') notice = reserved;
        else {
          const outcome = await ai.reply(sceneFor(user, before.scenario), [
            ...before.talk.lines,
            { who: 'learner', text, spoken, understood: false },
          ]);
          if (outcome.tokens > 0) {
            await ctx.writes.run(() =>
              db
                .update(talkUsage)
                .set({ tokens: sql`${talkUsage.tokens} + ${outcome.tokens}` })
                .where(and(eq(talkUsage.userId, user.id), eq(talkUsage.day, reserved.day)))
                .run(),
            );
          }
          if (outcome.ok) {
            const { reply } = outcome;
            const line = { arabizi: spelling.courseSpelling(reply.arabizi), arabic: reply.arabic, english: reply.english };
            const correction = reply.correction
              ? { said: text, corrected: spelling.courseSpelling(reply.correction.corrected), explanation: reply.correction.explanation }
              : null;
            answer = {
              line,
              by: 'ai',
              correction,
              done: reply.done.filter((n) => n <= before.scenario.checklist.length).map((n) => n - 1),
              finished: reply.finished,
            };
          } else notice = outcome.reason;
        }
      }

      // A line the AI partner answered was understood, in the graph or not (its slips are in the corrections).
      const learner: TalkLine = { ...fallback.learner, understood: fallback.learner.understood || answer.by === 'ai' };
      return ctx.writes.run(() =>
        db.transaction(
          (tx) => {
            // Read again inside the write: a line sent from another tab meanwhile is kept, not overwritten,
            // and one that ended the conversation meanwhile ends it for this line too.
            const talk = talkById.get({ id })!;
            if (view(talk, before.scenario, before.turns).ended) throw conflict('Conflict', 'This conversation has ended.');
            const partnerLine: TalkLine = { who: 'partner', ...answer.line, by: answer.by };
            const done = [...new Set([...talk.done, ...answer.done])].sort((a, b) => a - b);
            const updated = tx
              .update(talks)
              .set({
                lines: [...talk.lines, learner, partnerLine],
                done,
                corrections: answer.correction ? [...talk.corrections, answer.correction] : talk.corrections,
                turnKey: fallback.next,
                ended: talk.ended || answer.finished,
              })
              .where(eq(talks.id, id))
              .returning()
              .get()!;
            return { talk: view(updated, before.scenario, before.turns), understood: learner.understood, by: answer.by, notice };
          },
          { behavior: 'immediate' },
        ),
      );
    },

    /**
     * A line said where the browser has no recognition, which the learner chose to send: OpenAI turns it
     * into text, within the learner's AI rate and budget, and the partner takes it as a said line.
     */
    async sayRecorded(user: User, id: number, input: RecordingInput): Promise<LineReply & { heard: string }> {
      if (!ai.configured) throw badRequest('Sending a recording needs OpenAI, which is not set up on this server: type your reply.');
      ownTalk(user, id);
      const reserved = await ctx.writes.run(() => reserveAiTurn(user.id));
      if (typeof reserved === 'string')
        throw serviceUnavailable(
          "Today's recordings to transcribe are used up: type your reply, or say it in a browser with speech recognition.",
        );
      const heard = await ai.transcribe(Buffer.from(input.audio, 'base64'), input.type);
      if (heard === null) throw serviceUnavailable('Your recording could not be turned into text. Try again, or type your reply.');
      return { ...(await service.say(user, id, { line: { heard: [heard.slice(0, 200)] } })), heard };
    },

    /** The end of a conversation (`end`), once. */
    finish(user: User, id: number): FinishResult {
      const { scenario, turns } = ownTalk(user, id);
      return inTransaction(db.$client, () => end(user, talkById.get({ id })!, scenario, turns));
    },

    /**
     * A conversation held with the scripted partner in the browser without a network, sent once the
     * network is back (docs/decisions/0072-conversation-partner.md): the learner's lines go through the
     * graph again here, as they would have one by one, and the conversation is kept ended. Lines past its
     * end are not taken. Runs inside the write of its answer key.
     */
    heldOffline(user: User, id: number, said: LearnerLine[]): FinishResult {
      const scenario = open(user, id);
      const turns = scriptOf(id);
      const lexicon = spelling.lexicon();
      const lines: TalkLine[] = [{ who: 'partner', ...lineOf(turns[0]!), by: 'scripted' }];
      const done = new Set<number>();
      const corrections: Correction[] = [];
      let at = turns[0]!.key;
      for (const line of said) {
        if (scriptEnded(turns, at, learnerLines(lines).length)) break;
        const step = scriptedStep(turns, at, line, lexicon);
        lines.push(step.learner, { who: 'partner', ...step.partner, by: 'scripted' });
        for (const tick of step.ticks) done.add(tick);
        if (step.correction) corrections.push(step.correction);
        at = step.next;
      }
      const talk = db
        .insert(talks)
        .values({
          userId: user.id,
          scenarioId: id,
          partner: 'scripted',
          turnKey: at,
          lines,
          done: [...done].sort((a, b) => a - b),
          corrections,
          startedAt: clock.now(),
        })
        .returning()
        .get();
      return end(user, talk, scenario, turns);
    },

    /** The conversation's words the learner's tier opens, put in their review (a new card each, due now); how many went in. */
    addWordsToReview(user: User, id: number): { added: number } {
      const { scenario } = ownTalk(user, id);
      const open = vocabulary.openWords(user, vocabulary.wordKeys.wordIds(scenario.words.map((w) => w.key)));
      const at = clock.now();
      const added = db.transaction(
        () =>
          open.filter(
            (w) =>
              review.record({
                userId: user.id,
                kind: 'word',
                itemId: w.id,
                direction: 'lebanese-to-english',
                rating: ratingFor(false),
                at,
              }) !== null,
          ).length,
        {
          behavior: 'immediate',
        },
      );
      return { added };
    },

    /** The Arabic, arabizi and partner's voice of a partner's line (or its rephrasing) whose arabizi or Arabic is `text`, for speech. */
    speakableFor(text: string): { arabic: string; arabizi: string; voice: Partner['gender'] } | null {
      const row = speakableTurn.get({ text });
      if (!row) return null;
      const voice = partnerOfTurn.get({ text })?.gender ?? 'male';
      const rephrased =
        row.rephraseArabizi !== null && (row.rephraseArabizi.toLowerCase() === text.toLowerCase() || row.rephraseArabic === text);
      return rephrased
        ? { arabic: row.rephraseArabic!, arabizi: row.rephraseArabizi!, voice }
        : { arabic: row.arabic, arabizi: row.arabizi, voice };
    },
  };
  return service;
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
