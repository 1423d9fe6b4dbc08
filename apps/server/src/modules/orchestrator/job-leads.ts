import { displayName } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id a job's data names, if it is one: the data is whatever its sender queued, never cast unless it is an id. */
const idOf = (value: unknown): string | undefined => (typeof value === 'string' && UUID.test(value) ? value : undefined);

/** What a job's data may say it is about. */
export type JobData = { leadId?: unknown; conversationId?: unknown } | null;

/**
 * The leads jobs are about (a lead's id, or a message's, whose lead is looked up), read under the tenant wall: a
 * lead of another organization is no lead. Resolves to a lookup from a job's data to its lead.
 */
export async function jobLeads(tx: Tx, organizationId: string, jobs: JobData[]): Promise<(data: JobData) => { id: string; name: string } | null> {
  const conversationIds = [...new Set(jobs.flatMap((d) => idOf(d?.conversationId) ?? []))];
  const conversations = conversationIds.length
    ? await tx.selectFrom('conversations').select(['id', 'lead_id']).where('organization_id', '=', organizationId).where('id', 'in', conversationIds).execute()
    : [];
  const byConversation = new Map(conversations.flatMap((c) => (c.lead_id ? [[c.id, c.lead_id] as const] : [])));
  const leadIds = [...new Set([...jobs.flatMap((d) => idOf(d?.leadId) ?? []), ...byConversation.values()])];
  const rows = leadIds.length
    ? await tx
        .selectFrom('leads')
        .select(['id', 'name', 'contact_1_name', 'owner_1_name', 'owner_1_first_name', 'owner_1_last_name'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', leadIds)
        .execute()
    : [];
  const names = new Map(rows.map((r) => [r.id, displayName(r)]));
  return (data) => {
    const conversationId = idOf(data?.conversationId);
    const id = idOf(data?.leadId) ?? (conversationId ? byConversation.get(conversationId) : undefined);
    const name = id ? names.get(id) : undefined;
    return id && name ? { id, name } : null;
  };
}
