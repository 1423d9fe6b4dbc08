import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadSourceName } from '@wholesail/domain';
import { withSystem, withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';
import { memberApi } from '../../../test/member-api';
import { seedSources } from './sources.fixture';

const MARCH = 'from=2026-03-01&to=2026-03-31';
const noSpend = { spend_cents: null, cost_per_lead_cents: null, cost_per_contract_cents: null, roi: null };
const zeros = { leads: 0, contacted: 0, under_contract: 0, closed: 0, fees_cents: 0 };

/** The sources and lists report over seedSources' rows (sources.fixture.ts): every figure worked out by hand. */
describe.each(DB_KINDS)('sources and lists on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok, call } = memberApi(t);
  let s: Awaited<ReturnType<typeof seedSources>>;
  const report = (query: string, who = s.a) => ok(who, 'GET', `/api/analytics/sources?${query}`);
  const drill = (query: string) => ok(s.a, 'GET', `/api/analytics/drill?${MARCH}&${query}`);

  beforeAll(async () => {
    s = await seedSources(t);
  }, 60_000);

  it('puts every lead an import inserted or updated on its list, a lead matched twice on both', async () => {
    const members = await withTenant(t.database.db, s.a.organizationId, (tx) =>
      tx.selectFrom('lead_list_members').select(['import_id', 'lead_id']).orderBy('import_id').execute());
    const of = (list: string) => members.filter((m) => m.import_id === list).map((m) => m.lead_id).sort();
    const { ann, bob, cy, di } = s.leads;
    expect(of(s.lists.list1)).toEqual([ann, bob].sort());
    expect(of(s.lists.list2)).toEqual([bob, cy, di].sort());
  });

  it('adds up each source over the range with its prorated spend, cost per lead, cost per contract and ROI, and the lists imported in it', async () => {
    expect(await report(MARCH)).toEqual({
      from: '2026-03-01', to: '2026-03-31', time_zone: 'America/Chicago',
      sources: [
        { source: 'Mailers', leads: 2, contacted: 1, under_contract: 1, closed: 0, fees_cents: 0, spend_cents: 310_000, cost_per_lead_cents: 155_000, cost_per_contract_cents: 310_000, roi: -1 },
        {
          source: 'Cold calling', leads: 1, contacted: 2, under_contract: 1, closed: 1, fees_cents: 1_250_050,
          spend_cents: 62_000, cost_per_lead_cents: 62_000, cost_per_contract_cents: 62_000, roi: 1_188_050 / 62_000,
        },
      ],
      totals: { leads: 3, contacted: 3, under_contract: 2, closed: 1, fees_cents: 1_250_050, spend_cents: 372_000, cost_per_lead_cents: 124_000, cost_per_contract_cents: 186_000, roi: 878_050 / 372_000 },
      lists: [
        { import_id: s.lists.list2, filename: 'cold-calls.csv', created_at: '2026-03-09T14:00:00.000Z', status: 'completed', members: 3, contacted: 2, under_contract: 2, closed: 1, fees_cents: 1_250_050 },
        { import_id: s.lists.list1, filename: 'spring-mailers.csv', created_at: '2026-03-02T14:00:00.000Z', status: 'completed', members: 2, contacted: 1, under_contract: 1, closed: 0, fees_cents: 0 },
      ],
    });
  });

  it('prorates two months of spend by the days of each inside the range', async () => {
    // February 15–28 and March 1–14: 14 days of each month, at $100 (Mailers) and $0 / $20 (Cold calling) a day.
    expect(await report('from=2026-02-15&to=2026-03-14')).toMatchObject({
      sources: [
        { source: 'Cold calling', leads: 2, contacted: 2, under_contract: 0, spend_cents: 28_000, cost_per_lead_cents: 14_000, cost_per_contract_cents: null, roi: -1 },
        { source: 'Mailers', leads: 2, contacted: 1, under_contract: 0, spend_cents: 280_000, cost_per_lead_cents: 140_000, cost_per_contract_cents: null, roi: -1 },
      ],
      totals: { leads: 4, contacted: 3, under_contract: 0, closed: 0, fees_cents: 0, spend_cents: 308_000, cost_per_lead_cents: 77_000, cost_per_contract_cents: null, roi: -1 },
    });
    // Nothing in the range and no spend: no sources, no lists.
    expect(await report('from=2025-06-01&to=2025-06-30')).toMatchObject({ sources: [], totals: { ...zeros, ...noSpend }, lists: [] });
  });

  it('counts a first contact at 23:30 local on its local day', async () => {
    const day = async (date: string) => (await report(`from=${date}&to=${date}`)).sources.find((r: { source: string }) => r.source === 'Mailers');
    // Ann: 05:30 UTC on March 6 is 23:30 CST on March 5. A day's spend is 1/31 of March's $3,100.
    expect(await day('2026-03-05')).toEqual({ source: 'Mailers', ...zeros, contacted: 1, spend_cents: 10_000, cost_per_lead_cents: null, cost_per_contract_cents: null, roi: -1 });
    expect((await day('2026-03-06')).contacted).toBe(0);
  });

  it('lists the leads, first contacts, contracts and closings behind a source, and a list’s members', async () => {
    const { ann, bob, cy, di } = s.leads;
    expect(await drill('metric=source_leads&source=Mailers')).toEqual({
      total: 2,
      items: [
        { kind: 'lead', id: bob, at: '2026-03-03T15:00:00.000Z', lead_id: bob, lead_name: 'Bob Baker', member_name: expect.any(String), summary: 'New lead — 2 Birch Street, Austin, TX 78701', href: `/leads/${bob}` },
        { kind: 'lead', id: ann, at: '2026-03-02T15:00:00.000Z', lead_id: ann, lead_name: 'Ann Able', member_name: expect.any(String), summary: 'New lead — 1 Apple Street, Austin, TX 78701', href: `/leads/${ann}` },
      ],
    });
    expect(await drill('metric=source_contacted&source=Mailers')).toMatchObject({ total: 1, items: [{ id: ann, at: '2026-03-06T05:30:00.000Z', summary: 'First contacted — 1 Apple Street, Austin, TX 78701' }] });
    expect(await drill('metric=source_contacted&source=Cold%20calling')).toMatchObject({ total: 2, items: [{ id: cy }, { id: di }] });
    expect(await drill('metric=source_under_contract&source=Mailers')).toMatchObject({
      total: 1, items: [{ kind: 'deal', id: s.deals.contract, at: '2026-03-15T16:00:00.000Z', lead_id: bob, summary: 'Under contract at $150,000', href: `/deals/${s.deals.contract}` }],
    });
    expect(await drill('metric=source_closed&source=Cold%20calling')).toMatchObject({ total: 1, items: [{ id: s.deals.closed, at: '2026-03-20T16:00:00.000Z', summary: 'Closed, fee $12,501' }] });
    const members = await drill(`metric=list_members&list=${s.lists.list2}`);
    expect(members.total).toBe(3);
    expect(members.items.map((i: { id: string }) => i.id)).toEqual([bob, cy, di].sort());
    expect(members.items.map((i: { summary: string }) => i.summary)).toContain('On the list — 3 Cedar Street, Austin, TX 78701');
    expect(await drill(`metric=list_contacted&list=${s.lists.list1}`)).toMatchObject({ total: 1, items: [{ id: ann, at: '2026-03-06T05:30:00.000Z' }] });
    expect(await drill(`metric=list_under_contract&list=${s.lists.list2}`)).toMatchObject({ total: 2, items: [{ id: s.deals.closed }, { id: s.deals.contract }] });
    expect(await drill(`metric=list_closed&list=${s.lists.list1}`)).toEqual({ total: 0, items: [] });
    // Another organization's list is nobody's here.
    expect(await drill(`metric=list_members&list=${s.lists.listB}`)).toEqual({ total: 0, items: [] });
  });

  it('lists for every source and list metric exactly the records its figure counts', async () => {
    const { sources, lists } = await report(MARCH);
    const checks: Array<[string, number]> = [];
    for (const r of sources) {
      for (const [metric, key] of [['source_leads', 'leads'], ['source_contacted', 'contacted'], ['source_under_contract', 'under_contract'], ['source_closed', 'closed']]) {
        checks.push([`metric=${metric}&source=${encodeURIComponent(r.source)}`, r[key!]]);
      }
    }
    for (const r of lists) {
      for (const [metric, key] of [['list_members', 'members'], ['list_contacted', 'contacted'], ['list_under_contract', 'under_contract'], ['list_closed', 'closed']]) {
        checks.push([`metric=${metric}&list=${r.import_id}`, r[key!]]);
      }
    }
    for (const [query, figure] of checks) {
      const page = await drill(`${query}&limit=200`);
      expect([page.total, page.items.length], query).toEqual([figure, figure]);
    }
  });

  it('moves a lead’s counts, and its deal’s, with its source; keeps a lead in the bin; takes off a deleted lead and deal', async () => {
    const { bob, cy, di } = s.leads;
    await withTenant(t.database.db, s.a.organizationId, (tx) => tx.updateTable('leads').set({ lead_source: ' Cold calling ' }).where('id', '=', bob).execute());
    let march = await report(MARCH);
    expect(march.sources.map((r: { source: string; leads: number; under_contract: number }) => [r.source, r.leads, r.under_contract])).toEqual([['Cold calling', 2, 2], ['Mailers', 1, 0]]);

    await ok(s.a, 'DELETE', `/api/leads/${cy}`, undefined, 204);
    expect(await report(MARCH)).toEqual(march);

    await withTenant(t.database.db, s.a.organizationId, (tx) => tx.deleteFrom('leads').where('id', '=', di).execute());
    march = await report(MARCH);
    expect(march.sources[0]).toMatchObject({ source: 'Cold calling', leads: 2, contacted: 1, under_contract: 2, closed: 1 });
    expect(march.lists[0]).toMatchObject({ members: 2, contacted: 1, under_contract: 2, closed: 1, fees_cents: 1_250_050 });

    await withTenant(t.database.db, s.a.organizationId, (tx) => tx.deleteFrom('deals').where('id', '=', s.deals.closed).execute());
    march = await report(MARCH);
    expect(march.sources[0]).toMatchObject({ source: 'Cold calling', under_contract: 1, closed: 0, fees_cents: 0, roi: -1 });
    expect(march.lists).toMatchObject([{ members: 2, under_contract: 1, closed: 0, fees_cents: 0 }, { members: 2, under_contract: 1 }]);
  });

  it('keeps spend per source and month: members read it, admins write it (0 removes it), audited', async () => {
    expect(await ok(s.a, 'GET', '/api/analytics/spend?year=2026')).toEqual({
      year: 2026,
      sources: ['Cold calling', 'Mailers'],
      rows: [
        { source: 'Mailers', month: '2026-02', amount_cents: 280_000, updated_by_name: expect.any(String), updated_at: expect.any(String) },
        { source: 'Cold calling', month: '2026-03', amount_cents: 62_000, updated_by_name: expect.any(String), updated_at: expect.any(String) },
        { source: 'Mailers', month: '2026-03', amount_cents: 310_000, updated_by_name: expect.any(String), updated_at: expect.any(String) },
      ],
    });
    const member = await addMember(t, s.a.organizationId, `spend-${Date.now()}@example.com`);
    expect((await ok(member, 'GET', '/api/analytics/spend?year=2026')).rows).toHaveLength(3);
    expect((await call(member, 'PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-03', amount: 1 })).status).toBe(403);

    const saved = await ok(s.a, 'PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-02', amount: 0 });
    expect(saved.rows.map((r: { source: string; month: string }) => `${r.month} ${r.source}`)).toEqual(['2026-03 Cold calling', '2026-03 Mailers']);
    const changed = await ok(s.a, 'PUT', '/api/analytics/spend', { source: 'Cold calling', month: '2026-03', amount: 0.1 + 0.2 });
    expect(changed.rows[0]).toMatchObject({ source: 'Cold calling', amount_cents: 30 });
    const audits = await withTenant(t.database.db, s.a.organizationId, (tx) =>
      tx.selectFrom('activity_logs').select(['entity_id', 'details']).where('action', '=', 'analytics.spend_saved').orderBy('created_at', 'desc').limit(2).execute());
    expect(audits.map((r) => [r.entity_id, r.details])).toEqual([
      ['2026-03 Cold calling', { source: 'Cold calling', month: '2026-03', amount_cents: 30, before_cents: 62_000 }],
      ['2026-02 Mailers', { source: 'Mailers', month: '2026-02', amount_cents: 0, before_cents: 280_000 }],
    ]);
    // B's spend is B's.
    expect((await ok(s.b, 'GET', '/api/analytics/spend?year=2026')).rows).toMatchObject([{ source: 'Mailers', month: '2026-03', amount_cents: 9_900 }]);
  });

  it('groups sources in SQL exactly as the domain names them', async () => {
    const cases: Array<[string | null, string | null]> = [['Mailers', 'csv_import'], ['  ', 'csv_import'], [null, ' Referral\t'], ['', ''], [null, null], ['\tDriving  for dollars ', null]];
    const { rows } = await withSystem(t.database.db, (tx) =>
      sql<{ name: string }>`select analytics_lead_source(c->>0, c->>1) as name from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, n) order by n`.execute(tx));
    expect(rows.map((r) => r.name)).toEqual(cases.map(([leadSource, source]) => leadSourceName({ lead_source: leadSource, source })));
  });

  it('answers bad input with 400 naming the field', async () => {
    const bad: Array<[string, string, unknown, RegExp]> = [
      ['GET', `/api/analytics/sources?${MARCH}&member=${s.a.userId}`, undefined, /^member: sources and lists are the whole team’s/],
      ['GET', '/api/analytics/sources?from=2026-03-01&to=2026-02-01', undefined, /^to: must be on or after from$/],
      ['GET', '/api/analytics/spend?year=twenty', undefined, /^year: expected a year as YYYY, 1900 or later$/],
      ['GET', `/api/analytics/drill?${MARCH}&metric=source_leads`, undefined, /^source: required for metric source_leads$/],
      ['GET', `/api/analytics/drill?${MARCH}&metric=list_members&list=x`, undefined, /^list: expected a list \(import\) id$/],
      ['PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-3', amount: 1 }, /^month: expected a month as YYYY-MM$/],
      ['PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-03', amount: -5 }, /^amount: must be 0 or more$/],
      ['PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-03', amount: 1.001 }, /^amount: expected whole cents$/],
      ['PUT', '/api/analytics/spend', { source: '', month: '2026-03', amount: 1 }, /^source: expected the source’s name$/],
      ['PUT', '/api/analytics/spend', { source: 'Mailers', month: '2026-03', amount: 1, currency: 'EUR' }, /currency/],
    ];
    for (const [method, url, body, message] of bad) {
      const res = await call(s.a, method as 'GET' | 'PUT', url, body);
      expect(res, `${method} ${url}`).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(message) } } });
    }
  });
});
