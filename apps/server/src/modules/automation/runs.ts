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

/** The runs of a batch of step jobs of one organization, by stepKey; a job with no run is missing. */
export async function loadRuns(tx: Tx, organizationId: string, jobs: readonly StepJob[]): Promise<Map<string, RunContext>> {
  if (jobs.length === 0) return new Map();
  const { rows } = await sql<{
    id: string; enrollment_id: string; step_index: number; state: RunContext['state']; due_at: Date | null; moved_to: Date | null;
    status: string; lead_id: string; sequence_id: string; name: string; steps: unknown; daily_cap: number | null; created_by: string | null;
  }>`
    select r.id, r.enrollment_id, r.step_index, r.state, r.due_at, r.moved_to, e.status, e.lead_id, s.id as sequence_id, s.name, s.steps, s.daily_cap, s.created_by
    from unnest(${sql.val(jobs.map((j) => j.enrollmentId))}::uuid[], ${sql.val(jobs.map((j) => j.stepIndex))}::int[]) as j(enrollment_id, step_index)
    join sequence_step_runs r on r.organization_id = ${organizationId} and r.enrollment_id = j.enrollment_id and r.step_index = j.step_index
    join sequence_enrollments e on e.organization_id = r.organization_id and e.id = r.enrollment_id
    join sequences s on s.organization_id = e.organization_id and s.id = e.sequence_id`.execute(tx);
  return new Map(rows.map((row) => [stepKey({ enrollmentId: row.enrollment_id, stepIndex: row.step_index }), {
    runId: row.id,
    state: row.state,
    at: new Date(row.moved_to ?? row.due_at ?? 0),
    enrolmentActive: row.status === 'active',
    leadId: row.lead_id,
    // Written through the routes' body schema only, so the stored array is the domain's.
    sequence: { id: row.sequence_id, name: row.name, steps: row.steps as Sequence['steps'], daily_cap: row.daily_cap, created_by: row.created_by },
  }]));
}

export async function loadRun(tx: Tx, job: StepJob): Promise<RunContext | null> {
  return (await loadRuns(tx, job.organizationId, [job])).get(stepKey(job)) ?? null;
}

/** Takes runs for this worker: each id once, whoever else (a retry, a second instance) tries; they read 'running' until settled. */
export async function claimRuns(tx: Tx, organizationId: string, runIds: readonly string[], now: Date): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  const rows = await tx
    .updateTable('sequence_step_runs')
    .set({ state: 'running', ran_at: now, moved_to: null, reason: null, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`id = any(${sql.val(runIds)}::uuid[])`)
    .where('state', 'in', ['due', 'moved'])
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Locks enrolments in id order (an exit lands before or after, never during) and says which are still active. */
export async function lockEnrolments(tx: Tx, organizationId: string, enrollmentIds: readonly string[]): Promise<Set<string>> {
  const rows = await tx.selectFrom('sequence_enrollments').select(['id', 'status']).where('organization_id', '=', organizationId)
    .where(sql<boolean>`id = any(${sql.val([...new Set(enrollmentIds)])}::uuid[])`).orderBy('id').forUpdate().execute();
  return new Set(rows.filter((r) => r.status === 'active').map((r) => r.id));
}

/** A run's outcome: done, skipped (why) or moved (why, to when). */
export interface RunMark {
  runId: string;
  state: 'done' | 'skipped' | 'moved';
  reason: string | null;
  movedTo?: Date;
}

export async function markRuns(tx: Tx, organizationId: string, marks: readonly RunMark[], now: Date): Promise<void> {
  if (marks.length === 0) return;
  await sql`
    update sequence_step_runs r set state = u.state, reason = u.reason, moved_to = u.moved_to, updated_at = ${now},
      ran_at = case when u.state = 'moved' then null else r.ran_at end
    from unnest(
      ${sql.val(marks.map((m) => m.runId))}::uuid[], ${sql.val(marks.map((m) => m.state))}::text[],
      ${sql.val(marks.map((m) => m.reason))}::text[], ${sql.val(marks.map((m) => m.movedTo?.toISOString() ?? null))}::timestamptz[]
    ) as u(id, state, reason, moved_to)
    where r.organization_id = ${organizationId} and r.id = u.id`.execute(tx);
}

/** A next step's run: 'due', or 'moved' into the window with its reason. */
export interface NextRun {
  job: StepJob;
  kind: StepKind;
  due: Date;
  at: Date;
  moved: boolean;
  reason: string | null;
}

/** Writes next steps' runs (a run written already is kept). */
export async function writeNextRuns(tx: Tx, organizationId: string, runs: readonly NextRun[]): Promise<void> {
  if (runs.length === 0) return;
  await sql`
    insert into sequence_step_runs (organization_id, enrollment_id, step_index, kind, state, due_at, moved_to, reason)
    select ${organizationId}::uuid, u.enrollment_id, u.step_index, u.kind, u.state, u.due_at, u.moved_to, u.reason
    from unnest(
      ${sql.val(runs.map((r) => r.job.enrollmentId))}::uuid[], ${sql.val(runs.map((r) => r.job.stepIndex))}::int[], ${sql.val(runs.map((r) => r.kind))}::text[],
      ${sql.val(runs.map((r) => (r.moved ? 'moved' : 'due')))}::text[], ${sql.val(runs.map((r) => r.due.toISOString()))}::timestamptz[],
      ${sql.val(runs.map((r) => (r.moved ? r.at.toISOString() : null)))}::timestamptz[], ${sql.val(runs.map((r) => r.reason))}::text[]
    ) as u(enrollment_id, step_index, kind, state, due_at, moved_to, reason)
    on conflict (organization_id, enrollment_id, step_index) do nothing`.execute(tx);
}

/** What changes on an enrolment after a step: where it points next (current step, next due), or that it completed. */
export interface EnrolmentChange {
  enrollmentId: string;
  nextDueAt: Date | null;
  currentStep?: number;
  completedAt?: Date;
}

export async function updateEnrolments(tx: Tx, organizationId: string, changes: readonly EnrolmentChange[]): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    update sequence_enrollments e set next_due_at = u.next_due_at, current_step = coalesce(u.current_step, e.current_step),
      status = case when u.completed_at is null then e.status else 'completed' end, ended_at = coalesce(u.completed_at, e.ended_at)
    from unnest(
      ${sql.val(changes.map((c) => c.enrollmentId))}::uuid[], ${sql.val(changes.map((c) => c.nextDueAt?.toISOString() ?? null))}::timestamptz[],
      ${sql.val(changes.map((c) => c.currentStep ?? null))}::int[], ${sql.val(changes.map((c) => c.completedAt?.toISOString() ?? null))}::timestamptz[]
    ) as u(id, next_due_at, current_step, completed_at)
    where e.organization_id = ${organizationId} and e.id = u.id`.execute(tx);
}

/** Texts the engine sent since `since`: the organization's, and each sequence's (the daily caps). */
export async function textsSentSince(tx: Tx, organizationId: string, since: Date): Promise<{ organization: number; bySequence: Map<string, number> }> {
  const { rows } = await sql<{ sequence_id: string; n: number }>`
    select e.sequence_id, count(*)::int as n
    from sequence_step_runs r
    join sequence_enrollments e on e.organization_id = r.organization_id and e.id = r.enrollment_id
    where r.organization_id = ${organizationId} and r.kind = 'text' and r.state in ('done', 'running') and r.ran_at >= ${since}
    group by e.sequence_id`.execute(tx);
  return { organization: rows.reduce((sum, r) => sum + r.n, 0), bySequence: new Map(rows.map((r) => [r.sequence_id, r.n])) };
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
