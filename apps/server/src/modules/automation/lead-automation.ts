import type { LeadAutomation } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

/** GET /api/leads/:id/automation: the lead's enrolments, newest first, each with its step runs in step order. */
export async function leadAutomation(tx: Tx, organizationId: string, leadId: string): Promise<LeadAutomation> {
  const enrolments = await tx
    .selectFrom('sequence_enrollments as e')
    .innerJoin('sequences as s', (j) => j.onRef('s.organization_id', '=', 'e.organization_id').onRef('s.id', '=', 'e.sequence_id'))
    .select(['e.id', 'e.lead_id', 'e.sequence_id', 's.name as sequence_name', 'e.status', 'e.exit_reason', 'e.current_step', 'e.next_due_at', 'e.enrolled_at', 'e.enrolled_by', 'e.ended_at'])
    .where('e.organization_id', '=', organizationId)
    .where('e.lead_id', '=', leadId)
    .orderBy('e.enrolled_at', 'desc')
    .orderBy('e.id')
    .execute();
  if (enrolments.length === 0) return { items: [] };
  const runs = await tx
    .selectFrom('sequence_step_runs')
    .select(['enrollment_id', 'step_index', 'kind', 'state', 'due_at', 'moved_to', 'ran_at', 'reason'])
    .where('organization_id', '=', organizationId)
    .where('enrollment_id', 'in', enrolments.map((e) => e.id))
    .orderBy('step_index')
    .execute();
  return {
    items: enrolments.map((e) => ({
      ...e,
      next_due_at: iso(e.next_due_at),
      enrolled_at: iso(e.enrolled_at),
      ended_at: iso(e.ended_at),
      steps: runs
        .filter((r) => r.enrollment_id === e.id)
        .map(({ enrollment_id: _enrolment, ...r }) => ({ ...r, due_at: iso(r.due_at), moved_to: iso(r.moved_to), ran_at: iso(r.ran_at) })),
    })),
  };
}
