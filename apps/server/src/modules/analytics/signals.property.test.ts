import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES, leadOutcomes, leadSignalKeys, type SignalLead } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { addToList, insertList, leadRow, type SignalFixtureLead } from './signals.fixture';

/** What the random writes pick from: one organization's leads and lists (ids may be gone: such a write changes nothing). */
interface World {
  organizationId: string;
  leads: string[];
  lists: string[];
}

const n = fc.nat(1000);
const flag = fc.constantFrom(true, false, null);
const fixtureLead = fc.record({
  status: fc.constantFrom(...LEAD_STATUSES),
  contacted: fc.boolean(),
  tax: flag, pre: flag, vacant: flag, vacancyFlag: flag, outOfState: flag,
  equity: fc.constantFrom(null, -5, 0, 25_000, 25_001, 50_000, 99_999.5, 100_001, 150_000, 150_001, 900_000),
  motivation: fc.constantFrom(null, 0, 3.9, 4, 6, 7.99, 8, 10),
  type: fc.constantFrom(null, '', 'Condo', ' condo ', 'Single  Family', 'LAND'),
  years: fc.constantFrom(null, 0, 1.99, 2, 5, 9.5, 10, 20, 60),
  tags: fc.subarray(['hot', 'probate', 'absentee']),
});
const FIELDS = ['status', 'contacted', 'tax', 'pre', 'vacant', 'vacancyFlag', 'outOfState', 'equity', 'motivation', 'type', 'years', 'tags', 'notes'] as const;

const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('leads' as const), rows: fc.array(fixtureLead, { minLength: 1, maxLength: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), lead: n, field: fc.constantFrom(...FIELDS), value: fixtureLead }) },
  fc.record({ kind: fc.constant('editAll' as const), field: fc.constantFrom(...FIELDS), value: fixtureLead }),
  fc.record({ kind: fc.constant('deleteLead' as const), lead: n }),
  fc.record({ kind: fc.constant('list' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), list: n, leads: fc.array(n, { minLength: 1, maxLength: 3 }) }) },
  fc.record({ kind: fc.constant('leave' as const), list: n, lead: n }),
  fc.record({ kind: fc.constant('deleteList' as const), list: n }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);
let made = 0;

/** The columns one field of a fixture lead sets (notes: a write the counters do not read). */
function columnsOf(field: (typeof FIELDS)[number], value: Omit<SignalFixtureLead, 'name' | 'created'>) {
  if (field === 'notes') return { notes: `note ${made}` };
  const row = leadRow('', { name: '', created: '2026-01-01T00:00:00Z', ...value });
  const column = { status: 'status', contacted: 'last_contacted_at', tax: 'tax_delinquent', pre: 'pre_foreclosure', vacant: 'vacant', vacancyFlag: 'vacancy_flag', outOfState: 'out_of_state_owner', equity: 'equity_amount', motivation: 'motivation_score', type: 'property_type', years: 'ownership_length', tags: 'badges' }[field] as keyof typeof row;
  return { [column]: row[column] };
}

