import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HOUR_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { notFound, tooManyRequests } from '../../lib/errors';
import type { User } from '../auth/service';
import type { LessonStep, LessonsService } from '../lessons/service';
import type { SentencesService } from '../sentences/service';
import type { VocabularyService, WordKeys } from '../vocabulary/service';
import type { ReportedItemInput, ReportInput } from './model';
import { REPORTS_PER_HOUR, type ReportReason } from './rules';
import { contentReports, type ReportedKind } from './schema';

export interface ReportView {
  id: number;
  kind: ReportedKind;
  contentKey: string;
  shown: string;
  reason: ReportReason;
  suggestion: string | null;
  note: string | null;
  createdAt: string;
}

/** The step's own text, so a report names what the learner saw even after the lesson changes. */
function stepText(step: LessonStep) {
  const { question, phrase, components } = step.content;
  return question ?? phrase?.lebanese ?? components?.map((c) => `${c.lebanese} (${c.english})`).join(', ') ?? step.type;
}

/**
 * "This isn't how we say it" (docs/decisions/0010): learners report a word, verb form, sentence or lesson
 * step; the report keeps the item's stable content key, so it survives re-imports and is placed at
 * the item's file and line when authors list the open reports.
 */
export function createReportsService(
  ctx: AppContext,
  deps: { wordKeys: WordKeys; practisedWord: VocabularyService['practisedWord']; sentences: SentencesService; lessons: LessonsService },
) {
  const { db, clock } = ctx;
  const P = sql.placeholder;
  const sentSince = db
    .select({ n: count(), first: sql<number>`min(${contentReports.createdAt})` })
    .from(contentReports)
    .where(and(eq(contentReports.userId, P('userId')), gt(contentReports.createdAt, P('since'))))
    .prepare();

  /** The reported item's kind, key and text; a 404 when it is not (or no longer) in the content, a 402 for a premium word after the trial. */
  function itemOf(user: User, item: ReportedItemInput): { kind: ReportedKind; contentKey: string; shown: string } {
    if (item.kind === 'word') {
      // A word outside the learner's tier is not theirs to read: a 402 after the trial (docs/product-rules.md#tiers), as when they answer it.
      deps.practisedWord(user, item.id);
      const word = deps.wordKeys.wordItem(item.id);
      if (!word) throw notFound('This word does not exist.');
      return { kind: word.isConjugation ? 'verb_form' : 'word', contentKey: word.key, shown: `${word.lebanese} (${word.english})` };
    }
    if (item.kind === 'sentence') {
      const sentence = deps.sentences.contentItem(item.id);
      if (!sentence) throw notFound('This sentence does not exist.');
      return { kind: 'sentence', contentKey: sentence.key, shown: sentence.question };
    }
    const lesson = deps.lessons.get(null, item.id);
    const step = deps.lessons.steps(item.id).find((s) => s.orderIndex === item.step);
    if (!step) throw notFound('This lesson step does not exist.');
    return {
      kind: 'lesson_step',
      contentKey: `${lesson.key}#${item.step}`,
      shown: `${lesson.name}, step ${item.step + 1}: ${stepText(step)}`,
    };
  }

  return {
    /** Stores a learner's report; the learner's 11th within an hour is refused with a 429. */
    create(user: User, input: ReportInput): ReportView {
      const userId = user.id;
      const item = itemOf(user, input.item);
      const now = clock.now();
      const recent = sentSince.get({ userId, since: now.getTime() - HOUR_MS })!;
      if (recent.n >= REPORTS_PER_HOUR) throw tooManyRequests((recent.first + HOUR_MS - now.getTime()) / 1000);
      const row = db
        .insert(contentReports)
        .values({ userId, ...item, reason: input.reason, suggestion: input.suggestion ?? null, note: input.note ?? null, createdAt: now })
        .returning()
        .get();
      return view(row);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

function view(row: typeof contentReports.$inferSelect): ReportView {
  const { id, kind, contentKey, shown, reason, suggestion, note, createdAt } = row;
  return { id, kind, contentKey, shown, reason, suggestion, note, createdAt: createdAt.toISOString() };
}

/** The open reports, oldest first, for `bun run content:reports`. */
export function openReports(db: Db): ReportView[] {
  return db.select().from(contentReports).where(isNull(contentReports.resolvedAt)).orderBy(asc(contentReports.id)).all().map(view);
}

/** Closes an open report; false when no open report has that id. */
export function resolveReport(db: Db, id: number, at: Date): boolean {
  const closed = db
    .update(contentReports)
    .set({ resolvedAt: at })
    .where(and(eq(contentReports.id, id), isNull(contentReports.resolvedAt)))
    .returning({ id: contentReports.id })
    .all();
  return closed.length > 0;
}
