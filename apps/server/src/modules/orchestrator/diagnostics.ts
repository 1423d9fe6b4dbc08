import type { Diagnostics, JobCounts } from '@wholesail/domain';
import { sql } from 'kysely';
import type { ListenStatus } from '../../db/database';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { STALE_BEATS } from '../../jobs/orphans';
import { jobLeads, type JobData } from './job-leads';
import { listenPurpose } from './listen-purposes';
import { jobError, ownerRows, queueLabel } from './pgboss';

/** Failed jobs and subscriber failures listed (the totals count them all). */
const FAILURES_SHOWN = 50;
const OUTBOX_FAILURES_SHOWN = 20;

export interface DiagnosticsDeps {
  /** How often each server instance beats in job_workers (config WHOLESAIL_JOB_HEARTBEAT_SECONDS). */
  heartbeatSeconds: number;
  listenStatus: () => ListenStatus[];
}

type Counted = { [K in keyof JobCounts]: number };
type QueueRow = Counted & { name: string; oldest_waiting_seconds: number | null; system_failed: number } & { [K in keyof JobCounts as `own_${K}`]: number };

const MINE = sql`j.data->>'organizationId' = `;

/** Per queue: across every organization, this organization's share (the job's data names it), and the failed jobs of none. */
function queueFigures(tx: Tx, organizationId: string) {
  const counts = (mine: boolean, prefix: string) =>
    sql.join(
      [
        sql`count(*) filter (where j.state = 'created' and j.start_after <= now() ${mine ? sql`and ${MINE}${organizationId}` : sql``})::int as ${sql.ref(`${prefix}waiting`)}`,
        sql`count(*) filter (where j.state = 'created' and j.start_after > now() ${mine ? sql`and ${MINE}${organizationId}` : sql``})::int as ${sql.ref(`${prefix}scheduled`)}`,
        sql`count(*) filter (where j.state = 'retry' ${mine ? sql`and ${MINE}${organizationId}` : sql``})::int as ${sql.ref(`${prefix}retrying`)}`,
        sql`count(*) filter (where j.state = 'active' ${mine ? sql`and ${MINE}${organizationId}` : sql``})::int as ${sql.ref(`${prefix}running`)}`,
        sql`count(*) filter (where j.state = 'failed' ${mine ? sql`and ${MINE}${organizationId}` : sql``})::int as ${sql.ref(`${prefix}failed`)}`,
      ],
      sql`, `,
    );
  return ownerRows<QueueRow>(
    tx,
    sql<QueueRow>`
      select q.name, ${counts(false, '')}, ${counts(true, 'own_')},
        count(*) filter (where j.state = 'failed' and j.data->>'organizationId' is null)::int as system_failed,
        extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8 as oldest_waiting_seconds
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
      group by q.name`,
  );
}

interface FailedJob {
  id: string;
  name: string;
  output: unknown;
  retry_count: number;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  data: JobData;
}

/** This organization's failed jobs still in pg-boss's job table (it archives them 12 hours after they fail), newest first. */
async function failedJobs(tx: Tx, organizationId: string): Promise<Diagnostics['failures']> {
  const rows = await ownerRows<FailedJob>(
    tx,
    sql<FailedJob>`
      select j.id, j.name, j.output, j.retry_count, j.started_on, j.completed_on, j.data
      from pgboss.job j
      where j.state = 'failed' and ${MINE}${organizationId}
      order by j.completed_on desc nulls last, j.id desc
      limit ${FAILURES_SHOWN}`,
  );
  const leadOf = await jobLeads(tx, organizationId, rows.map((r) => r.data));
  return rows.map((r) => ({
    id: r.id,
    queue: r.name,
    label: queueLabel(r.name),
    failed_at: iso(r.completed_on ?? r.started_on ?? new Date()),
    attempts: r.retry_count + (r.started_on ? 1 : 0),
    error: jobError(r.output) ?? 'No error was recorded.',
    lead: leadOf(r.data),
  }));
}

