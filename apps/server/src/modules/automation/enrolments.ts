import { sql } from 'kysely';
import {
  EXIT_REASON_INFO, ENROL_MAX_LEADS, leadCallingLocation, scheduleStep,
  type EnrolRequest, type EnrolResult, type EnrolSkipReason, type ExitReason, type Sequence,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { auditEach, type AuditActor } from '../audit/audit';
import { setBulkWrite } from '../lead-import/repo';
import { readCalling } from '../calls/settings';
import { applyFilters } from '../leads/list';
import { SEQUENCE_ACTIONS } from './actions';
import type { QueuedRun } from './runs';

/** Queues the step runs an enrolment wrote, in its transaction (the engine's queueRuns). */
export type RunQueue = (tx: Tx, runs: readonly QueuedRun[]) => Promise<void>;

/** Rows per INSERT of an enrolment (arrays unnested: one statement per batch, whatever the count). */
const BATCH = 5_000;
/** Up to this many leads an enrolment announces each row on the realtime feed, as the DNC import does. */
const LIVE_ROWS = 500;

/** What enrolling reads of a lead: its Do-Not-Contact state and its calling location. */
const LEAD_FIELDS = [
  'id', 'dnc_listed', 'dnc_status', 'property_address_state', 'property_address_zip', 'property_address_zipcode', 'mailing_address_state', 'mailing_address_zip',
] as const;

type Candidate = { id: string; dnc_listed: boolean; dnc_status: boolean } & Record<string, unknown>;

/** The live leads of the request: by id (an unknown id or another organization's is not found), or every lead of the list filter. */
async function candidates(tx: Tx, organizationId: string, request: EnrolRequest): Promise<Candidate[]> {
  if (request.lead_ids) {
    return tx.selectFrom('leads').select(LEAD_FIELDS).where('organization_id', '=', organizationId)
      .where(sql<boolean>`id = any(${sql.val(request.lead_ids)}::uuid[])`).where('status', '<>', 'deleted').execute();
  }
  const rows = await applyFilters(tx.selectFrom('leads'), organizationId, request.filter!).select(LEAD_FIELDS).limit(ENROL_MAX_LEADS + 1).execute();
  if (rows.length > ENROL_MAX_LEADS) {
    throw badRequest(`filter: matches more than ${ENROL_MAX_LEADS.toLocaleString('en-US')} leads; narrow the filter and enrol the rest in another request`);
  }
  return rows;
}

/** One timeline entry per lead, written a batch per statement (a statement's parameters are bounded). */
async function onTimelines(tx: Tx, ctx: AuditActor, action: string, leadIds: string[], details: Record<string, unknown>): Promise<void> {
  for (let i = 0; i < leadIds.length; i += BATCH) {
    await auditEach(tx, ctx, action, leadIds.slice(i, i + BATCH).map((id) => ({ type: 'lead', id })), details);
  }
}

/** Why each of `leadIds` may not enter the sequence now: in it already, or left it within its cooldown. */
async function blocked(tx: Tx, organizationId: string, sequence: Sequence, leadIds: string[], now: Date): Promise<Map<string, EnrolSkipReason>> {
  const since = new Date(now.getTime() - sequence.cooldown_days * 86_400_000);
  const { rows } = await sql<{ lead_id: string; active: boolean }>`
    select lead_id, bool_or(status = 'active') as active from sequence_enrollments
    where organization_id = ${organizationId} and sequence_id = ${sequence.id} and lead_id = any(${sql.val(leadIds)}::uuid[])
      and (status = 'active' or ended_at > ${since})
    group by lead_id`.execute(tx);
  return new Map(rows.map((r) => [r.lead_id, r.active ? 'already_enrolled' : 'cooldown']));
}

/**
 * POST /api/sequences/:id/enrollments, in the caller's transaction. Each lead is enrolled once at a time (the
 * partial unique index decides a race), not within the sequence's cooldown after it left, and never with a number
 * on the Do-Not-Contact list (or marked Do Not Call). Its first step's run is written 'due' at its due time, or
 * 'moved' into the lead's calling window with the gate's reason, and queued for that time. Enrolments, step runs and timeline entries are
 * written in bulk, one statement per batch.
 */
export async function enrolLeads(tx: Tx, ctx: OrgContext, sequence: Sequence, request: EnrolRequest, now: Date, queue: RunQueue): Promise<EnrolResult> {
  const leads = await candidates(tx, ctx.organizationId, request);
  const found = new Set(leads.map((l) => l.id));
  const skipped: EnrolResult['skipped'] = (request.lead_ids ?? []).filter((id) => !found.has(id)).map((lead_id) => ({ lead_id, reason: 'not_found' }));
  const reasons = await blocked(tx, ctx.organizationId, sequence, [...found], now);
  const eligible = leads.filter((lead) => {
    const reason: EnrolSkipReason | undefined = lead.dnc_listed || lead.dnc_status ? 'dnc' : reasons.get(lead.id);
    if (reason) skipped.push({ lead_id: lead.id, reason });
    return !reason;
  });
  const { enforceHours } = await readCalling(tx, ctx.organizationId);
  const bulk = eligible.length > LIVE_ROWS;
  if (bulk) await setBulkWrite(tx, true);
  let enrolled = 0;
  for (let i = 0; i < eligible.length; i += BATCH) {
    const batch = eligible.slice(i, i + BATCH);
    const inserted = await insertBatch(tx, ctx, sequence, batch, { now, enforceHours }, queue);
    enrolled += inserted.size;
    for (const lead of batch) if (!inserted.has(lead.id)) skipped.push({ lead_id: lead.id, reason: 'already_enrolled' });
    await onTimelines(tx, ctx, SEQUENCE_ACTIONS.enrolled, [...inserted], { sequence_id: sequence.id, sequence_name: sequence.name });
  }
  if (bulk) await setBulkWrite(tx, false);
  return { enrolled, skipped };
}

/** Enrols a batch and writes each one's first step run; returns the leads enrolled (one enrolled concurrently is not). */
async function insertBatch(
  tx: Tx, ctx: OrgContext, sequence: Sequence, leads: Candidate[], { now, enforceHours }: { now: Date; enforceHours: boolean }, queue: RunQueue,
): Promise<Set<string>> {
  const first = sequence.steps[0]!;
  const runs = leads.map((lead) => scheduleStep(now, first, leadCallingLocation(lead), enforceHours));
  const { rows } = await sql<{ id: string; lead_id: string; ord: number }>`
    insert into sequence_enrollments (organization_id, sequence_id, lead_id, next_due_at, enrolled_by, enrolled_at)
    select ${ctx.organizationId}::uuid, ${sequence.id}::uuid, u.lead_id, u.next_due_at, ${ctx.user.id}, ${now}
    from unnest(${sql.val(leads.map((l) => l.id))}::uuid[], ${sql.val(runs.map((r) => r.at.toISOString()))}::timestamptz[]) as u(lead_id, next_due_at)
    on conflict (organization_id, sequence_id, lead_id) where status = 'active' do nothing
    returning id, lead_id`.execute(tx);
  const enrolment = new Map(rows.map((r) => [r.lead_id, r.id]));
  const written = leads.flatMap((lead, i) => (enrolment.has(lead.id) ? [{ enrollment_id: enrolment.get(lead.id)!, run: runs[i]! }] : []));
  if (written.length > 0) {
    await sql`
      insert into sequence_step_runs (organization_id, enrollment_id, step_index, kind, state, due_at, moved_to, reason)
      select ${ctx.organizationId}::uuid, u.enrollment_id, 0, ${first.kind}, u.state, u.due_at, u.moved_to, u.reason
      from unnest(
        ${sql.val(written.map((w) => w.enrollment_id))}::uuid[], ${sql.val(written.map((w) => (w.run.moved ? 'moved' : 'due')))}::text[],
        ${sql.val(written.map((w) => w.run.due.toISOString()))}::timestamptz[], ${sql.val(written.map((w) => (w.run.moved ? w.run.at.toISOString() : null)))}::timestamptz[],
        ${sql.val(written.map((w) => w.run.reason))}::text[]
      ) as u(enrollment_id, state, due_at, moved_to, reason)`.execute(tx);
    await queue(tx, written.map((w) => ({ organizationId: ctx.organizationId, enrollmentId: w.enrollment_id, stepIndex: 0, at: w.run.at })));
  }
  return new Set(enrolment.keys());
}

/**
 * Ends active enrolments of `sequenceId` (all, or one lead's) with `reason`: their steps not yet run are skipped
 * with the reason's sentence, and each exit goes on the lead's timeline. Returns the leads that left.
 */
export async function exitEnrolments(tx: Tx, ctx: AuditActor, sequence: Pick<Sequence, 'id' | 'name'>, reason: ExitReason, now: Date, leadId?: string): Promise<string[]> {
  let exit = tx
    .updateTable('sequence_enrollments')
    .set({ status: 'exited', exit_reason: reason, ended_at: now, next_due_at: null })
    .where('organization_id', '=', ctx.organizationId)
    .where('sequence_id', '=', sequence.id)
    .where('status', '=', 'active');
  if (leadId) exit = exit.where('lead_id', '=', leadId);
  const rows = await exit.returning(['id', 'lead_id']).execute();
  if (rows.length === 0) return [];
  await tx
    .updateTable('sequence_step_runs')
    .set({ state: 'skipped', moved_to: null, reason: EXIT_REASON_INFO[reason].sentence, updated_at: now })
    .where('organization_id', '=', ctx.organizationId)
    .where(sql<boolean>`enrollment_id = any(${sql.val(rows.map((r) => r.id))}::uuid[])`)
    .where('state', 'in', ['due', 'moved'])
    .execute();
  await onTimelines(tx, ctx, SEQUENCE_ACTIONS.exited, rows.map((r) => r.lead_id), { sequence_id: sequence.id, sequence_name: sequence.name, reason });
  return rows.map((r) => r.lead_id);
}
