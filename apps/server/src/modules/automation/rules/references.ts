import type { RuleAction } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { badRequest } from '../../../http/errors';
import { memberNames } from './names';

export const REFERENCE_MESSAGES = {
  sequence: 'no sequence of your organization has this id',
  member: 'no member of your organization has this id',
} as const;

type Reference = { field: string; kind: 'sequence' | 'member'; id: string };

/** Every id an action names, with the field that names it ("actions.2.user_ids.1"). */
function references(actions: readonly RuleAction[]): Reference[] {
  return actions.flatMap((a, i): Reference[] => {
    const at = `actions.${i}`;
    switch (a.type) {
      case 'enrol':
        return [{ field: `${at}.sequence_id`, kind: 'sequence', id: a.sequence_id }];
      case 'assign':
        return [{ field: `${at}.user_id`, kind: 'member', id: a.user_id }];
      case 'assign_round_robin':
      case 'notify':
        return a.user_ids.map((id, j) => ({ field: `${at}.user_ids.${j}`, kind: 'member', id }));
      case 'create_task':
        return a.assignee_id ? [{ field: `${at}.assignee_id`, kind: 'member', id: a.assignee_id }] : [];
      default:
        return [];
    }
  });
}

/**
 * A rule may only name the organization's own sequences and members: 400 naming the first field that does not
 * ("actions.0.sequence_id: no sequence of your organization has this id"). Another organization's id reads as unknown.
 */
export async function checkReferences(tx: Tx, organizationId: string, actions: readonly RuleAction[]): Promise<void> {
  const refs = references(actions);
  const sequenceIds = refs.filter((r) => r.kind === 'sequence').map((r) => r.id);
  const sequences = sequenceIds.length === 0
    ? new Set<string>()
    : new Set((await tx.selectFrom('sequences').select('id').where('organization_id', '=', organizationId).where('id', 'in', sequenceIds).execute()).map((s) => s.id));
  const members = await memberNames(tx, organizationId, refs.filter((r) => r.kind === 'member').map((r) => r.id));
  const unknown = refs.find((r) => (r.kind === 'sequence' ? !sequences.has(r.id) : !members.has(r.id)));
  if (unknown) throw badRequest(`${unknown.field}: ${REFERENCE_MESSAGES[unknown.kind]}`);
}