async function workers(tx: Tx, heartbeatSeconds: number): Promise<Diagnostics['workers']> {
  const aliveWithin = heartbeatSeconds * STALE_BEATS;
  const rows = await ownerRows<{ id: string; started_at: Date | string; seen_at: Date | string; running: number; alive: boolean }>(
    tx,
    sql`select instance_id as id, started_at, seen_at, cardinality(running)::int as running, seen_at > now() - make_interval(secs => ${aliveWithin}) as alive
        from job_workers order by started_at, instance_id`,
  );
  return {
    heartbeat_seconds: heartbeatSeconds,
    alive_within_seconds: aliveWithin,
    items: rows.map((r) => ({ id: r.id, started_at: iso(r.started_at), last_beat_at: iso(r.seen_at), alive: r.alive, running: r.running })),
  };
}

/** The organization's events not yet handed to every subscriber, and the deliveries that failed (waiting for a retry, or given up). */
async function outbox(tx: Tx, organizationId: string): Promise<Diagnostics['outbox']> {
  const pending = await tx
    .selectFrom('outbox')
    .select([sql<number>`count(*)::int`.as('pending'), sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('oldest')])
    .where('organization_id', '=', organizationId)
    .where('delivered_at', 'is', null)
    .executeTakeFirstOrThrow();
  const failures = await tx
    .selectFrom('outbox_deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.event_id')
    .select(['d.event_id', 'o.type', 'd.subscriber', 'd.attempts', 'd.last_error', 'd.next_attempt_at', 'd.gave_up_at', 'o.created_at'])
    .where('d.organization_id', '=', organizationId)
    .where('o.organization_id', '=', organizationId)
    .where('d.delivered_at', 'is', null)
    .where('d.last_error', 'is not', null)
    .orderBy('d.event_id', 'desc')
    .limit(OUTBOX_FAILURES_SHOWN)
    .execute();
  return {
    pending: pending.pending,
    oldest_pending_seconds: pending.oldest === null ? null : Math.max(0, Math.round(pending.oldest)),
    failures: failures.map((f) => ({
      event_id: String(f.event_id),
      event_type: f.type,
      subscriber: f.subscriber,
      attempts: f.attempts,
      error: f.last_error ?? '',
      next_attempt_at: f.gave_up_at ? null : iso(f.next_attempt_at),
      gave_up: f.gave_up_at !== null,
      created_at: iso(f.created_at),
    })),
  };
}

/** GET /api/orchestrator/diagnostics (docs/api-orchestrator.md): read in one tenant transaction. */
export async function diagnostics(tx: Tx, organizationId: string, canManageJobs: boolean, deps: DiagnosticsDeps): Promise<Diagnostics> {
  const queues = await queueFigures(tx, organizationId);
  const pick = (r: QueueRow, prefix: '' | 'own_'): JobCounts => ({
    waiting: r[`${prefix}waiting`], scheduled: r[`${prefix}scheduled`], retrying: r[`${prefix}retrying`], running: r[`${prefix}running`], failed: r[`${prefix}failed`],
  });
  return {
    checked_at: new Date().toISOString(),
    can_manage_jobs: canManageJobs,
    queues: queues
      .map((r) => ({
        name: r.name, label: queueLabel(r.name), ...pick(r, ''),
        oldest_waiting_seconds: r.oldest_waiting_seconds === null ? null : Math.max(0, Math.round(r.oldest_waiting_seconds)),
        organization: pick(r, 'own_'),
      }))
      .sort((x, y) => x.label.localeCompare(y.label)),
    failures: await failedJobs(tx, organizationId),
    failures_total: queues.reduce((n, r) => n + r.own_failed, 0),
    system_failures: queues.reduce((n, r) => n + r.system_failed, 0),
    workers: await workers(tx, deps.heartbeatSeconds),
    outbox: await outbox(tx, organizationId),
    listen: deps.listenStatus().map((l) => ({ channel: l.channel, purpose: listenPurpose(l.channel), listening: l.listening, since: l.since.toISOString() })),
  };
}
