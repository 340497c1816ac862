import { eq, inArray, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Tx } from '../db/client';
import type { Counts } from './types';

export const emptyCounts = (): Counts => ({ added: 0, updated: 0, unchanged: 0, removed: 0 });
export const addCounts = (a: Counts, b: Counts): Counts => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  removed: a.removed + b.removed,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Makes `table` hold exactly `rows` (within `scope`, when given), matching on the stable key column:
 * new keys are inserted, changed rows updated in place (so their ids, and learners' progress, stay),
 * missing keys deleted. Returns the counts, the id of every key and the keys left unchanged.
 * `deferRemoval` leaves the deleting to the caller's `removeStale()`: a topic renamed or merged away
 * must outlive the sync that moves its words to their new topic, or deleting it would take them along.
 */
export function syncByKey<T extends SQLiteTable>(
  tx: Tx,
  table: T,
  rows: Record<string, unknown>[],
  opts: { keyField: string; scope?: { column: Column; value: unknown }; deferRemoval?: boolean },
): { counts: Counts; ids: Map<string, number>; unchangedKeys: Set<string>; removeStale: () => void } {
  const counts = emptyCounts();
  const ids = new Map<string, number>();
  const t = table as any;
  const query = tx.select().from(t);
  const existing: Record<string, unknown>[] = (opts.scope ? query.where(eq(opts.scope.column, opts.scope.value)) : query).all();
  const byKey = new Map(existing.map((row) => [String(row[opts.keyField]), row]));
  const seen = new Set<string>();
  const unchangedKeys = new Set<string>();

  for (const row of rows) {
    const key = String(row[opts.keyField]);
    seen.add(key);
    const current = byKey.get(key);
    if (!current) {
      const inserted = tx.insert(t).values(row).returning().get() as { id: number };
      ids.set(key, inserted.id);
      counts.added++;
      continue;
    }
    ids.set(key, current.id as number);
    const changed = Object.keys(row).some((field) => !same(row[field], current[field]));
    if (changed) {
      tx.update(t).set(row).where(eq(t.id, current.id)).run();
      counts.updated++;
    } else {
      counts.unchanged++;
      unchangedKeys.add(key);
    }
  }

  const stale = existing.filter((row) => !seen.has(String(row[opts.keyField]))).map((row) => row.id as number);
  const removeStale = () => {
    for (let i = 0; i < stale.length; i += 500) {
      tx.delete(t)
        .where(inArray(t.id, stale.slice(i, i + 500)))
        .run();
    }
  };
  if (!opts.deferRemoval) removeStale();
  counts.removed = stale.length;
  return { counts, ids, unchangedKeys, removeStale };
}

/**
 * Syncs a parent's child rows (a sentence's contexts, a lesson's steps), which point at the parent
 * through `parentField`, and counts the parent as updated when only its children changed.
 */
export function syncChildren(
  tx: Tx,
  parent: { counts: Counts; ids: Map<string, number>; unchangedKeys: Set<string> },
  parentKey: string,
  childTable: SQLiteTable,
  parentField: string,
  childKeyField: string,
  rows: Record<string, unknown>[],
) {
  const parentId = parent.ids.get(parentKey)!;
  const child = syncByKey(
    tx,
    childTable,
    rows.map((row) => ({ ...row, [parentField]: parentId })),
    {
      keyField: childKeyField,
      scope: { column: (childTable as unknown as Record<string, Column>)[parentField], value: parentId },
    },
  ).counts;
  if (child.added + child.updated + child.removed > 0 && parent.unchangedKeys.delete(parentKey)) {
    parent.counts.unchanged--;
    parent.counts.updated++;
  }
}
