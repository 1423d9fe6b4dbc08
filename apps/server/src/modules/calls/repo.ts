import { sql } from 'kysely';
import { LIVE_CALL_STATUSES, type CallRecord, type CallStatus } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { CallEvents } from '../../db/types';

/** A call still counts as live for this long; a call left live by a restarted process then stops blocking its lead. */
export const LIVE_CALL_MAX_HOURS = 4;

type CallRow = {
  id: string; lead_id: string; user_id: string | null; from_e164: string; to_e164: string; call_sid: string;
  provider: 'demo' | 'twilio'; status: CallStatus; started_at: Date | string; answered_at: Date | string | null;
  ended_at: Date | string | null; duration_sec: number | null; disposition: string | null; notes: string | null;
  completed_at: Date | string | null;
};

export const CALL_COLUMNS = [
  'id', 'lead_id', 'user_id', 'from_e164', 'to_e164', 'call_sid', 'provider', 'status', 'started_at', 'answered_at',
  'ended_at', 'duration_sec', 'disposition', 'notes', 'completed_at',
] as const;

export function toCall(row: CallRow): CallRecord {
  return {
    ...row,
    started_at: iso(row.started_at),
    answered_at: iso(row.answered_at),
    ended_at: iso(row.ended_at),
    completed_at: iso(row.completed_at),
  };
}

export async function findCall(tx: Tx, organizationId: string, id: string, lock = false) {
  const q = tx.selectFrom('calls').select(CALL_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id);
  return lock ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

export async function findLiveCallOnLead(tx: Tx, organizationId: string, leadId: string) {
  return tx
    .selectFrom('calls')
    .select(['id', 'user_id'])
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .where('status', 'in', LIVE_CALL_STATUSES)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${LIVE_CALL_MAX_HOURS})`)
    .limit(1)
    .executeTakeFirst();
}

/** When the organization's calls to these numbers since `since` started, oldest first (refused attempts are not calls). */
export async function recentCallsTo(tx: Tx, organizationId: string, numbers: readonly string[], since: Date) {
  const rows = await tx
    .selectFrom('calls')
    .select(['to_e164', 'started_at'])
    .where('organization_id', '=', organizationId)
    .where('to_e164', 'in', numbers)
    .where('started_at', '>', since)
    .orderBy('started_at')
    .execute();
  return rows.map((r) => ({ to: r.to_e164, startedAt: new Date(r.started_at) }));
}

/** Serialises dials to one number in an organization, so two dials cannot both take the last call of the limit. */
export async function lockNumber(tx: Tx, organizationId: string, number: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`call:${organizationId}:${number}`}))`.execute(tx);
}

export async function insertCall(
  tx: Tx,
  values: {
    organization_id: string; lead_id: string; user_id: string; from_e164: string; to_e164: string;
    provider: 'demo' | 'twilio'; call_sid: string; connection_sid: string | null; started_at: Date;
  },
) {
  return tx.insertInto('calls').values(values).returning(CALL_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateCall(tx: Tx, organizationId: string, id: string, values: Record<string, unknown>, onlyStatuses?: readonly CallStatus[]) {
  let q = tx
    .updateTable('calls')
    .set({ ...values, updated_at: new Date() } as never)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id);
  if (onlyStatuses) q = q.where('status', 'in', onlyStatuses);
  return q.returning(CALL_COLUMNS).executeTakeFirst();
}

export async function insertEvent(
  tx: Tx,
  e: { organizationId: string; leadId: string | null; userId: string | null; callId?: string | null; kind: CallEvents['kind']; reason?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await tx
    .insertInto('call_events')
    .values({
      organization_id: e.organizationId,
      lead_id: e.leadId,
      user_id: e.userId,
      call_id: e.callId ?? null,
      kind: e.kind,
      reason: e.reason ?? null,
      details: JSON.stringify(e.details ?? {}),
    })
    .execute();
}

export async function isActiveOrgNumber(tx: Tx, organizationId: string, phoneNumber: string): Promise<boolean> {
  const row = await tx
    .selectFrom('organization_phone_numbers')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', phoneNumber)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertTask(
  tx: Tx,
  values: { organization_id: string; lead_id: string; call_id: string; proposed_time: Date; suggested_message: string; reason: string; created_by: string },
) {
  return tx
    .insertInto('ai_tasks')
    .values({ ...values, task_type: 'follow_up', status: 'pending' })
    .returning(['id', 'lead_id', 'call_id', 'deal_id', 'task_type', 'proposed_time', 'status', 'suggested_message', 'reason', 'created_at'])
    .executeTakeFirstOrThrow();
}
