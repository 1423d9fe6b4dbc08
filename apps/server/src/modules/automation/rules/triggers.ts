import { sql } from 'kysely';
import type { EventOf, RuleTriggerType } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import { LEAD_ACTIVITY } from '../../activity/actions';
import type { Occurrence } from './runner';
import { unansweredStreak } from './unanswered';

/** Fields of lead.updated that change a lead's tags (the API's name, and the column's). */
const TAG_FIELDS = ['badges', 'tags'];

/** An occurrence and the trigger whose rules it is for. */
export type Built = { type: RuleTriggerType; occurrence: Occurrence };
const always = () => true;

/** The triggers each event may start, so a delivery reads nothing when the organization has no such rule. */
export const EVENT_TRIGGERS = {
  'lead.created': ['lead_created'],
  'lead.updated': ['status_changed', 'tag_added'],
  'call.completed': ['call_completed', 'calls_unanswered'],
  'text.received': ['text_received'],
  'deal.stage_changed': ['deal_stage_changed'],
  'import.finished': ['lead_imported'],
} as const satisfies Record<string, readonly RuleTriggerType[]>;

const one = (organizationId: string, leadId: string, eventId: string, fits: Occurrence['fits'] = always, cause: readonly string[] = []): Occurrence => ({
  organizationId, leadIds: [leadId], key: () => eventId, fits, cause,
});

/**
 * lead.updated: a status change (the status the event says it set: two changes delivered late each run as what they
 * were) and tags, read now (events carry ids, not copies). Whether a tag was just added cannot be told from the event
 * (it names fields, not values): tag_added fires when the lead has the tag after a change of its tags, keyed by the
 * tag, so once per rule and lead (docs/api-automation.md, limits).
 */
export async function leadUpdated(tx: Tx, event: EventOf<'lead.updated'>, eventId: string): Promise<Built[]> {
  const cause = event.cause?.rules ?? [];
  const built: Built[] = [];
  const status = event.status;
  if (status) {
    built.push({ type: 'status_changed', occurrence: one(event.organizationId, event.leadId, eventId, (t) => t.type === 'status_changed' && (!t.status || t.status === status), cause) });
  }
  if (event.fields.some((f) => TAG_FIELDS.includes(f))) {
    const lead = await tx.selectFrom('leads').select('badges').where('organization_id', '=', event.organizationId).where('id', '=', event.leadId).executeTakeFirst();
    const badges = lead?.badges ?? [];
    built.push({
      type: 'tag_added',
      occurrence: { ...one(event.organizationId, event.leadId, eventId, (t) => t.type === 'tag_added' && badges.includes(t.tag), cause), key: (t) => (t.type === 'tag_added' ? `tag:${t.tag}` : eventId) },
    });
  }
  return built;
}

/** call.completed: the outcome, and the streak of unanswered calls it makes (a rule for N fires on the N-th). */
export async function callCompleted(tx: Tx, event: EventOf<'call.completed'>, eventId: string): Promise<Built[]> {
  const streak = await unansweredStreak(tx, event.organizationId, event.leadId, event.callId);
  return [
    { type: 'call_completed', occurrence: one(event.organizationId, event.leadId, eventId, (t) => t.type === 'call_completed' && (!t.outcome || t.outcome === event.outcome)) },
    { type: 'calls_unanswered', occurrence: one(event.organizationId, event.leadId, eventId, (t) => t.type === 'calls_unanswered' && streak === t.count) },
  ];
}

export function leadCreated(event: EventOf<'lead.created'>, eventId: string): Built[] {
  return [{ type: 'lead_created', occurrence: one(event.organizationId, event.leadId, eventId) }];
}

export function textReceived(event: EventOf<'text.received'>, eventId: string): Built[] {
  return [{ type: 'text_received', occurrence: one(event.organizationId, event.leadId, eventId) }];
}

export function dealStageChanged(event: EventOf<'deal.stage_changed'>, eventId: string): Built[] {
  return [{ type: 'deal_stage_changed', occurrence: one(event.organizationId, event.leadId, eventId, (t) => t.type === 'deal_stage_changed' && (!t.stage || t.stage === event.to)) }];
}

/**
 * The leads an import created, after `after` in id order: each has the import's lead.imported entry on its timeline
 * (created, not updated by it). An import's leads all carry source csv_import; the entry also names the import.
 */
export async function importedLeads(tx: Tx, organizationId: string, importId: string, after: string | null, limit: number): Promise<string[]> {
  let q = tx
    .selectFrom('activity_logs')
    .select('entity_id')
    .where('organization_id', '=', organizationId)
    .where('action', '=', LEAD_ACTIVITY.imported)
    .where('entity_type', '=', 'lead')
    .where(sql<boolean>`details @> ${JSON.stringify({ import_id: importId, created: true })}::jsonb`);
  if (after) q = q.where('entity_id', '>', after);
  const rows = await q.orderBy('entity_id').limit(limit).execute();
  return rows.map((r) => r.entity_id!);
}
