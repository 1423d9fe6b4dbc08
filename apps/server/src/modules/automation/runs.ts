import { sql } from 'kysely';
import type { Sequence, StepKind } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/** The job of one step of one enrolment; (enrolment, step) is its idempotency key, the step_runs row its record. */
export interface StepJob {
  organizationId: string;
  enrollmentId: string;
  stepIndex: number;
}
/** A step run to queue for its time (its moved time when it moved). */
export interface QueuedRun extends StepJob {
  at: Date;
}
export const stepKey = (run: Pick<StepJob, 'enrollmentId' | 'stepIndex'>) => `${run.enrollmentId}:${run.stepIndex}`;

/** What running a step reads: the run, its enrolment and its sequence. */
export interface RunContext {
  runId: string;
  state: 'done' | 'due' | 'moved' | 'skipped' | 'running';
  at: Date;
  enrolmentActive: boolean;
  leadId: string;
  sequence: Pick<Sequence, 'id' | 'name' | 'steps' | 'daily_cap' | 'created_by'>;
}

export async function loadRun(tx: Tx, job: StepJob): Promise<RunContext | null> {
  const row = await tx
    .selectFrom('sequence_step_runs as r')
    .innerJoin('sequence_enrollments as e', (j) => j.onRef('e.organization_id', '=', 'r.organization_id').onRef('e.id', '=', 'r.enrollment_id'))
    .innerJoin('sequences as s', (j) => j.onRef('s.organization_id', '=', 'e.organization_id').onRef('s.id', '=', 'e.sequence_id'))
    .select(['r.id', 'r.state', 'r.due_at', 'r.moved_to', 'e.status', 'e.lead_id', 's.id as sequence_id', 's.name', 's.steps', 's.daily_cap', 's.created_by'])
    .where('r.organization_id', '=', job.organizationId)
    .where('r.enrollment_id', '=', job.enrollmentId)
    .where('r.step_index', '=', job.stepIndex)
    .executeTakeFirst();
  if (!row) return null;
  return {
    runId: row.id,
    state: row.state,
    at: new Date(row.moved_to ?? row.due_at ?? 0),
    enrolmentActive: row.status === 'active',
    leadId: row.lead_id,
    // Written through the routes' body schema only, so the stored array is the domain's.
    sequence: { id: row.sequence_id, name: row.name, steps: row.steps as unknown as Sequence['steps'], daily_cap: row.daily_cap, created_by: row.created_by },
  };
}

/** Takes the run for this worker: true once, whoever else (a retry, a second instance) tries; it reads 'running' until settled. */
export async function claimRun(tx: Tx, organizationId: string, runId: string, now: Date): Promise<boolean> {
  const row = await tx
    .updateTable('sequence_step_runs')
    .set({ state: 'running', ran_at: now, moved_to: null, reason: null, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .where('state', 'in', ['due', 'moved'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the enrolment (an exit lands before or after, never during) and says whether it is still active. */
export async function lockEnrolment(tx: Tx, organizationId: string, enrollmentId: string): Promise<boolean> {
  const row = await tx.selectFrom('sequence_enrollments').select('status').where('organization_id', '=', organizationId).where('id', '=', enrollmentId).forUpdate().executeTakeFirst();
  return row?.status === 'active';
}

export async function markRun(tx: Tx, organizationId: string, runId: string, set: { state: 'done' | 'skipped' | 'moved'; reason: string | null; movedTo?: Date; now: Date }) {
  await tx
    .updateTable('sequence_step_runs')
    .set({
      state: set.state, reason: set.reason, moved_to: set.movedTo ?? null, updated_at: set.now,
      ...(set.state === 'moved' ? { ran_at: null } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .execute();
}

/** The next step's run ('due', or 'moved' into the window with its reason) and the enrolment pointing at it. */
export async function writeNextRun(
  tx: Tx,
  job: StepJob,
  next: { kind: StepKind; due: Date; at: Date; moved: boolean; reason: string | null },
): Promise<void> {
  await tx
    .insertInto('sequence_step_runs')
    .values({
      organization_id: job.organizationId, enrollment_id: job.enrollmentId, step_index: job.stepIndex, kind: next.kind,
      state: next.moved ? 'moved' : 'due', due_at: next.due, moved_to: next.moved ? next.at : null, reason: next.reason,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'enrollment_id', 'step_index']).doNothing())
    .execute();
  await setEnrolment(tx, job, { current_step: job.stepIndex, next_due_at: next.at });
}

export async function setEnrolment(
  tx: Tx,
  job: Pick<StepJob, 'organizationId' | 'enrollmentId'>,
  set: { current_step?: number; next_due_at: Date | null; status?: 'completed'; ended_at?: Date },
): Promise<void> {
  await tx.updateTable('sequence_enrollments').set(set).where('organization_id', '=', job.organizationId).where('id', '=', job.enrollmentId).execute();
}

/** Texts the engine sent since `since`: the sequence's and the organization's (the daily caps). */
export async function textsSentSince(tx: Tx, organizationId: string, sequenceId: string, since: Date): Promise<{ sequence: number; organization: number }> {
  const { rows } = await sql<{ sequence: number; organization: number }>`
    select (count(*) filter (where e.sequence_id = ${sequenceId}))::int as sequence, count(*)::int as organization
    from sequence_step_runs r
    join sequence_enrollments e on e.organization_id = r.organization_id and e.id = r.enrollment_id
    where r.organization_id = ${organizationId} and r.kind = 'text' and r.state in ('done', 'running') and r.ran_at >= ${since}`.execute(tx);
  return rows[0] ?? { sequence: 0, organization: 0 };
}

/** Every organization's runs due by `now` of active enrolments, oldest first (the sweep; system role). */
export async function dueRuns(tx: Tx, now: Date, limit: number): Promise<QueuedRun[]> {
  const { rows } = await sql<{ organization_id: string; enrollment_id: string; step_index: number; at: Date | string }>`
    select r.organization_id, r.enrollment_id, r.step_index, coalesce(r.moved_to, r.due_at) as at
    from sequence_step_runs r
    join sequence_enrollments e on e.organization_id = r.organization_id and e.id = r.enrollment_id and e.status = 'active'
    where r.state in ('due', 'moved') and coalesce(r.moved_to, r.due_at) <= ${now}
    order by at limit ${limit}`.execute(tx);
  return rows.map((r) => ({ organizationId: r.organization_id, enrollmentId: r.enrollment_id, stepIndex: r.step_index, at: new Date(r.at) }));
}

/** Runs claimed before `claimedBefore` and never settled: their worker died mid-step (the sweep; system role). */
export async function interruptedRuns(tx: Tx, claimedBefore: Date, limit: number): Promise<StepJob[]> {
  const rows = await tx
    .selectFrom('sequence_step_runs')
    .select(['organization_id', 'enrollment_id', 'step_index'])
    .where('state', '=', 'running')
    .where('ran_at', '<', claimedBefore)
    .orderBy('ran_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ organizationId: r.organization_id, enrollmentId: r.enrollment_id, stepIndex: r.step_index }));
}

/** Takes an interrupted run for settling: true once, whichever sweep or late worker gets there first. */
export async function takeInterruptedRun(tx: Tx, organizationId: string, runId: string, claimedBefore: Date): Promise<boolean> {
  const row = await tx
    .updateTable('sequence_step_runs')
    .set({ state: 'skipped' })
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .where('state', '=', 'running')
    .where('ran_at', '<', claimedBefore)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
