import { sql } from 'kysely';
import type { EnrichmentBatch, EnrichmentPriority, EnrichmentState, LeadEnrichmentStatus } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/** Storage of manual enrichment batches (migration 0024): the batch, and one row per lead that is 'queued' while in flight. */

const BATCH_COLUMNS = ['id', 'requested_by', 'priority', 'total', 'enriched', 'failed', 'skipped', 'finished_at', 'created_at'] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type BatchRow = { id: string; requested_by: string | null; priority: string; total: number; enriched: number; failed: number; skipped: number; finished_at: Date | string | null; created_at: Date | string };

export function toBatch(row: BatchRow): EnrichmentBatch {
  return { ...row, priority: row.priority as EnrichmentPriority, finished_at: iso(row.finished_at), created_at: iso(row.created_at)! };
}

/** Of `ids`, the organization's leads that are not deleted. */
export async function liveLeadIds(tx: Tx, organizationId: string, ids: string[]): Promise<string[]> {
  const rows = await tx.selectFrom('leads').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).where('status', '<>', 'deleted').execute();
  return rows.map((r) => r.id);
}

/** Of `ids`, the leads whose enrichment is queued or running. */
export async function inFlightLeadIds(tx: Tx, organizationId: string, ids: string[]): Promise<string[]> {
  const rows = await tx.selectFrom('enrichment_batch_leads').select('lead_id').where('organization_id', '=', organizationId).where('lead_id', 'in', ids).where('state', '=', 'queued').execute();
  return rows.map((r) => r.lead_id);
}

export async function insertBatch(tx: Tx, organizationId: string, requestedBy: string, priority: EnrichmentPriority, total: number): Promise<EnrichmentBatch> {
  const row = await tx.insertInto('enrichment_batches').values({ organization_id: organizationId, requested_by: requestedBy, priority, total }).returning(BATCH_COLUMNS).executeTakeFirstOrThrow();
  return toBatch(row);
}

/**
 * Puts the leads in flight in the batch; a lead already in flight (a concurrent request committed first) meets the
 * partial unique index and is left out. Answers the leads this call put in flight.
 */
export async function insertBatchLeads(tx: Tx, organizationId: string, batchId: string, leadIds: string[]): Promise<string[]> {
  const rows = await tx
    .insertInto('enrichment_batch_leads')
    .values(leadIds.map((lead_id) => ({ organization_id: organizationId, batch_id: batchId, lead_id })))
    .onConflict((oc) => oc.columns(['organization_id', 'lead_id']).where('state', '=', 'queued').doNothing())
    .returning('lead_id')
    .execute();
  return rows.map((r) => r.lead_id);
}

export async function setBatchTotal(tx: Tx, organizationId: string, batchId: string, total: number): Promise<EnrichmentBatch> {
  const row = await tx.updateTable('enrichment_batches').set({ total }).where('organization_id', '=', organizationId).where('id', '=', batchId).returning(BATCH_COLUMNS).executeTakeFirstOrThrow();
  return toBatch(row);
}

export async function deleteBatch(tx: Tx, organizationId: string, batchId: string): Promise<void> {
  await tx.deleteFrom('enrichment_batches').where('organization_id', '=', organizationId).where('id', '=', batchId).execute();
}

export async function findBatch(tx: Tx, organizationId: string, batchId: string): Promise<EnrichmentBatch | null> {
  const row = await tx.selectFrom('enrichment_batches').select(BATCH_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', batchId).executeTakeFirst();
  return row ? toBatch(row) : null;
}

/** The batch the lead is in flight in, if any. */
export async function inFlightBatchOf(tx: Tx, organizationId: string, leadId: string): Promise<EnrichmentBatch | null> {
  const row = await tx
    .selectFrom('enrichment_batch_leads as l')
    .innerJoin('enrichment_batches as b', (j) => j.onRef('b.organization_id', '=', 'l.organization_id').onRef('b.id', '=', 'l.batch_id'))
    .select(BATCH_COLUMNS.map((c) => `b.${c}` as const))
    .where('l.organization_id', '=', organizationId)
    .where('l.lead_id', '=', leadId)
    .where('l.state', '=', 'queued')
    .executeTakeFirst();
  return row ? toBatch(row) : null;
}

/**
 * Settles one lead of a batch and counts it, once: a lead already settled (a job delivered twice) changes nothing
 * and answers null. Answers the batch, and whether this lead was its last.
 */
export async function settleBatchLead(
  tx: Tx,
  organizationId: string,
  batchId: string,
  leadId: string,
  state: Exclude<EnrichmentState, 'queued'>,
  message: string | null,
): Promise<{ batch: EnrichmentBatch; last: boolean } | null> {
  const settled = await tx
    .updateTable('enrichment_batch_leads')
    .set({ state, message, finished_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('batch_id', '=', batchId)
    .where('lead_id', '=', leadId)
    .where('state', '=', 'queued')
    .returning('lead_id')
    .executeTakeFirst();
  if (!settled) return null;
  // SET reads the row as it was: the lead that brings the counts to the total stamps finished_at.
  const { rows } = await sql<BatchRow>`
    update enrichment_batches set ${sql.ref(state)} = ${sql.ref(state)} + 1,
      finished_at = case when enriched + failed + skipped + 1 = total then now() else finished_at end
    where organization_id = ${organizationId} and id = ${batchId}
    returning id, requested_by, priority, total, enriched, failed, skipped, finished_at, created_at`.execute(tx);
  const batch = toBatch(rows[0]!);
  return { batch, last: batch.enriched + batch.failed + batch.skipped === batch.total };
}

/** The lead's latest manual enrichment. */
export async function latestLeadEnrichment(tx: Tx, organizationId: string, leadId: string): Promise<LeadEnrichmentStatus | null> {
  const row = await tx
    .selectFrom('enrichment_batch_leads as l')
    .innerJoin('enrichment_batches as b', (j) => j.onRef('b.organization_id', '=', 'l.organization_id').onRef('b.id', '=', 'l.batch_id'))
    .select(['l.batch_id', 'l.state', 'l.message', 'b.priority', 'l.created_at', 'l.finished_at'])
    .where('l.organization_id', '=', organizationId)
    .where('l.lead_id', '=', leadId)
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    batch_id: row.batch_id,
    state: row.state as EnrichmentState,
    message: row.message,
    priority: row.priority as EnrichmentPriority,
    requested_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
  };
}
