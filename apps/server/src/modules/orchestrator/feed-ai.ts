import { type AiJobKind, type FeedOutcome } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { AI_QUEUES } from '../ai-jobs/types';
import { aiJobSentence } from './ai-sentences';
import { jobLeads } from './job-leads';
import type { FeedRow, SourceFilter } from './feed-steps';
import { afterPosition, positionOf } from './position';
import { ownerRows, type JobState } from './pgboss';

const KIND_OF_QUEUE: Record<string, AiJobKind> = { [AI_QUEUES.enrich]: 'enrich', [AI_QUEUES.score]: 'score', [AI_QUEUES.analyze]: 'analyze' };

export const OUTCOME_OF_STATE: { readonly [S in JobState]: FeedOutcome } = {
  created: 'queued', retry: 'retrying', active: 'running', completed: 'done', failed: 'failed', cancelled: 'cancelled',
};
const STATE_OF_OUTCOME = new Map(Object.entries(OUTCOME_OF_STATE).map(([state, outcome]) => [outcome, state as JobState]));

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: { leadId?: string; conversationId?: string; importId?: string } | null;
  output: unknown;
  retry_count: number;
  start_after: Date | string;
  started_on: Date | string | null;
  recorded: Date | string;
  position: string;
}

/** When a job last changed: finished, else started, else queued. */
const RECORDED = sql`coalesce(j.completed_on, j.started_on, j.created_on)`;

/**
 * This organization's AI jobs (enrich, score, analyse) as pg-boss holds them: waiting, running and failed ones, and
 * finished ones until pg-boss archives them (12 hours after they finish). Filtered on the organization the job's data
 * names; the lead of an analysis is its message's.
 */
export async function aiRows(tx: Tx, f: SourceFilter): Promise<FeedRow[]> {
  const state = f.outcome ? STATE_OF_OUTCOME.get(f.outcome as FeedOutcome) : undefined;
  if (f.outcome && !state) return [];
  const conversationIds = f.leadId
    ? (await tx.selectFrom('conversations').select('id').where('organization_id', '=', f.organizationId).where('lead_id', '=', f.leadId).execute()).map((c) => c.id)
    : [];
  const jobs = await ownerRows<JobRow>(
    tx,
    sql<JobRow>`
      select j.id, j.name, j.state, j.data, j.output, j.retry_count, j.start_after, j.started_on, ${RECORDED} as recorded, ${positionOf(RECORDED)} as position
      from pgboss.job j
      where j.name in (${sql.join(Object.keys(KIND_OF_QUEUE))}) and j.data->>'organizationId' = ${f.organizationId}
        ${f.leadId ? sql`and (j.data->>'leadId' = ${f.leadId} or j.data->>'conversationId' = any(${conversationIds}::text[]))` : sql``}
        ${state ? sql`and j.state = ${state}::pgboss.job_state` : sql``}
        and ${afterPosition('ai', f.position, RECORDED, sql.ref('j.id'))}
      order by ${RECORDED} desc, j.id desc
      limit ${f.limit}`,
  );
  const leads = await jobLeads(tx, f.organizationId, jobs.map((j) => j.data));
  return jobs.map((j) => {
    const kind = KIND_OF_QUEUE[j.name]!;
    const lead = leads(j.data);
    const attempts = j.retry_count + (j.started_on ? 1 : 0);
    const pending = j.state === 'created' || j.state === 'retry';
    return {
      id: j.id,
      source: 'ai',
      kind,
      outcome: OUTCOME_OF_STATE[j.state],
      at: iso(pending ? j.start_after : j.recorded),
      recorded_at: iso(j.recorded),
      reason: aiJobSentence(kind, j.state, j.output, attempts, Boolean(j.data?.importId)),
      lead,
      sequence: null,
      step_index: null,
      rule: null,
      job_id: j.id,
      position: j.position,
    };
  });
}
