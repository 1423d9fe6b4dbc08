import { CALL_LIMIT, callLimitMessage } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import * as repo from './repo';

const WINDOW_MS = CALL_LIMIT.windowHours * 3_600_000;

/**
 * The per-number limit (issue 15): a number the organization called `limit` times in the last 24 hours is refused
 * until enough of those calls leave the 24 hours (the oldest, when the count is at the limit). Given several numbers
 * (the pre-dial check without a number), the lead is refused only when every one is at its limit, naming the one
 * that frees up first. `timeZone` is the lead's, for the message.
 */
export async function callLimitRefusal(
  tx: Tx,
  q: { organizationId: string; numbers: readonly string[]; limit: number; now: Date; timeZone: string },
): Promise<{ message: string; details: Record<string, unknown> } | null> {
  if (q.numbers.length === 0) return null;
  const calls = await repo.recentCallsTo(tx, q.organizationId, q.numbers, new Date(q.now.getTime() - WINDOW_MS));
  let first: { number: string; count: number; resumesAt: Date } | null = null;
  for (const number of q.numbers) {
    const starts = calls.filter((c) => c.to === number).map((c) => c.startedAt);
    if (starts.length < q.limit) return null;
    const resumesAt = new Date(starts[starts.length - q.limit]!.getTime() + WINDOW_MS);
    if (!first || resumesAt < first.resumesAt) first = { number, count: starts.length, resumesAt };
  }
  return {
    message: callLimitMessage(first!.count, first!.resumesAt, q.timeZone, q.now),
    details: { limited_number: first!.number, calls_in_24h: first!.count, limit: q.limit, next_allowed_at: first!.resumesAt.toISOString() },
  };
}
