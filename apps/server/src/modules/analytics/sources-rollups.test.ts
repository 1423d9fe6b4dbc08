import crypto from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { afterRandomWrites, expectRowsOfBoth } from './rollup-property';
import { SOURCE_ROLLUPS, sourceRollupAndRecomputation } from './sources-rollups.recompute';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** One organization's rows the random writes pick from (ids may be gone: a write to a deleted row changes nothing). */
interface World {
  organizationId: string;
  leads: string[];
  deals: string[];
  lists: string[];
  /** The first contact each lead should keep: its first last_contacted_at. */
  firstContact: Map<string, string | null>;
}

const BASE = Date.parse('2026-05-01T00:00:00Z');
const at = (hour: number, minute = 0) => new Date(BASE + hour * 3_600_000 + minute * 60_000);
const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
const SOURCES = ['Mailers', ' Mailers ', 'Cold calling', '', null] as const;
const STAGES = ['analyzing', 'under_contract', 'marketing', 'closed', 'dead'] as const;

const n = fc.nat(1000);
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('leads' as const), count: fc.integer({ min: 1, max: 3 }), source: n, hour: fc.nat(5), contacted: fc.option(fc.nat(5)) }) },
  fc.record({ kind: fc.constant('editLead' as const), lead: n, field: fc.constantFrom('lead_source', 'source', 'created', 'contact', 'status'), value: n }),
  fc.record({ kind: fc.constant('deleteLead' as const), lead: n }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deal' as const), lead: n, stage: n, contracted: fc.option(fc.nat(5)), closed: fc.option(fc.nat(5)), fee: fc.option(fc.nat(20_000)), actual: fc.option(fc.nat(20_000)) }) },
  fc.record({ kind: fc.constant('editDeal' as const), deal: n, field: fc.constantFrom('stage', 'contracted', 'closed', 'fee', 'lead', 'notes'), value: n }),
  fc.record({ kind: fc.constant('deleteDeal' as const), deal: n }),
  fc.record({ kind: fc.constant('list' as const) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('members' as const), list: n, leads: fc.array(n, { minLength: 1, maxLength: 3 }) }) },
  fc.record({ kind: fc.constant('removeMember' as const), list: n, lead: n }),
  fc.record({ kind: fc.constant('deleteList' as const), list: n }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function refresh(tx: Tx, w: World): Promise<void> {
  w.leads = (await tx.selectFrom('leads').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
  w.deals = (await tx.selectFrom('deals').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
  w.lists = (await tx.selectFrom('lead_imports').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
}

/** One random write, in the organization's tenant transaction (as the app writes). */
async function apply(tx: Tx, w: World, o: Op): Promise<void> {
  const org = w.organizationId;
  switch (o.kind) {
    case 'leads': {
      // Several rows in one statement: the statement-level trigger's path, as an import batch.
      const contacted = o.contacted === null ? null : at(o.contacted, 30);
      const rows = Array.from({ length: o.count }, (_, i) => ({
        organization_id: org, owner_1_name: 'Prop', lead_source: SOURCES[(o.source + i) % SOURCES.length], source: i % 2 === 0 ? 'csv_import' : null,
        created_at: at(o.hour, i), last_contacted_at: contacted,
      }));
      for (const r of await tx.insertInto('leads').values(rows).returning('id').execute()) {
        w.leads.push(r.id);
        w.firstContact.set(r.id, contacted?.toISOString() ?? null);
      }
      return;
    }
    case 'editLead': {
      const id = pick(w.leads, o.lead);
      if (!id) return;
      const v = o.value;
      const set = {
        lead_source: { lead_source: SOURCES[v % SOURCES.length] },
        source: { source: v % 2 === 0 ? 'csv_import' : 'Referral' },
        created: { created_at: at(v % 6, 7) },
        contact: { last_contacted_at: at(v % 6, 45) },
        status: { status: v % 2 === 0 ? 'deleted' : 'new' },
      }[o.field];
      await tx.updateTable('leads').set(set).where('organization_id', '=', org).where('id', '=', id).execute();
      if (o.field === 'contact' && !w.firstContact.get(id)) w.firstContact.set(id, at(v % 6, 45).toISOString());
      return;
    }
    case 'deleteLead':
      await tx.deleteFrom('leads').where('organization_id', '=', org).where('id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return refresh(tx, w);
    case 'deal': {
      const lead = pick(w.leads, o.lead);
      if (!lead) return;
      // One open deal per lead: a lead's second is closed or dead.
      const open = await tx.selectFrom('deals').select('id').where('organization_id', '=', org).where('lead_id', '=', lead).where('stage', 'not in', ['closed', 'dead']).executeTakeFirst();
      const stage = open ? (o.stage % 2 === 0 ? 'closed' : 'dead') : STAGES[o.stage % STAGES.length]!;
      const row = await tx.insertInto('deals').values({
        organization_id: org, lead_id: lead, stage, contracted_at: o.contracted === null ? null : at(o.contracted, 15), closed_at: o.closed === null ? null : at(o.closed, 20),
        assignment_fee: o.fee === null ? null : o.fee + 0.25, assignment_fee_actual: o.actual,
      }).returning('id').executeTakeFirstOrThrow();
      w.deals.push(row.id);
      return;
    }
    case 'editDeal': {
      const id = pick(w.deals, o.deal);
      if (!id) return;
      const v = o.value;
      const q = tx.updateTable('deals').where('organization_id', '=', org).where('id', '=', id);
      if (o.field === 'stage') await q.set({ stage: v % 2 === 0 ? 'closed' : 'dead' }).execute();
      else if (o.field === 'contracted') await q.set({ contracted_at: v % 3 === 0 ? null : at(v % 6, 25) }).execute();
      else if (o.field === 'closed') await q.set({ closed_at: v % 3 === 0 ? null : at(v % 6, 35) }).execute();
      else if (o.field === 'fee') await q.set(v % 2 === 0 ? { assignment_fee_actual: v % 4 === 0 ? null : v * 10.5 } : { assignment_fee: v }).execute();
      else if (o.field === 'notes') await q.set({ notes: `note ${v}` }).execute();
      else {
        const lead = pick(w.leads, v);
        if (lead) await q.set({ lead_id: lead, stage: 'dead' }).execute();
      }
      return;
    }
    case 'deleteDeal':
      await tx.deleteFrom('deals').where('organization_id', '=', org).where('id', '=', pick(w.deals, o.deal) ?? crypto.randomUUID()).execute();
      return refresh(tx, w);
    case 'list':
      w.lists.push((await tx.insertInto('lead_imports').values({ organization_id: org, filename: 'prop.csv', status: 'completed' }).returning('id').executeTakeFirstOrThrow()).id);
      return;
    case 'members': {
      const list = pick(w.lists, o.list);
      const leads = [...new Set(o.leads.map((i) => pick(w.leads, i)).filter((l): l is string => l !== undefined))];
      if (!list || leads.length === 0) return;
      await tx.insertInto('lead_list_members').values(leads.map((lead) => ({ organization_id: org, import_id: list, lead_id: lead }))).onConflict((oc) => oc.doNothing()).execute();
      return;
    }
    case 'removeMember':
      await tx.deleteFrom('lead_list_members').where('organization_id', '=', org).where('import_id', '=', pick(w.lists, o.list) ?? crypto.randomUUID())
        .where('lead_id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return;
    case 'deleteList':
      await tx.deleteFrom('lead_imports').where('organization_id', '=', org).where('id', '=', pick(w.lists, o.list) ?? crypto.randomUUID()).execute();
      return refresh(tx, w);
  }
}

describe.each(DB_KINDS)('source and list counters on %s', (kind) => {
  const t = useTestApp(kind);
  let worlds: World[];

  beforeAll(async () => {
    const orgs: Org[] = [await t.createOrg('Sources rollups A'), await t.createOrg('Sources rollups B')];
    worlds = orgs.map((org) => ({ organizationId: org.organizationId, leads: [], deals: [], lists: [], firstContact: new Map() }));
    // Rows of every kind in both organizations before the random writes.
    const start: Op[] = [
      { kind: 'leads', count: 2, source: 0, hour: 0, contacted: 1 }, { kind: 'list' }, { kind: 'members', list: 0, leads: [0, 1] },
      { kind: 'deal', lead: 0, stage: 3, contracted: 1, closed: 2, fee: 1000, actual: null },
    ];
    for (const w of worlds) for (const o of start) await withTenant(t.database.db, w.organizationId, (tx) => apply(tx, w, o));
  }, 60_000);

  it('equal a recomputation from leads, deals and list members after random inserts, updates and deletes, cascades included', async () => {
    const db = t.database.db;
    const writes = await afterRandomWrites(db, worlds, op, apply, async () => {
      for (const table of SOURCE_ROLLUPS) {
        const { stored, recomputed } = await sourceRollupAndRecomputation(db, table);
        expect(stored, table).toEqual(recomputed);
      }
      // A lead keeps its first contact whatever later contacts do.
      const firsts = await withSystem(db, (tx) => tx.selectFrom('leads').select(['id', 'first_contacted_at']).where('organization_id', 'in', worlds.map((w) => w.organizationId)).execute());
      for (const lead of firsts) {
        const expected = worlds.map((w) => w.firstContact.get(lead.id)).find((v) => v !== undefined);
        expect(lead.first_contacted_at === null ? null : new Date(lead.first_contacted_at).toISOString(), lead.id).toBe(expected ?? null);
      }
    }, 20260301);
    await expectRowsOfBoth(db, SOURCE_ROLLUPS);
    expect(writes).toBeGreaterThan(200);
  }, 120_000);
});
