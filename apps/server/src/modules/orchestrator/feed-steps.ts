import { displayName, type FeedItem, type StepRunState } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { afterPosition, positionOf, type FeedPosition } from './position';
import { stepSentence, type StepWords } from './step-sentences';

/** One page's worth of a source: items with the position the feed orders and pages them by. */
export type FeedRow = FeedItem & { position: string };

export interface SourceFilter {
  organizationId: string;
  leadId?: string;
  sequenceId?: string;
  ruleId?: string;
  outcome?: string;
  position: FeedPosition | null;
  limit: number;
}

/** When a run happened, or for one still to come when it will: a moved step at its new time, a due one at its due time. */
function runAt(r: { state: StepRunState; due_at: Date | string | null; moved_to: Date | string | null; ran_at: Date | string | null; updated_at: Date | string }): string {
  if (r.state === 'moved') return iso(r.moved_to ?? r.updated_at);
  if (r.state === 'due') return iso(r.due_at ?? r.updated_at);
  return iso(r.ran_at ?? r.updated_at);
}

/** The sequences' step runs, newest change first (index sequence_step_runs_feed_idx), with their lead and sequence. */
export async function stepRows(tx: Tx, f: SourceFilter): Promise<FeedRow[]> {
  let query = tx
    .selectFrom('sequence_step_runs as r')
    .innerJoin('sequence_enrollments as e', (j) => j.onRef('e.organization_id', '=', 'r.organization_id').onRef('e.id', '=', 'r.enrollment_id'))
    .innerJoin('sequences as s', (j) => j.onRef('s.organization_id', '=', 'e.organization_id').onRef('s.id', '=', 'e.sequence_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'e.organization_id').onRef('l.id', '=', 'e.lead_id'))
    .select(['r.id', 'r.kind', 'r.state', 'r.step_index', 'r.due_at', 'r.moved_to', 'r.ran_at', 'r.reason', 'r.updated_at', 'e.lead_id', 'e.sequence_id', 's.name as sequence_name'])
    .select(['l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'])
    .select(positionOf(sql.ref('r.updated_at')).as('position'))
    .select(sql<StepWords | null>`s.steps -> r.step_index`.as('step'))
    .select(sql<number>`jsonb_array_length(s.steps)`.as('step_count'))
    .where('r.organization_id', '=', f.organizationId)
    .where(afterPosition('sequence', f.position, sql.ref('r.updated_at'), sql.ref('r.id')))
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(f.limit);
  if (f.sequenceId) query = query.where('e.sequence_id', '=', f.sequenceId);
  if (f.leadId) query = query.where('e.lead_id', '=', f.leadId);
  if (f.outcome) query = query.where('r.state', '=', f.outcome as StepRunState);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    source: 'sequence',
    kind: r.kind,
    outcome: r.state,
    at: runAt(r),
    recorded_at: iso(r.updated_at),
    reason: stepSentence(r, r.step ?? {}),
    lead: { id: r.lead_id, name: displayName(r) },
    sequence: { id: r.sequence_id, name: r.sequence_name, step_count: r.step_count },
    step_index: r.step_index,
    rule: null,
    job_id: null,
    position: r.position,
  }));
}
