import { expect } from 'vitest';
import { withTenant } from '../../db/scope';
import type { TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/**
 * Two lists imported through the app in organization A (America/Chicago), then moved to known times:
 *
 * | Lead | Source       | Created (UTC)      | First contacted (UTC)          | Lists | Deal |
 * | Ann  | Mailers      | 03-02 15:00        | 03-06 05:30 (03-05 23:30 CST)  | 1     | —    |
 * | Bob  | Mailers      | 03-03 15:00        | —                              | 1, 2  | under contract 03-15 16:00 at $150,000 |
 * | Cy   | Cold calling | 03-10 14:00        | 03-11 15:00                    | 2     | contract 03-16 16:00, closed 03-20 16:00, fee $12,500.50 |
 * | Di   | Cold calling | 02-27 15:00        | 03-01 16:00                    | 2     | —    |
 *
 * List 1 "spring-mailers.csv" imported 03-02 14:00, list 2 "cold-calls.csv" 03-09 14:00 (UTC). Spend: Mailers
 * $2,800 in February and $3,100 in March (both $100 a day), Cold calling $620 in March ($20 a day). Organization B
 * has a Mailers lead of its own in March.
 */
const HEADER = 'Owner Name,Property Address,Property City,Property State,Property Zip,Lead Source';
const ROW = {
  ann: 'Ann Able,1 Apple Street,Austin,TX,78701,Mailers',
  bob: 'Bob Baker,2 Birch Street,Austin,TX,78701,Mailers',
  cy: 'Cy Cole,3 Cedar Street,Austin,TX,78701,Cold calling',
  di: 'Di Dunn,4 Dogwood Street,Austin,TX,78701,Cold calling',
  bea: 'Bea Other,9 Elm Street,Austin,TX,78701,Mailers',
};

/** Imports a CSV through the routes and waits for its job; answers the import's id. */
export async function importList(t: TestApp, org: Org, filename: string, rows: string[]): Promise<string> {
  const { ok } = memberApi(t);
  const csv = [HEADER, ...rows].join('\r\n') + '\r\n';
  const res = await t.app.inject({
    method: 'POST', url: `/api/leads/import?filename=${filename}`, headers: { origin: 'http://localhost:3000', cookie: org.cookie, 'content-type': 'text/csv' }, payload: csv,
  });
  expect(res.statusCode, res.body).toBe(201);
  const preview = res.json();
  await ok(org, 'POST', `/api/leads/import/${preview.id}/start`, { mapping: preview.proposed_mapping }, 202);
  for (let i = 0; i < 300; i++) {
    const status = await ok(org, 'GET', `/api/leads/import/${preview.id}`);
    if (status.status === 'completed') return preview.id;
    if (status.status === 'failed') throw new Error(status.failure);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

export async function seedSources(t: TestApp) {
  const { ok } = memberApi(t);
  const a = await t.createOrg('Sources A');
  const b = await t.createOrg('Sources B');
  for (const org of [a, b]) await ok(org, 'PATCH', '/api/settings/reporting', { timeZone: 'America/Chicago' });
  const list1 = await importList(t, a, 'spring-mailers.csv', [ROW.ann, ROW.bob]);
  // Bob's address matches: the second list updates him, and he is on both lists.
  const list2 = await importList(t, a, 'cold-calls.csv', [ROW.bob, ROW.cy, ROW.di]);
  const listB = await importList(t, b, 'other.csv', [ROW.bea]);

  const leads = await withTenant(t.database.db, a.organizationId, async (tx) => {
    const rows = await tx.selectFrom('leads').select(['id', 'owner_1_name']).execute();
    const id = (name: string) => rows.find((r) => r.owner_1_name === name)!.id;
    const ids = { ann: id('Ann Able'), bob: id('Bob Baker'), cy: id('Cy Cole'), di: id('Di Dunn') };
    const set = (lead: string, values: { created_at?: Date; last_contacted_at?: Date }) => tx.updateTable('leads').set(values).where('id', '=', lead).execute();
    await set(ids.ann, { created_at: new Date('2026-03-02T15:00:00Z') });
    await set(ids.bob, { created_at: new Date('2026-03-03T15:00:00Z') });
    await set(ids.cy, { created_at: new Date('2026-03-10T14:00:00Z') });
    await set(ids.di, { created_at: new Date('2026-02-27T15:00:00Z') });
    await set(ids.ann, { last_contacted_at: new Date('2026-03-06T05:30:00Z') });
    // A later contact moves last_contacted_at, not the first contact.
    await set(ids.ann, { last_contacted_at: new Date('2026-03-12T15:00:00Z') });
    await set(ids.cy, { last_contacted_at: new Date('2026-03-11T15:00:00Z') });
    await set(ids.di, { last_contacted_at: new Date('2026-03-01T16:00:00Z') });
    await tx.updateTable('lead_imports').set({ created_at: new Date('2026-03-02T14:00:00Z') }).where('id', '=', list1).execute();
    await tx.updateTable('lead_imports').set({ created_at: new Date('2026-03-09T14:00:00Z') }).where('id', '=', list2).execute();
    return ids;
  });

  const deals = await withTenant(t.database.db, a.organizationId, async (tx) => {
    const contract = await tx.insertInto('deals').values({
      organization_id: a.organizationId, lead_id: leads.bob, stage: 'under_contract', contract_price: 150_000, created_by: a.userId, owner_user_id: a.userId,
      contracted_at: new Date('2026-03-15T16:00:00Z'),
    }).returning('id').executeTakeFirstOrThrow();
    const closed = await tx.insertInto('deals').values({
      organization_id: a.organizationId, lead_id: leads.cy, stage: 'closed', contract_price: 90_000, created_by: a.userId, owner_user_id: a.userId,
      assignment_fee: 10_000, assignment_fee_actual: 12_500.5, contracted_at: new Date('2026-03-16T16:00:00Z'), closed_at: new Date('2026-03-20T16:00:00Z'),
    }).returning('id').executeTakeFirstOrThrow();
    return { contract: contract.id, closed: closed.id };
  });

  await withTenant(t.database.db, b.organizationId, (tx) => tx.updateTable('leads').set({ created_at: new Date('2026-03-04T15:00:00Z') }).execute());
  for (const [source, month, amount] of [['Mailers', '2026-02', 2800], ['Mailers', '2026-03', 3100], ['Cold calling', '2026-03', 620]] as const) {
    await ok(a, 'PUT', '/api/analytics/spend', { source, month, amount });
  }
  await ok(b, 'PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-03', amount: 99 });
  return { a, b, leads, deals, lists: { list1, list2, listB } };
}
