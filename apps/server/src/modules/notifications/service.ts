import { displayName, formatUsd, NOTIFICATION_KINDS, screenLinks, type EventOf } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { insertForMembers, type NewNotification } from './repo';

export type { NewNotification } from './repo';

/**
 * Creates a notification in the caller's transaction, so it exists if and only if what it tells of committed. A
 * null userId addresses every member of the organization, each with their own copy (read state is per member). The
 * change feed publishes each row on insert, which refreshes the members' bells. Resolves to how many were created.
 */
export function notify(tx: Tx, notification: NewNotification): Promise<number> {
  return insertForMembers(tx, notification);
}

/** The leads list: where an import's and an enrichment's results are seen. */
const LEADS_LINK = screenLinks.leads;

const count = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;
/** "5 leads updated, 2 rows skipped": the counts that are not zero. */
const nonZero = (counts: Array<[number, string, string]>) => counts.filter(([n]) => n > 0).map(([n, one, what]) => `${count(n, one)} ${what}`);

/** A texted preview of a message stays a line long. */
const preview = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** An import that finished or failed, told to the member who started it. */
export async function notifyImportFinished(tx: Tx, event: EventOf<'import.finished'>): Promise<void> {
  const row = await tx
    .selectFrom('lead_imports')
    .select(['status', 'filename', 'inserted', 'updated', 'skipped', 'failure', 'created_by'])
    .where('organization_id', '=', event.organizationId)
    .where('id', '=', event.importId)
    .executeTakeFirst();
  if (!row?.created_by) return;
  const base = { organizationId: event.organizationId, userId: row.created_by, kind: NOTIFICATION_KINDS.importFinished, link: LEADS_LINK };
  if (row.status === 'failed') {
    const kept = nonZero([[row.inserted, 'lead', 'added'], [row.updated, 'lead', 'updated']]);
    const body = kept.length > 0 ? `${row.filename}: ${kept.join(', ')} before it stopped.` : row.filename;
    await notify(tx, { ...base, level: 'error', title: `Import failed: ${row.failure ?? 'unknown error'}`, body });
    return;
  }
  const details = nonZero([[row.updated, 'lead', 'updated'], [row.skipped, 'row', 'skipped']]);
  await notify(tx, {
    ...base,
    level: row.skipped > 0 ? 'warning' : 'success',
    title: `Import finished: ${count(row.inserted, 'lead')} added from ${row.filename}`,
    body: details.length > 0 ? `${details.join(', ')}.` : null,
  });
}

/**
 * A member's manual enrichment batch has run every lead: told with its counts ("3 leads enriched, 1 failed"),
 * a batch of one naming its lead and linking to it.
 */
export async function notifyEnrichmentFinished(tx: Tx, event: EventOf<'enrichment.batch_finished'>): Promise<void> {
  const batch = await tx
    .selectFrom('enrichment_batches')
    .select(['total', 'enriched', 'failed', 'skipped'])
    .where('organization_id', '=', event.organizationId)
    .where('id', '=', event.batchId)
    .executeTakeFirst();
  if (!batch) return;
  const only = batch.total === 1
    ? await tx.selectFrom('enrichment_batch_leads').select('lead_id').where('organization_id', '=', event.organizationId).where('batch_id', '=', event.batchId).executeTakeFirst()
    : undefined;
  const counts = nonZero([[batch.enriched, 'lead', 'enriched'], [batch.failed, 'lead', 'failed'], [batch.skipped, 'lead', 'skipped (no data found)']]);
  await notify(tx, {
    organizationId: event.organizationId, userId: event.requestedBy, kind: NOTIFICATION_KINDS.enrichmentFinished,
    level: batch.failed > 0 ? (batch.enriched > 0 ? 'warning' : 'error') : 'success',
    title: batch.failed === batch.total ? 'Enrichment failed' : 'Enrichment finished',
    body: counts.length > 0 ? `${counts.join(', ')}.` : null,
    link: only ? screenLinks.lead(only.lead_id) : LEADS_LINK,
  });
}

/** An inbound text, to every member, unless someone already read it (its thread was open when it arrived). */
export async function notifyTextReceived(tx: Tx, event: EventOf<'text.received'>): Promise<void> {
  const row = await tx
    .selectFrom('conversations as c')
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'c.organization_id').onRef('l.id', '=', 'c.lead_id'))
    .select(['c.body', 'c.read_at', 'l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'])
    .where('c.organization_id', '=', event.organizationId)
    .where('c.id', '=', event.conversationId)
    .executeTakeFirst();
  if (!row || row.read_at !== null) return;
  await notify(tx, {
    organizationId: event.organizationId, userId: null, kind: NOTIFICATION_KINDS.textReceived, level: 'info',
    title: `New text from ${displayName(row, 'Unknown Contact')}`, body: preview(row.body), link: screenLinks.conversation(event.leadId),
  });
}

/** A buyer's offer from a deal room, to every member: the deal's page shows it ranked among the others. */
export async function notifyBuyerOfferReceived(tx: Tx, event: EventOf<'buyer_offer.received'>): Promise<void> {
  const row = await tx
    .selectFrom('buyer_offers as o')
    .innerJoin('buyers as b', (j) => j.onRef('b.organization_id', '=', 'o.organization_id').onRef('b.id', '=', 'o.buyer_id'))
    .innerJoin('deals as d', (j) => j.onRef('d.organization_id', '=', 'o.organization_id').onRef('d.id', '=', 'o.deal_id'))
    .innerJoin('leads as l', (j) => j.onRef('l.organization_id', '=', 'd.organization_id').onRef('l.id', '=', 'd.lead_id'))
    .select(['o.amount', 'b.contact_name', 'l.property_address_full', 'l.property_address'])
    .where('o.organization_id', '=', event.organizationId)
    .where('o.id', '=', event.offerId)
    .executeTakeFirst();
  if (!row) return;
  await notify(tx, {
    organizationId: event.organizationId, userId: null, kind: NOTIFICATION_KINDS.buyerOfferReceived, level: 'success',
    title: `New offer of ${formatUsd(Number(row.amount))} from ${row.contact_name}`,
    body: row.property_address_full ?? row.property_address ?? null,
    link: screenLinks.deal(event.dealId),
  });
}
