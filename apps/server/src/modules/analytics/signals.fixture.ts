import { sql } from 'kysely';
import { withTenant, type Tx } from '../../db/scope';
import type { TestApp } from '../../../test/harness';

/** One lead as the signals fixtures write it: only what the keys and outcomes read, and when it was created. */
export interface SignalFixtureLead {
  name: string;
  created: string;
  status?: string;
  contacted?: boolean;
  tax?: boolean | null;
  pre?: boolean | null;
  vacant?: boolean | null;
  vacancyFlag?: boolean | null;
  outOfState?: boolean | null;
  equity?: number | null;
  motivation?: number | null;
  type?: string | null;
  years?: number | null;
  tags?: string[];
}

export const leadRow = (organizationId: string, l: SignalFixtureLead) => ({
  organization_id: organizationId,
  owner_1_name: l.name,
  created_at: new Date(l.created),
  status: l.status ?? 'new',
  last_contacted_at: l.contacted ? new Date('2026-04-01T15:00:00Z') : null,
  tax_delinquent: l.tax ?? null,
  pre_foreclosure: l.pre ?? null,
  vacant: l.vacant ?? null,
  vacancy_flag: l.vacancyFlag ?? null,
  out_of_state_owner: l.outOfState ?? null,
  equity_amount: l.equity ?? null,
  motivation_score: l.motivation ?? null,
  property_type: l.type ?? null,
  ownership_length: l.years ?? null,
  badges: l.tags ?? [],
});

/** The leads in one INSERT statement (as an import batch writes them), in the organization's tenant transaction; their ids in order. */
export async function insertSignalLeads(t: TestApp, organizationId: string, leads: SignalFixtureLead[]): Promise<string[]> {
  return withTenant(t.database.db, organizationId, async (tx) => {
    const rows = await tx.insertInto('leads').values(leads.map((l) => leadRow(organizationId, l))).returning(['id', 'owner_1_name']).execute();
    return leads.map((l) => rows.find((r) => r.owner_1_name === l.name)!.id);
  });
}

/** An imported list (a lead_imports row) of the organization. */
export async function insertList(tx: Tx, organizationId: string, filename: string): Promise<string> {
  return (await tx.insertInto('lead_imports').values({ organization_id: organizationId, filename, status: 'completed' }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Puts leads on a list, in one statement. */
export async function addToList(tx: Tx, organizationId: string, importId: string, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await sql`insert into lead_list_members (organization_id, import_id, lead_id)
    select ${organizationId}::uuid, ${importId}::uuid, unnest(${sql.val(leadIds)}::uuid[]) on conflict do nothing`.execute(tx);
}

/** Each counter row of the organization that counts a lead: key → [leads, contacted, offered, contracted]. */
export async function storedCounts(tx: Tx, organizationId: string): Promise<Record<string, number[]>> {
  const { rows } = await sql<{ key: string; leads: number; contacted: number; offered: number; contracted: number }>`
    select key, leads, contacted, offered, contracted from analytics_signal_counts where organization_id = ${organizationId} order by key`.execute(tx);
  return Object.fromEntries(rows.filter((r) => [r.leads, r.contacted, r.offered, r.contracted].some((n) => n !== 0)).map((r) => [r.key, [r.leads, r.contacted, r.offered, r.contracted]]));
}