async function apply(tx: Tx, w: World, o: Op): Promise<void> {
  const org = w.organizationId;
  const leads = tx.updateTable('leads').where('organization_id', '=', org);
  switch (o.kind) {
    case 'leads': {
      const rows = await tx.insertInto('leads').values(o.rows.map((r) => leadRow(org, { ...r, name: `P${made++}`, created: '2026-02-01T00:00:00Z' }))).returning('id').execute();
      w.leads.push(...rows.map((r) => r.id));
      return;
    }
    case 'edit':
      await leads.set(columnsOf(o.field, o.value)).where('id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return;
    case 'editAll':
      await leads.set(columnsOf(o.field, o.value)).execute();
      return;
    case 'deleteLead':
      await tx.deleteFrom('leads').where('organization_id', '=', org).where('id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return;
    case 'list':
      w.lists.push(await insertList(tx, org, `prop-${made++}.csv`));
      return;
    case 'join': {
      const list = pick(w.lists, o.list);
      const alive = new Set((await tx.selectFrom('leads').select('id').where('organization_id', '=', org).execute()).map((r) => r.id));
      if (list) await addToList(tx, org, list, [...new Set(o.leads.map((i) => pick(w.leads, i)!).filter((id) => alive.has(id)))]);
      return;
    }
    case 'leave':
      await sql`delete from lead_list_members where organization_id = ${org} and import_id = ${pick(w.lists, o.list) ?? crypto.randomUUID()} and lead_id = ${pick(w.leads, o.lead) ?? crypto.randomUUID()}`.execute(tx);
      return;
    case 'deleteList': {
      const list = pick(w.lists, o.list);
      await tx.deleteFrom('lead_imports').where('organization_id', '=', org).where('id', '=', list ?? crypto.randomUUID()).execute();
      w.lists = w.lists.filter((id) => id !== list);
    }
  }
}

type Row = SignalLead & { organization_id: string; id: string; lists: number };

/** The counters as the leads and memberships say they should be, counted in TypeScript by the domain's rule. */
async function recomputed(tx: Tx): Promise<{ counts: string[]; lists: string[] }> {
  const { rows } = await sql<Row>`
    select l.organization_id, l.id, l.status, l.last_contacted_at, l.tax_delinquent, l.pre_foreclosure, l.vacant, l.vacancy_flag, l.out_of_state_owner,
      l.equity_amount, l.motivation_score, l.property_type, l.ownership_length, l.badges,
      (select count(*)::int from lead_list_members m where m.organization_id = l.organization_id and m.lead_id = l.id) as lists
    from leads l`.execute(tx);
  const sums = new Map<string, number[]>();
  for (const lead of rows.filter((r) => r.status !== 'deleted')) {
    const o = leadOutcomes(lead);
    for (const key of leadSignalKeys(lead, lead.lists)) {
      const s = sums.get(`${lead.organization_id} ${key}`) ?? [0, 0, 0, 0];
      sums.set(`${lead.organization_id} ${key}`, [s[0]! + 1, s[1]! + Number(o.contacted), s[2]! + Number(o.offered), s[3]! + Number(o.contracted)]);
    }
  }
  return {
    counts: [...sums].map(([k, v]) => `${k} ${v.join(',')}`).sort(),
    lists: rows.filter((r) => r.lists > 0).map((r) => `${r.organization_id} ${r.id} ${r.lists}`).sort(),
  };
}

async function stored(tx: Tx): Promise<{ counts: string[]; lists: string[] }> {
  const counts = await sql<{ row: string }>`
    select organization_id || ' ' || key || ' ' || concat_ws(',', leads, contacted, offered, contracted) as row from analytics_signal_counts
    where leads <> 0 or contacted <> 0 or offered <> 0 or contracted <> 0`.execute(tx);
  const lists = await sql<{ row: string }>`select organization_id || ' ' || lead_id || ' ' || lists as row from analytics_lead_lists`.execute(tx);
  return { counts: counts.rows.map((r) => r.row).sort(), lists: lists.rows.map((r) => r.row).sort() };
}

describe.each(DB_KINDS)('signals counters on %s', (kind) => {
  const t = useTestApp(kind);
  let worlds: World[];

  beforeAll(async () => {
    const orgs = [await t.createOrg('Signals prop A'), await t.createOrg('Signals prop B')];
    worlds = orgs.map((o) => ({ organizationId: o.organizationId, leads: [], lists: [] }));
  }, 60_000);

  it('equal a recount from the leads and lists after random inserts, edits, deletes and list changes', async () => {
    let writes = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(1), op), { minLength: 15, maxLength: 35 }), async (ops) => {
        for (const [which, o] of ops) {
          const w = worlds[which]!;
          await withTenant(t.database.db, w.organizationId, (tx) => apply(tx, w, o));
          writes += 1;
        }
        const [want, have] = await withSystem(t.database.db, async (tx) => [await recomputed(tx), await stored(tx)]);
        expect(have).toEqual(want);
      }),
      { numRuns: 15, seed: 20260423 },
    );
    const orgs = await withSystem(t.database.db, (tx) => sql<{ n: number }>`select count(distinct organization_id)::int as n from analytics_signal_counts`.execute(tx));
    expect(orgs.rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect(writes).toBeGreaterThan(200);
  }, 120_000);
});
