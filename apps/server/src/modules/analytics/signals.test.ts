import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { addToList, insertList, insertSignalLeads, storedCounts, type SignalFixtureLead } from './signals.fixture';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/**
 * Twelve leads of organization A; every expected figure below is counted by hand from this table.
 * Lists: I1 = {L1, L2, L5, L10}, I2 = {L1, L3, L5}, I3 = {L5, L7, L12}. L10 is deleted: it counts nowhere.
 */
const LEADS: SignalFixtureLead[] = [
  { name: 'L1', created: '2026-01-01T10:00:00Z', status: 'closed', contacted: true, tax: true, vacant: true, equity: 200_000, motivation: 9, type: 'Single Family', years: 25, tags: ['absentee', 'probate'] },
  { name: 'L2', created: '2026-01-02T10:00:00Z', status: 'under-contract', contacted: true, tax: true, equity: 120_000, motivation: 7, type: 'single family', years: 12, tags: ['probate'] },
  { name: 'L3', created: '2026-01-03T10:00:00Z', status: 'interested-set-offer', contacted: true, pre: true, vacancyFlag: true, equity: 60_000, motivation: 5, type: 'Condo', years: 6 },
  { name: 'L4', created: '2026-01-04T10:00:00Z', status: 'discovery', contacted: true, outOfState: true, equity: 30_000, motivation: 3, type: 'Condo', years: 3, tags: ['absentee'] },
  { name: 'L5', created: '2026-01-05T10:00:00Z', tax: true, pre: true, vacant: true, outOfState: true, equity: 10_000, years: 1, tags: ['absentee'] },
  { name: 'L6', created: '2026-01-06T10:00:00Z', motivation: 8, type: 'Multi-Family' },
  { name: 'L7', created: '2026-01-07T10:00:00Z', status: 'add-to-followup', contacted: true, tax: true, equity: 160_000, motivation: 6, type: 'single family', years: 20, tags: ['probate', 'hot'] },
  { name: 'L8', created: '2026-01-08T10:00:00Z', status: 'new-untouched', vacant: true, vacancyFlag: false, equity: 0, motivation: 4, type: 'Land', years: 0.5 },
  { name: 'L9', created: '2026-01-09T10:00:00Z', status: 'interested-add-followup', contacted: true, tax: true, outOfState: true, equity: 101_000, motivation: 2, type: 'Condo', years: 8, tags: ['hot'] },
  { name: 'L10', created: '2026-01-10T10:00:00Z', status: 'deleted', contacted: true, tax: true, tags: ['absentee'] },
  { name: 'L11', created: '2026-01-11T10:00:00Z', status: 'closed', pre: true, equity: 25_000, motivation: 10, type: 'Mobile Home', years: 40 },
  { name: 'L12', created: '2026-01-12T10:00:00Z', status: 'interested-set-offer', contacted: true, equity: 50_000, motivation: 0, type: ' single  family ', years: 2, tags: ['hot'] },
];

/** key → [leads, contacted, offered, contracted], by hand. All: 11 live leads; contacted L1–L4, L7, L9, L12; offered L1–L3, L11, L12; contracted L1, L2, L11. */
const EXPECTED: Record<string, number[]> = {
  all: [11, 7, 5, 3],
  tax_delinquent: [5, 4, 2, 2], pre_foreclosure: [3, 1, 2, 1], vacant: [4, 2, 2, 1], out_of_state_owner: [3, 2, 0, 0],
  'signals:0': [2, 1, 1, 0], 'signals:1': [5, 3, 2, 2], 'signals:2': [3, 3, 2, 1], 'signals:4': [1, 0, 0, 0],
  'lists:0': [5, 2, 1, 1], 'lists:1': [4, 4, 3, 1], 'lists:2': [1, 1, 1, 1], 'lists:3': [1, 0, 0, 0],
  'equity:150000': [2, 2, 1, 1], 'equity:100000': [2, 2, 1, 1], 'equity:50000': [1, 1, 1, 0], 'equity:25000': [2, 2, 1, 0], 'equity:0': [3, 0, 1, 1], 'equity:unknown': [1, 0, 0, 0],
  'motivation:very_high': [3, 1, 2, 2], 'motivation:high': [2, 2, 1, 1], 'motivation:medium': [2, 1, 1, 0], 'motivation:low': [3, 3, 1, 0], 'motivation:unknown': [1, 0, 0, 0],
  'property_type:single family': [4, 4, 3, 2], 'property_type:condo': [3, 3, 1, 0], 'property_type:unknown': [1, 0, 0, 0], 'property_type:multi-family': [1, 0, 0, 0],
  'property_type:land': [1, 0, 0, 0], 'property_type:mobile home': [1, 0, 1, 1],
  'years_owned:20': [3, 2, 2, 2], 'years_owned:10': [1, 1, 1, 1], 'years_owned:5': [2, 2, 1, 0], 'years_owned:2': [2, 2, 1, 0], 'years_owned:0': [2, 0, 0, 0], 'years_owned:unknown': [1, 0, 0, 0],
  'tag:absentee': [3, 2, 1, 1], 'tag:probate': [3, 3, 2, 2], 'tag:hot': [3, 3, 1, 0],
};

