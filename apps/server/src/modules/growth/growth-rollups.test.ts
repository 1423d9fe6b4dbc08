import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STAGES, OPEN_DEAL_STAGES, pipelineByDay } from '@wholesail/domain';
import { readAsTenant, withSystem, withTenant, type Tx } from '../../db/scope';
import { afterRandomWrites, expectRowsOfBoth } from '../analytics/rollup-property';
import { daysOf } from '../analytics/service';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { GROWTH_CHECKS, storedAndRecomputed } from './growth.recompute';
import { growthWindow, pipelineChanges } from './service';

/** What the random writes pick from: one organization's leads and deals (ids may be gone: such a write changes nothing). */
interface World {
  organizationId: string;
  leads: string[];
  deals: string[];
}

const BASE = Date.parse('2026-05-01T00:00:00Z');
const at = (hour: number, minute: number) => new Date(BASE + hour * 3_600_000 + minute * 60_000);
const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
const STATUSES = ['new', 'discovery', 'add-to-followup', 'under-contract', 'cold-lead', 'deleted'] as const;
const OPEN: readonly string[] = OPEN_DEAL_STAGES;

const n = fc.nat(1000);
const hour = fc.integer({ min: -30, max: 300 });
const lead = fc.record({ status: fc.constantFrom(...STATUSES), hour, minute: fc.nat(59), contacted: fc.option(fc.integer({ min: -40, max: 400 })) });
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('leads' as const), rows: fc.array(lead, { minLength: 1, maxLength: 4 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('editLead' as const), lead: n, field: fc.constantFrom('status', 'contact', 'uncontact', 'created', 'notes'), value: n }) },
  fc.record({ kind: fc.constant('deleteLead' as const), lead: n }),
  fc.record({ kind: fc.constant('deleteHour' as const), hour: fc.integer({ min: -2, max: 12 }) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deal' as const), lead: n, stage: fc.constantFrom(...DEAL_STAGES), hour }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('moveDeal' as const), deal: n, stages: fc.array(fc.constantFrom(...DEAL_STAGES), { minLength: 1, maxLength: 3 }) }) },
  fc.record({ kind: fc.constant('backdateDeal' as const), deal: n, hour }),
  fc.record({ kind: fc.constant('deleteDeal' as const), deal: n }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Whether the lead has an open deal other than `except` (one open deal per lead). */
async function hasOpenDeal(tx: Tx, w: World, leadId: string, except?: string): Promise<boolean> {
  const { rows } = await sql`select 1 from deals where organization_id = ${w.organizationId} and lead_id = ${leadId} and stage not in ('closed', 'dead')
    and id <> ${except ?? crypto.randomUUID()}`.execute(tx);
  return rows.length > 0;
}

async function refresh(tx: Tx, w: World): Promise<void> {
  w.leads = (await tx.selectFrom('leads').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
  w.deals = (await tx.selectFrom('deals').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
}

/** One random write, in the organization's tenant transaction (as the app writes). */
async function apply(tx: Tx, w: World, o: Op): Promise<void> {
  const org = w.organizationId;
  switch (o.kind) {
    case 'leads': {
      // Several rows in one statement, as an import batch writes them.
      const rows = await tx.insertInto('leads').values(o.rows.map((r) => ({
        organization_id: org, owner_1_name: 'Prop', status: r.status, created_at: at(r.hour, r.minute), lead_source: r.hour % 2 === 0 ? 'Zillow' : null,
        last_contacted_at: r.contacted === null ? null : at(r.hour, r.minute + r.contacted),
      }))).returning('id').execute();
      w.leads.push(...rows.map((r) => r.id));
      return;
    }
    case 'editLead': {
      const id = pick(w.leads, o.lead);
      if (!id) return;
      const v = o.value;
      const set = {
        status: { status: STATUSES[v % STATUSES.length]! },
        contact: { last_contacted_at: at(v % 300, v % 60) },
        uncontact: { last_contacted_at: null },
        created: { created_at: at((v % 40) - 5, v % 60) },
        notes: { notes: `note ${v}` },
      }[o.field];
      await tx.updateTable('leads').set(set).where('organization_id', '=', org).where('id', '=', id).execute();
      return;
    }
    case 'deleteLead':
      await tx.deleteFrom('leads').where('organization_id', '=', org).where('id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return refresh(tx, w);
    case 'deleteHour':
      // Many leads in one statement, as the purge deletes them.
      await tx.deleteFrom('leads').where('organization_id', '=', org).where('created_at', '>=', at(o.hour, 0)).where('created_at', '<', at(o.hour + 1, 0)).execute();
      return refresh(tx, w);
    case 'deal': {
      const leadId = pick(w.leads, o.lead);
      if (!leadId) return;
      const stage = OPEN.includes(o.stage) && (await hasOpenDeal(tx, w, leadId)) ? 'dead' : o.stage;
      w.deals.push((await tx.insertInto('deals').values({ organization_id: org, lead_id: leadId, stage, created_at: at(o.hour, 30) }).returning('id').executeTakeFirstOrThrow()).id);
      return;
    }
    case 'moveDeal': {
      const id = pick(w.deals, o.deal);
      if (!id) return;
      const row = await tx.selectFrom('deals').select('lead_id').where('organization_id', '=', org).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      // Several moves in one transaction: the stages between are held for no time.
      for (const stage of o.stages) {
        if (OPEN.includes(stage) && (await hasOpenDeal(tx, w, row.lead_id, id))) continue;
        await tx.updateTable('deals').set({ stage }).where('organization_id', '=', org).where('id', '=', id).execute();
      }
      return;
    }
    case 'backdateDeal':
      await tx.updateTable('deals').set({ created_at: at(o.hour, 45) }).where('organization_id', '=', org).where('id', '=', pick(w.deals, o.deal) ?? crypto.randomUUID()).execute();
      return;
    case 'deleteDeal':
      await tx.deleteFrom('deals').where('organization_id', '=', org).where('id', '=', pick(w.deals, o.deal) ?? crypto.randomUUID()).execute();
      return refresh(tx, w);
  }
}

describe.each(DB_KINDS)('growth rollups on %s', (kind) => {
  const t = useTestApp(kind);
  let worlds: World[];

  beforeAll(async () => {
    const a = await t.createOrg('Growth rollups A');
    const b = await t.createOrg('Growth rollups B');
    worlds = [a, b].map((org) => ({ organizationId: org.organizationId, leads: [], deals: [] }));
  }, 60_000);

  it('equal a recomputation from the raw rows after random inserts, updates and deletes, cascades included', async () => {
    const db = t.database.db;
    const writes = await afterRandomWrites(db, worlds, op, apply, async () => {
      for (const [name, check] of Object.entries(GROWTH_CHECKS)) {
        const { stored, recomputed } = await storedAndRecomputed(db, check);
        expect(stored, name).toEqual(recomputed);
      }
    }, 20261126);
    await expectRowsOfBoth(db, ['analytics_pipeline_spans', 'analytics_pipeline_hours', 'analytics_uncontacted_hours', 'analytics_speed_hours']);
    expect(writes).toBeGreaterThan(150);
  }, 120_000);

  it('reads the pipeline alike from either end of the history: the spans held at each day’s end', async () => {
    // The random writes above made spans before, inside and after these days (the moves of a status end now).
    const range = { from: '2026-05-03', to: '2026-05-08' };
    const days = daysOf(range);
    for (const w of worlds) {
      await readAsTenant(t.database.db, w.organizationId, async (tx) => {
        const window = await growthWindow(tx, w.organizationId, range);
        for (const kind of ['lead_status', 'deal_stage'] as const) {
          const { rows } = await sql<{ date: string; key: string; n: number }>`
            select d.date, s.key, count(*)::int as n
            from unnest(${sql.val(days)}::text[]) as d(date)
            cross join lateral (select (d.date::date + 1)::timestamp at time zone ${window.timeZone}::text as ends) e
            join analytics_pipeline_spans s on s.organization_id = ${w.organizationId} and s.kind = ${kind} and s.since < e.ends and (s.until is null or s.until >= e.ends)
            group by 1, 2`.execute(tx);
          const held = (date: string, key: string) => rows.find((r) => r.date === date && r.key === key)?.n ?? 0;
          // Now far after the range (the sum before its end) and before it (the counts now less what came since).
          for (const now of [new Date('2040-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')]) {
            const { now: end, changes } = await pipelineChanges(tx, window, days, kind, now);
            const keys = new Set([...rows.map((r) => r.key), ...Object.keys(end)]);
            for (const d of pipelineByDay(days, end, changes)) for (const key of keys) expect(d.counts[key] ?? 0, `${kind} ${key} ${d.date}`).toBe(held(d.date, key));
          }
        }
      });
    }
  });

  it('leaves the rollups alone when a write changes nothing they count', async () => {
    const w = worlds[0]!;
    const id = (await withTenant(t.database.db, w.organizationId, (tx) =>
      tx.insertInto('leads').values({ organization_id: w.organizationId, owner_1_name: 'Quiet', created_at: at(500, 0) }).returning('id').executeTakeFirstOrThrow())).id;
    const version = () => withSystem(t.database.db, (tx) => sql<{ xmin: string }>`
      select (select xmin::text from analytics_uncontacted_hours where organization_id = ${w.organizationId} and hour = ${at(500, 0)})
        || '/' || (select xmin::text from analytics_pipeline_counts where organization_id = ${w.organizationId} and kind = 'lead_status' and key = 'new') as xmin`.execute(tx).then((r) => r.rows[0]!.xmin));
    const before = await version();
    await withTenant(t.database.db, w.organizationId, (tx) => tx.updateTable('leads').set({ notes: 'quiet', motivation_score: 7, status: 'new' }).where('id', '=', id).execute());
    expect(await version()).toBe(before);
    await withTenant(t.database.db, w.organizationId, (tx) => tx.updateTable('leads').set({ status: 'discovery' }).where('id', '=', id).execute());
    expect(await version()).not.toBe(before);
  });
});
