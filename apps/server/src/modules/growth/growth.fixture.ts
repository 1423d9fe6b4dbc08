import { withTenant } from '../../db/scope';
import type { TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** One lead as the fixture writes it straight into the table (times in UTC). */
export interface FixtureLead {
  name: string;
  at: string | Date;
  leadSource?: string | null;
  source?: string | null;
  status?: string;
  contacted?: string | Date | null;
}

/** Leads written in the organization's tenant transaction (as the app's writes are); answers their ids in order. */
export async function insertLeads(t: TestApp, organizationId: string, leads: FixtureLead[]): Promise<string[]> {
  return withTenant(t.database.db, organizationId, async (tx) => {
    const ids: string[] = [];
    for (const l of leads) {
      const row = await tx.insertInto('leads').values({
        organization_id: organizationId, owner_1_name: l.name, created_at: new Date(l.at), lead_source: l.leadSource ?? null, source: l.source ?? null,
        status: l.status ?? 'new', last_contacted_at: l.contacted ? new Date(l.contacted) : null, property_address_full: `${l.name} House, Austin, TX`,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

/** One change of leads, as a write of the app would make it. */
export function updateLead(t: TestApp, organizationId: string, id: string, set: { status?: string; last_contacted_at?: Date | null; created_at?: Date }) {
  return withTenant(t.database.db, organizationId, (tx) => tx.updateTable('leads').set(set).where('organization_id', '=', organizationId).where('id', '=', id).execute());
}

export async function insertDeal(t: TestApp, organizationId: string, leadId: string, stage: string, at: string | Date): Promise<string> {
  return withTenant(t.database.db, organizationId, async (tx) =>
    (await tx.insertInto('deals').values({ organization_id: organizationId, lead_id: leadId, stage: stage as 'analyzing', created_at: new Date(at) }).returning('id').executeTakeFirstOrThrow()).id,
  );
}

/** Moves a deal through stages, all in one transaction. */
export function moveDeal(t: TestApp, organizationId: string, id: string, ...stages: string[]) {
  return withTenant(t.database.db, organizationId, async (tx) => {
    for (const stage of stages) await tx.updateTable('deals').set({ stage: stage as 'analyzing' }).where('organization_id', '=', organizationId).where('id', '=', id).execute();
  });
}

export async function insertImport(t: TestApp, org: Org, filename: string, at: string, inserted: number, updated: number): Promise<string> {
  return withTenant(t.database.db, org.organizationId, async (tx) =>
    (await tx.insertInto('lead_imports').values({
      organization_id: org.organizationId, filename, status: 'completed', inserted, updated, created_by: org.userId, created_at: new Date(at),
    }).returning('id').executeTakeFirstOrThrow()).id,
  );
}

/**
 * A week of A's leads, deals and imports reported in America/Chicago over 2026-03-02..08 (daylight saving starts on
 * the 8th), and B's in the same hours. The tests' expected figures are worked out by hand from these rows.
 */
export async function seedGrowthWeek(t: TestApp) {
  const a = await t.createOrg('Growth A');
  const b = await t.createOrg('Growth B');
  const [l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11] = await insertLeads(t, a.organizationId, [
    // 23:30 CST on the range's first day, then 00:30 CST on its second.
    { name: 'Lena One', at: '2026-03-03T05:30:00Z', leadSource: 'Zillow' },
    { name: 'Luis Two', at: '2026-03-03T06:30:00Z', source: 'csv_import' },
    // First contacted 4 minutes after it came in.
    { name: 'Lou Three', at: '2026-03-04T15:00:00Z', leadSource: 'Zillow', status: 'discovery', contacted: '2026-03-04T15:04:00Z' },
    { name: 'Lia Four', at: '2026-03-05T16:00:00Z', leadSource: 'Referral' },
    { name: 'Leo Five', at: '2026-02-20T16:00:00Z', leadSource: 'Referral', status: 'add-to-followup' },
    // 23:30 CDT on the range's last day (daylight saving), then 00:30 CDT the day after it.
    { name: 'Lars Six', at: '2026-03-09T04:30:00Z', leadSource: 'Zillow' },
    { name: 'Lily Seven', at: '2026-03-09T05:30:00Z', leadSource: 'Zillow' },
    // Imported with a contact months before it came in: contacted, but not a wait of the team's.
    { name: 'Lyle Eight', at: '2026-03-06T15:00:00Z', leadSource: 'PropStream', contacted: '2025-12-01T15:00:00Z' },
    // In the bin: still came in, waits for nobody, is no pipeline status.
    { name: 'Lola Nine', at: '2026-03-07T15:00:00Z', leadSource: 'Zillow', status: 'deleted' },
    { name: 'Lex Ten', at: '2026-03-01T15:00:00Z', leadSource: 'Referral' },
    { name: 'Lux Eleven', at: '2026-03-08T14:00:00Z' },
  ]);
  // First contacts after the leads came in: 2 h 30 min, 14 days, 15 h 30 min (23:30 CST before the range), 14 h 45 min.
  await updateLead(t, a.organizationId, l4!, { last_contacted_at: new Date('2026-03-05T18:30:00Z') });
  await updateLead(t, a.organizationId, l5!, { last_contacted_at: new Date('2026-03-06T16:00:00Z') });
  await updateLead(t, a.organizationId, l10!, { last_contacted_at: new Date('2026-03-02T05:30:00Z') });
  await updateLead(t, a.organizationId, l11!, { last_contacted_at: new Date('2026-03-09T04:45:00Z') });
  const d1 = await insertDeal(t, a.organizationId, l3!, 'under_contract', '2026-03-06T15:00:00Z');
  const d2 = await insertDeal(t, a.organizationId, l4!, 'offer_made', '2026-02-25T15:00:00Z');
  const list = await insertImport(t, a, 'march.csv', '2026-03-03T05:30:00Z', 120, 5);
  await withTenant(t.database.db, a.organizationId, (tx) =>
    tx.insertInto('lead_list_members').values([l1!, l2!].map((lead_id) => ({ organization_id: a.organizationId, import_id: list, lead_id }))).execute());
  await insertImport(t, a, 'february.csv', '2026-03-01T12:00:00Z', 40, 0);

  // Organization B's records in the same hours: never in A's figures.
  const [lb] = await insertLeads(t, b.organizationId, [{ name: 'Bea Other', at: '2026-03-04T15:00:00Z', leadSource: 'Zillow', contacted: '2026-03-04T15:01:00Z' }]);
  await insertDeal(t, b.organizationId, lb!, 'closed', '2026-03-04T16:00:00Z');
  await insertImport(t, b, 'b.csv', '2026-03-04T15:00:00Z', 9, 9);
  return { a, b, leads: { l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11 }, deals: { d1, d2 }, list };
}
