import type { RuleAction, RuleNames } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';

/** The sequences and members the actions name, as the rule's sentences call them (null: gone from the organization). */
export async function ruleNames(tx: Tx, organizationId: string, actions: readonly RuleAction[]): Promise<RuleNames> {
  const sequenceIds = actions.flatMap((a) => (a.type === 'enrol' ? [a.sequence_id] : []));
  const memberIds = actions.flatMap((a) => {
    if (a.type === 'assign') return [a.user_id];
    if (a.type === 'assign_round_robin' || a.type === 'notify') return a.user_ids;
    if (a.type === 'create_task') return a.assignee_id ? [a.assignee_id] : [];
    return [];
  });
  const sequences = sequenceIds.length === 0 ? [] : await tx.selectFrom('sequences').select(['id', 'name']).where('organization_id', '=', organizationId).where('id', 'in', sequenceIds).execute();
  const members = await memberNames(tx, organizationId, memberIds);
  const sequenceName = new Map(sequences.map((s) => [s.id, s.name]));
  return { sequence: (id) => sequenceName.get(id) ?? null, member: (id) => members.get(id) ?? null };
}

/** The names of those of `ids` who are members of the organization. */
export async function memberNames(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('user_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['u.id', 'u.name'])
    .where('p.organization_id', '=', organizationId)
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
