import { FEED_CURSOR, type FeedSource } from '@wholesail/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * Where a page of the feed starts: after the item of an earlier page (its recorded time to the microsecond, its
 * source and id), or before a time. The feed is ordered by (recorded time, source rank, id), newest first, so items
 * recorded in the same microsecond by different sources are neither skipped nor shown twice.
 */
export type FeedPosition = { at: string; source: FeedSource; id: string } | { at: string; source?: undefined };

/** Of items recorded at the same time, a step comes before a rule run, and a rule run before an AI job. */
const RANK: { readonly [S in FeedSource]: number } = { sequence: 3, rule: 2, ai: 1 };

export function parsePosition(before: string | undefined): FeedPosition | null {
  if (!before) return null;
  if (!FEED_CURSOR.test(before)) return { at: new Date(before).toISOString() };
  const [at, source, id] = before.split('~') as [string, FeedSource, string];
  return { at, source, id };
}

/** A recorded time as the cursor holds it: UTC to the microsecond, so the next page starts exactly after it. */
export const positionOf = (column: RawBuilder<unknown>) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const cursorOf = (item: { position: string; source: FeedSource; id: string }) => `${item.position}~${item.source}~${item.id}`;

/** The condition for the rows of `source` that come after `position` (its recorded-time and id columns). */
export function afterPosition(source: FeedSource, position: FeedPosition | null, at: RawBuilder<unknown>, id: RawBuilder<unknown>): RawBuilder<boolean> {
  if (!position) return sql<boolean>`true`;
  const time = sql`${position.at}::timestamptz`;
  if (position.source === undefined) return sql<boolean>`${at} < ${time}`;
  const rank = RANK[source];
  const other = RANK[position.source];
  if (rank < other) return sql<boolean>`${at} <= ${time}`;
  if (rank > other) return sql<boolean>`${at} < ${time}`;
  return sql<boolean>`(${at} < ${time} or (${at} = ${time} and ${id} < ${position.id}::uuid))`;
}

/** Newest first, in the order afterPosition pages through. */
export function newestFirst<T extends { position: string; source: FeedSource; id: string }>(a: T, b: T): number {
  if (a.position !== b.position) return a.position < b.position ? 1 : -1;
  if (a.source !== b.source) return RANK[b.source] - RANK[a.source];
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
