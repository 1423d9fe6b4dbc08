import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { LEAD_FIELD_NAMES, LEAD_FIELDS, type Lead, type LeadStats } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { Leads } from '../../db/types';

const TIMESTAMP_FIELDS = new Set([...LEAD_FIELD_NAMES.filter((f) => LEAD_FIELDS[f][0] === 'timestamptz'), 'created_at', 'updated_at']);

const FULL_FIELDS: readonly string[] = [...LEAD_FIELD_NAMES, 'created_at', 'updated_at', 'version'];

/**
 * The columns a lead is read with, named: a statement selecting `*` would change its result columns when a
 * migration adds one, and a prepared one would then fail (db/preparing-client.ts). Derived columns stay inside.
 */
export const LEAD_COLUMNS = ['id', 'organization_id', ...LEAD_FIELD_NAMES, 'created_at', 'updated_at', 'version', 'dnc_listed', 'phones_e164'] as const;

/** A lead's row as read with LEAD_COLUMNS. */
export type LeadRow = Pick<Selectable<Leads>, (typeof LEAD_COLUMNS)[number]>;

/**
 * A function that picks `fields` of a row, with identity; timestamps as ISO strings and missing values as
 * null. `dnc_status` is the lead's own flag OR a listed number (the stored dnc_listed, migration 0013), so the
 * row must carry dnc_listed too. Compiled to one object literal: a page of rows is built and serialised in well
 * under half the time a loop of keyed stores takes (the objects share one shape).
 */
export function projection(fields: readonly string[]): (row: Record<string, unknown>) => Record<string, unknown> {
  const entries = ['id', 'organization_id', ...fields].map((name) => {
    const key = JSON.stringify(name);
    if (name === 'dnc_status') return `${key}: row.dnc_status === true || row.dnc_listed === true`;
    return TIMESTAMP_FIELDS.has(name) ? `${key}: iso(row[${key}] ?? null)` : `${key}: row[${key}] ?? null`;
  });
  return new Function('iso', `return (row) => ({ ${entries.join(', ')} });`)(iso);
}

const fullLead = projection(FULL_FIELDS);

/** A row as the API shows it: the lead fields, identity and timestamps; derived columns stay inside. */
export function toLead(lead: LeadRow): Lead {
  return fullLead(lead) as Lead;
}

export async function findLead(tx: Tx, organizationId: string, id: string, lock = false): Promise<LeadRow | undefined> {
  const q = tx.selectFrom('leads').select(LEAD_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).where('status', '<>', 'deleted');
  return lock ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

/** Live leads by id; `lock` takes their rows in id order (so two batches over the same leads never deadlock). */
export async function findLeads(tx: Tx, organizationId: string, ids: readonly string[], lock = false): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const q = tx.selectFrom('leads').select(LEAD_COLUMNS).where('organization_id', '=', organizationId)
    .where(sql<boolean>`id = any(${sql.val(ids)}::uuid[])`).where('status', '<>', 'deleted').orderBy('id');
  return lock ? q.forUpdate().execute() : q.execute();
}

export async function insertLead(tx: Tx, values: Insertable<Leads>): Promise<LeadRow> {
  return tx.insertInto('leads').values(values).returning(LEAD_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateLead(tx: Tx, organizationId: string, id: string, values: Updateable<Leads>): Promise<LeadRow | undefined> {
  return tx
    .updateTable('leads')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(LEAD_COLUMNS)
    .executeTakeFirst();
}

/** A call's end on its lead, before any outcome is logged: not an edit, so no new version (migration 0021). */
export async function recordCallEnd(tx: Tx, organizationId: string, id: string, startedAt: Date, durationSec: number): Promise<void> {
  await tx
    .updateTable('leads')
    .set({ last_call_at: startedAt, last_call_duration_sec: durationSec })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/**
 * Two index-only passes in one statement: the list index (organization, motivation, created) gives the
 * total, the new and the highly motivated leads; the value index gives the valued ones and their average.
 */
export async function leadStats(tx: Tx, organizationId: string, newSince: Date, highMotivation: number): Promise<LeadStats> {
  const { rows } = await sql<{ total: number; fresh: number; high: number; valued: number; avg: number | string | null }>`
    select c.total, c.fresh, c.high, v.valued, v.avg from
      (select count(*)::int as total,
              (count(*) filter (where created_at >= ${newSince}))::int as fresh,
              (count(*) filter (where motivation_score >= ${highMotivation}))::int as high
         from leads where organization_id = ${organizationId} and status <> 'deleted') c,
      (select count(*)::int as valued, avg(estimated_value) as avg
         from leads where organization_id = ${organizationId} and status <> 'deleted' and estimated_value > 0) v`.execute(tx);
  const row = rows[0]!;
  return {
    total_leads: row.total,
    new_leads_count: row.fresh,
    high_motivation_count: row.high,
    avg_property_value: row.avg === null ? null : Math.round(Number(row.avg)),
    leads_with_values: row.valued,
  };
}
