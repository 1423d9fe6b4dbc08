import { sql, type SelectQueryBuilder } from 'kysely';
import type { RuleConditions } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import type { DB } from '../../../db/types';
import { applyFilters } from '../../leads/list';

export type LeadQuery = SelectQueryBuilder<DB, 'leads', object>;

/**
 * A rule's conditions as a WHERE on the organization's live leads: the leads list's own filter SQL (status, value,
 * tags, search), then motivation, the property's state and the source (without regard to case).
 */
export function whereConditions(q: LeadQuery, organizationId: string, conditions: RuleConditions): LeadQuery {
  const { minMotivation, maxMotivation, state, source, ...filter } = conditions;
  let out = applyFilters(q, organizationId, filter);
  if (minMotivation !== undefined) out = out.where('leads.motivation_score', '>=', minMotivation);
  if (maxMotivation !== undefined) out = out.where('leads.motivation_score', '<=', maxMotivation);
  if (state) out = out.where(sql<string>`upper(leads.property_address_state)`, '=', state);
  if (source) out = out.where(sql<string>`lower(leads.source)`, '=', source.toLowerCase());
  return out;
}

/** Which of `leadIds` (live leads of the organization) meet the conditions now. */
export async function leadsMeeting(tx: Tx, organizationId: string, conditions: RuleConditions, leadIds: readonly string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await whereConditions(tx.selectFrom('leads'), organizationId, conditions)
    .where(sql<boolean>`leads.id = any(${sql.val(leadIds)}::uuid[])`)
    .select('leads.id')
    .execute();
  const met = new Set(rows.map((r) => r.id));
  // In the order given: an import's leads are run in the order they were written.
  return leadIds.filter((id) => met.has(id));
}
