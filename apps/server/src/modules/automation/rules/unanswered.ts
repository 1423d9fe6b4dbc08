import { sql, type RawBuilder } from 'kysely';
import { RULE_LIMITS } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { NOT_CONNECTED } from '../exits-subscriber';

/**
 * A call nobody answered: its logged outcome is one of the automation's "not connected" outcomes (No Answer, Wrong
 * Number), the same that do not count as a reply for a sequence. `alias` is the calls table's alias in the query.
 */
export const unansweredCall = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${alias}.disposition`)} = any(${sql.val(NOT_CONNECTED)}::text[]))`;

/**
 * How many of the lead's completed calls in a row, up to and including `callId`, went unanswered, counted up to one
 * past the most a rule asks for: a rule for N fires when the streak is exactly N (the N-th unanswered call), not
 * again at N + 1. Counted as of the call, not as of the delivery, so a later call changes no earlier call's streak.
 */
export async function unansweredStreak(tx: Tx, organizationId: string, leadId: string, callId: string): Promise<number> {
  const { rows } = await sql<{ unanswered: boolean }>`
    select ${unansweredCall('c')} as unanswered from calls c
    where c.organization_id = ${organizationId} and c.lead_id = ${leadId} and c.completed_at is not null
      and (c.completed_at, c.id) <= (select e.completed_at, e.id from calls e where e.organization_id = ${organizationId} and e.id = ${callId})
    order by c.completed_at desc, c.id desc
    limit ${RULE_LIMITS.unansweredCalls.max + 1}`.execute(tx);
  const firstAnswered = rows.findIndex((r) => !r.unanswered);
  return firstAnswered === -1 ? rows.length : firstAnswered;
}
