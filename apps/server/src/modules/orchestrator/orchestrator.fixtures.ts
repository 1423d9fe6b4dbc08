import { sql } from 'kysely';
import { withSystem } from '../../db/scope';
import type { TestApp } from '../../../test/harness';

export type Org = Awaited<ReturnType<TestApp['createOrg']>>;

export interface JobRow {
  name: string;
  data: Record<string, unknown>;
  state: 'created' | 'retry' | 'active' | 'completed' | 'failed';
  output?: Record<string, unknown>;
  /** Runs made so far minus one (pg-boss counts retries). */
  retryCount?: number;
  startAfter?: Date;
  key?: string;
}

/**
 * A job written straight into pg-boss's table, in a state a test needs to hold still (a failure, a job waiting in a
 * queue no worker serves): the handlers would otherwise move it on. Resolves to its id.
 */
export async function insertJob(t: TestApp, job: JobRow): Promise<string> {
  const settled = job.state === 'completed' || job.state === 'failed';
  const started = settled || job.state === 'active';
  const { rows } = await sql<{ id: string }>`
    insert into pgboss.job (name, data, state, output, retry_count, retry_limit, start_after, started_on, completed_on, singleton_key, policy)
    values (${job.name}, ${JSON.stringify(job.data)}::jsonb, ${job.state}::pgboss.job_state, ${job.output ? JSON.stringify(job.output) : null}::jsonb,
      ${job.retryCount ?? 0}, ${job.retryCount ?? 0}, ${job.startAfter ?? new Date()}, ${started ? sql`now()` : null}, ${settled ? sql`now()` : null}, ${job.key ?? null},
      (select policy from pgboss.queue where name = ${job.name}))
    returning id`.execute(t.database.db);
  return rows[0]!.id;
}

export const jobState = async (t: TestApp, id: string) =>
  (await sql<{ state: string; retry_limit: number }>`select state, retry_limit from pgboss.job where id = ${id}::uuid`.execute(t.database.db)).rows[0] ?? null;

/** A queue of pg-boss that no worker of the app serves: what is put in it waits. */
export async function idleQueue(t: TestApp, name: string): Promise<void> {
  await sql`select pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(t.database.db);
}

/** A rule and its runs (the rules' engine writes them; the feed only reads them). Resolves to the rule's id and the runs' ids. */
export async function insertRuleRuns(
  t: TestApp,
  org: Org,
  name: string,
  runs: Array<{ leadId: string; outcome: 'applied' | 'skipped' | 'failed'; reason?: string; details?: string[]; at?: Date }>,
): Promise<{ ruleId: string; runIds: string[] }> {
  return withSystem(t.database.db, async (tx) => {
    const rule = await tx
      .insertInto('automation_rules')
      .values({ organization_id: org.organizationId, name, trigger: JSON.stringify({ type: 'call_completed' }), actions: JSON.stringify([{ type: 'add_tag', tag: 'hot' }]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runIds: string[] = [];
    for (const [i, run] of runs.entries()) {
      const row = await tx
        .insertInto('automation_rule_runs')
        .values({
          organization_id: org.organizationId, rule_id: rule.id, lead_id: run.leadId, event_key: `test-${i}-${Math.random()}`, outcome: run.outcome,
          reason: run.reason ?? null, details: JSON.stringify(run.details ?? []), ...(run.at ? { created_at: run.at } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      runIds.push(row.id);
    }
    return { ruleId: rule.id, runIds };
  });
}