const ALL = { leads: 11, contacted: 7, offered: 5, contracted: 3 };

describe.each(DB_KINDS)('signals analytics on %s', (kind) => {
  const t = useTestApp(kind);
  const { ok, call } = memberApi(t);
  let a: Org;
  let b: Org;
  let ids: Record<string, string>;
  let lists: string[];

  beforeAll(async () => {
    a = await t.createOrg('Signals A');
    b = await t.createOrg('Signals B');
    const leadIds = await insertSignalLeads(t, a.organizationId, LEADS);
    ids = Object.fromEntries(LEADS.map((l, i) => [l.name, leadIds[i]!]));
    lists = await withTenant(t.database.db, a.organizationId, async (tx) => {
      const made = [await insertList(tx, a.organizationId, 'i1.csv'), await insertList(tx, a.organizationId, 'i2.csv'), await insertList(tx, a.organizationId, 'i3.csv')];
      const members = [['L1', 'L2', 'L5', 'L10'], ['L1', 'L3', 'L5'], ['L5', 'L7', 'L12']];
      for (const [i, names] of members.entries()) await addToList(tx, a.organizationId, made[i]!, names.map((n) => ids[n]!));
      return made;
    });
    // B's leads share A's tags and signals; A's figures must not see them.
    await insertSignalLeads(t, b.organizationId, [
      { name: 'B1', created: '2026-01-01T00:00:00Z', status: 'closed', contacted: true, tax: true, tags: ['absentee'] },
      { name: 'B2', created: '2026-01-02T00:00:00Z', vacant: true, tags: ['birch only'] },
    ]);
  }, 60_000);

  it('counts every key of every live lead, by hand', async () => {
    expect(await withTenant(t.database.db, a.organizationId, (tx) => storedCounts(tx, a.organizationId))).toEqual(EXPECTED);
  });

  it('reports rates with their counts, the lift against all leads and too few to tell', async () => {
    const report = await ok(a, 'GET', '/api/analytics/signals');
    expect(report.min_sample).toBe(30);
    expect(report.all).toEqual({
      ...ALL, contact_rate: 7 / 11, offer_rate: 5 / 11, contract_rate: 3 / 11, lift_contact: 1, lift_offer: 1, lift_contract: 1, enough: false,
    });
    const row = (key: string) => report.rows.find((r: { key: string }) => r.key === key);
    expect(row('tax_delinquent')).toEqual({
      key: 'tax_delinquent', label: 'Tax delinquent', group: 'distress', leads: 5, contacted: 4, contact_rate: 0.8, offered: 2, offer_rate: 0.4, contracted: 2, contract_rate: 0.4,
      lift_contact: 0.8 / (7 / 11), lift_offer: 0.4 / (5 / 11), lift_contract: 0.4 / (3 / 11), enough: false,
    });
    expect(row('out_of_state_owner')).toMatchObject({ offer_rate: 0, lift_offer: 0, contract_rate: 0, lift_contract: 0 });
    expect(row('equity:50000')).toMatchObject({ label: 'Equity over $50,000 up to $100,000', group: 'equity', leads: 1, contract_rate: 0, lift_contract: 0 });
    // Every fixed band is listed, in order, zeros included; then property types and tags by size.
    expect(report.rows.map((r: { key: string }) => r.key)).toEqual([
      'tax_delinquent', 'pre_foreclosure', 'vacant', 'out_of_state_owner',
      'equity:150000', 'equity:100000', 'equity:50000', 'equity:25000', 'equity:0', 'equity:unknown',
      'motivation:very_high', 'motivation:high', 'motivation:medium', 'motivation:low', 'motivation:unknown',
      'years_owned:20', 'years_owned:10', 'years_owned:5', 'years_owned:2', 'years_owned:0', 'years_owned:unknown',
      'property_type:single family', 'property_type:condo', 'property_type:land', 'property_type:mobile home', 'property_type:multi-family', 'property_type:unknown',
      'tag:absentee', 'tag:hot', 'tag:probate',
    ]);
    for (const r of report.rows) expect([r.leads, r.contacted, r.offered, r.contracted], r.key).toEqual(EXPECTED[r.key] ?? [0, 0, 0, 0]);
    expect(report.omitted).toEqual({ property_type: 0, tag: 0 });
  });

  it('stacks leads by signals at once and by lists, most stacked first', async () => {
    const { stacks } = await ok(a, 'GET', '/api/analytics/signals');
    expect(stacks.signals.map((s: { key: string; leads: number }) => [s.key, s.leads])).toEqual([['signals:4', 1], ['signals:3', 0], ['signals:2', 3], ['signals:1', 5], ['signals:0', 2]]);
    expect(stacks.lists.map((s: { label: string; count: number; contracted: number }) => [s.label, s.count, s.contracted])).toEqual([
      ['On 3 imported lists', 3, 0], ['On 2 imported lists', 2, 1], ['On 1 imported list', 1, 1], ['On no imported list', 0, 1],
    ]);
    expect(stacks.lists[2]).toMatchObject({ leads: 4, offered: 3, offer_rate: 0.75, lift_offer: 0.75 / (5 / 11) });
  });

  it('suggests no weight on twelve leads: every signal has too few to tell', async () => {
    const { weights } = await ok(a, 'GET', '/api/analytics/signals');
    // 3 contracted leads are too few to judge by; 5 offered are enough for the offer rate, had any signal 30 leads.
    expect(weights.basis).toBe('offer');
    expect(weights.items.map((w: { key: string; fixed: number; suggested: number | null }) => [w.key, w.fixed, w.suggested])).toEqual([
      ['tax_delinquent', 12, null], ['pre_foreclosure', 15, null], ['vacant', 10, null], ['out_of_state_owner', 8, null],
      ['equity:150000', 20, null], ['equity:100000', 15, null], ['equity:50000', 10, null], ['equity:25000', 5, null],
    ]);
  });

  it('lists the leads behind a number, newest first, with the figure as the total', async () => {
    const names = (body: { items: Array<{ name: string }> }) => body.items.map((i) => i.name);
    const contracted = await ok(a, 'GET', '/api/analytics/signals/leads?key=tax_delinquent&measure=contracted');
    expect(contracted).toEqual({
      total: 2,
      items: [
        { id: ids.L2, name: 'L2', address: null, status: 'under-contract', status_label: 'Under contract', last_contacted_at: '2026-04-01T15:00:00.000Z', href: `/leads/${ids.L2}` },
        { id: ids.L1, name: 'L1', address: null, status: 'closed', status_label: 'Closed', last_contacted_at: '2026-04-01T15:00:00.000Z', href: `/leads/${ids.L1}` },
      ],
    });
    expect(names(await ok(a, 'GET', '/api/analytics/signals/leads?key=vacant'))).toEqual(['L8', 'L5', 'L3', 'L1']);
    expect(names(await ok(a, 'GET', '/api/analytics/signals/leads?key=tag:absentee'))).toEqual(['L5', 'L4', 'L1']);
    expect(names(await ok(a, 'GET', '/api/analytics/signals/leads?key=lists:1&measure=offered'))).toEqual(['L12', 'L3', 'L2']);
    expect(names(await ok(a, 'GET', '/api/analytics/signals/leads?key=lists:0'))).toEqual(['L11', 'L9', 'L8', 'L6', 'L4']);
    expect(names(await ok(a, 'GET', `/api/analytics/signals/leads?key=${encodeURIComponent('property_type:single family')}&measure=contacted`))).toEqual(['L12', 'L7', 'L2', 'L1']);
    expect(names(await ok(a, 'GET', '/api/analytics/signals/leads?key=equity:0'))).toEqual(['L11', 'L8', 'L5']);
    const page = await ok(a, 'GET', '/api/analytics/signals/leads?key=all&limit=4&offset=4');
    expect([page.total, names(page)]).toEqual([11, ['L7', 'L6', 'L5', 'L4']]);
    expect(await ok(a, 'GET', '/api/analytics/signals/leads?key=tag:birch%20only')).toEqual({ items: [], total: 0 });
  });

  it('refuses bad input with the field named', async () => {
    for (const [query, message] of [
      ['key=bogus', 'key: expected a signal key such as tax_delinquent, equity:50000 or tag:vacant'],
      ['', 'key: expected a signal key such as tax_delinquent, equity:50000 or tag:vacant'],
      ['key=vacant&measure=calls', 'measure: expected one of leads, contacted, offered, contracted'],
      ['key=vacant&limit=500', 'limit: expected a number from 1 to 200'],
    ] as const) {
      expect(await call(a, 'GET', `/api/analytics/signals/leads?${query}`), query).toMatchObject({ status: 400, body: { error: { message } } });
    }
  });

  it('keeps each organization to its own leads', async () => {
    const report = await ok(b, 'GET', '/api/analytics/signals');
    expect(report.all).toMatchObject({ leads: 2, contacted: 1, offered: 1, contracted: 1 });
    expect(report.rows.filter((r: { group: string }) => r.group === 'tag').map((r: { key: string; leads: number }) => [r.key, r.leads])).toEqual([['tag:absentee', 1], ['tag:birch only', 1]]);
    expect((await ok(b, 'GET', '/api/analytics/signals/leads?key=tax_delinquent')).items.map((i: { name: string }) => i.name)).toEqual(['B1']);
  });

  it('shows lift and suggests weights once there are enough leads and contracts', async () => {
    // 60 leads: tax delinquent 0–29, pre-foreclosure 20–54; contacted when even; closed 0–5, 40 and 50; offer set 10, 25, 45.
    const c = await t.createOrg('Signals C');
    const closed = new Set([0, 1, 2, 3, 4, 5, 40, 50]);
    await insertSignalLeads(t, c.organizationId, Array.from({ length: 60 }, (_, i) => ({
      name: `C${i}`, created: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), contacted: i % 2 === 0, tax: i < 30, pre: i >= 20 && i < 55,
      status: closed.has(i) ? 'closed' : [10, 25, 45].includes(i) ? 'interested-set-offer' : 'new',
    })));
    const report = await ok(c, 'GET', '/api/analytics/signals');
    expect(report.all).toMatchObject({ leads: 60, contacted: 30, offered: 11, contracted: 8 });
    const row = (key: string) => report.rows.find((r: { key: string }) => r.key === key);
    expect(row('tax_delinquent')).toMatchObject({ leads: 30, contacted: 15, offered: 8, contracted: 6, contract_rate: 0.2, lift_contract: 0.2 / (8 / 60), enough: true });
    expect(row('pre_foreclosure')).toMatchObject({ leads: 35, contacted: 18, offered: 4, contracted: 2, lift_contract: 2 / 35 / (8 / 60), enough: true });
    // Judged on contracts (8 ≥ 5): tax (12) and pre-foreclosure (15) share 27 points; only tax beats all leads.
    expect(report.weights.basis).toBe('contract');
    const weight = (key: string) => report.weights.items.find((w: { key: string }) => w.key === key);
    expect([weight('tax_delinquent').suggested, weight('pre_foreclosure').suggested, weight('vacant').suggested]).toEqual([27, 0, null]);
    expect(report.stacks.signals.map((s: { leads: number; enough: boolean }) => [s.leads, s.enough])).toEqual([[0, false], [0, false], [10, false], [45, true], [5, false]]);
  });

  it('follows edits, soft and hard deletes, and a list removed with its memberships', async () => {
    await withTenant(t.database.db, a.organizationId, async (tx) => {
      // L6 is called and gets an offer; L2 is deleted (soft); L5 is removed for good (its 3 memberships go with it);
      // list 3 is removed (L7 and L12 leave it).
      await tx.updateTable('leads').set({ last_contacted_at: new Date(), status: 'interested-set-offer', badges: ['hot'] }).where('id', '=', ids.L6!).execute();
      await tx.updateTable('leads').set({ status: 'deleted', deleted_at: new Date() }).where('id', '=', ids.L2!).execute();
      await tx.deleteFrom('leads').where('id', '=', ids.L5!).execute();
      await tx.deleteFrom('lead_imports').where('id', '=', lists[2]!).execute();
      // A write that changes nothing counted leaves the counters alone.
      await tx.updateTable('leads').set({ notes: 'called back', last_call_at: new Date() }).where('id', '=', ids.L1!).execute();
    });
    const counts = await withTenant(t.database.db, a.organizationId, (tx) => storedCounts(tx, a.organizationId));
    expect(counts.all).toEqual([9, 7, 5, 2]);
    expect([counts.tax_delinquent, counts['tag:hot'], counts['signals:4'], counts['lists:3']]).toEqual([[3, 3, 1, 1], [4, 4, 2, 0], undefined, undefined]);
    // Lists now: L1 on 2 (I1, I2), L3 on 1 (I2); everyone else on none.
    expect([counts['lists:0'], counts['lists:1'], counts['lists:2']]).toEqual([[7, 5, 3, 1], [1, 1, 1, 0], [1, 1, 1, 1]]);
    // The list counts of the leads still there, deleted ones included (a restored lead comes back on its lists).
    const { rows } = await withTenant(t.database.db, a.organizationId, (tx) => sql<{ lead_id: string; lists: number }>`select lead_id, lists from analytics_lead_lists`.execute(tx));
    const nameOf = (id: string) => Object.keys(ids).find((n) => ids[n] === id);
    expect(Object.fromEntries(rows.map((r) => [nameOf(r.lead_id), r.lists]))).toEqual({ L1: 2, L2: 1, L3: 1, L10: 1 });
  });
});
