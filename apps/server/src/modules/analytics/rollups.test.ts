import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_OUTCOMES } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';
import { afterRandomWrites, expectRowsOfBoth } from './rollup-property';
import { ROLLUPS, rollupAndRecomputation } from './rollups.recompute';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** What the random writes pick from: one organization's rows (ids may be gone: a write to a deleted row changes nothing). */
interface World {
  organizationId: string;
  users: Array<string | null>;
  leads: string[];
  calls: string[];
  texts: string[];
  deals: string[];
  offers: string[];
  events: string[];
  listings: string[];
}

const BASE = Date.parse('2026-05-01T00:00:00Z');
const at = (hour: number, minute: number) => new Date(BASE + hour * 3_600_000 + minute * 60_000);
const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
let phones = 0;

const n = fc.nat(1000);
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lead' as const) }) },
  fc.record({ kind: fc.constant('call' as const), lead: n, user: n, hour: fc.nat(5), minute: fc.nat(59), answered: fc.boolean(), duration: fc.option(fc.nat(200)), outcome: fc.option(fc.constantFrom(...CALL_OUTCOMES, 'other')) }),
  fc.record({ kind: fc.constant('editCall' as const), call: n, field: fc.constantFrom('answered', 'duration', 'outcome', 'user', 'hour', 'notes', 'status'), value: n }),
  fc.record({ kind: fc.constant('deleteCall' as const), call: n }),
  fc.record({ kind: fc.constant('text' as const), lead: n, user: n, outbound: fc.boolean(), status: fc.constantFrom('queued', 'sent', 'delivered', 'failed'), hour: fc.nat(5), minute: fc.nat(59) }),
  fc.record({ kind: fc.constant('editText' as const), text: n, field: fc.constantFrom('status', 'read', 'user', 'hour'), value: n }),
  fc.record({ kind: fc.constant('deleteText' as const), text: n }),
  fc.record({ kind: fc.constant('deleteLead' as const), lead: n }),
  fc.record({ kind: fc.constant('listing' as const), lead: n, optOut: fc.boolean(), own: fc.boolean(), hour: fc.nat(5) }),
  fc.record({ kind: fc.constant('editListing' as const), listing: n, field: fc.constantFrom('source', 'hour', 'from'), value: n }),
  fc.record({ kind: fc.constant('deleteListing' as const), listing: n }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deal' as const), lead: n, user: n }) },
  fc.record({ kind: fc.constant('offer' as const), deal: n, user: n, hour: fc.nat(5) }),
  fc.record({ kind: fc.constant('editOffer' as const), offer: n, field: fc.constantFrom('user', 'hour', 'amount'), value: n }),
  fc.record({ kind: fc.constant('stage' as const), deal: n, user: n, to: fc.constantFrom('under_contract', 'closed', 'marketing', null), hour: fc.nat(5) }),
  fc.record({ kind: fc.constant('editStage' as const), event: n, to: fc.constantFrom('under_contract', 'closed', 'dead') }),
  fc.record({ kind: fc.constant('deleteDeal' as const), deal: n }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

/** The member a new inbound text answers, read before it is stored: who sent the lead's latest outbound text up to then. */
async function expectedReplyTo(tx: Tx, w: World, leadId: string, when: Date): Promise<string | null> {
  const { rows } = await sql<{ user_id: string | null }>`
    select user_id from conversations where organization_id = ${w.organizationId} and lead_id = ${leadId} and direction = 'outbound' and created_at <= ${when}
    order by created_at desc limit 1`.execute(tx);
  return rows.length === 0 ? null : (rows[0]!.user_id ?? '');
}

/** After a delete (and its cascade), the leads and deals left: new rows only point at rows that exist. */
async function refreshParents(tx: Tx, w: World): Promise<void> {
  w.leads = (await tx.selectFrom('leads').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
  w.deals = (await tx.selectFrom('deals').select('id').where('organization_id', '=', w.organizationId).orderBy('id').execute()).map((r) => r.id);
}

/** One random write, in the organization's tenant transaction (as the app writes). */
async function apply(tx: Tx, w: World, o: Op): Promise<void> {
  const org = w.organizationId;
  const user = (i: number) => w.users[i % w.users.length]!;
  switch (o.kind) {
    case 'lead':
      w.leads.push((await tx.insertInto('leads').values({ organization_id: org, owner_1_name: 'Prop Lead' }).returning('id').executeTakeFirstOrThrow()).id);
      return;
    case 'call': {
      const lead = pick(w.leads, o.lead);
      if (!lead) return;
      const started = at(o.hour, o.minute);
      const row = await tx.insertInto('calls').values({
        organization_id: org, lead_id: lead, user_id: user(o.user), from_e164: '+15125550100', to_e164: '+15125550199', provider: 'demo', call_sid: `CA${crypto.randomUUID()}`,
        started_at: started, answered_at: o.answered ? started : null, duration_sec: o.duration, disposition: o.outcome,
      }).returning('id').executeTakeFirstOrThrow();
      w.calls.push(row.id);
      return;
    }
    case 'editCall': {
      const id = pick(w.calls, o.call);
      if (!id) return;
      const v = o.value;
      const set = {
        answered: { answered_at: v % 2 === 0 ? null : at(v % 6, 1) },
        duration: { duration_sec: v % 3 === 0 ? null : v % 150 },
        outcome: { disposition: v % 10 === 9 ? null : CALL_OUTCOMES[v % CALL_OUTCOMES.length]! },
        user: { user_id: user(v) },
        hour: { started_at: at(v % 6, v % 60) },
        notes: { notes: `note ${v}` },
        status: { status: v % 2 === 0 ? ('completed' as const) : ('busy' as const) },
      }[o.field];
      await tx.updateTable('calls').set(set).where('organization_id', '=', org).where('id', '=', id).execute();
      return;
    }
    case 'deleteCall':
      await tx.deleteFrom('calls').where('organization_id', '=', org).where('id', '=', pick(w.calls, o.call) ?? crypto.randomUUID()).execute();
      return;
    case 'text': {
      const lead = pick(w.leads, o.lead);
      if (!lead) return;
      const created = at(o.hour, o.minute);
      const expected = o.outbound ? null : await expectedReplyTo(tx, w, lead, created);
      const row = await tx.insertInto('conversations').values({
        organization_id: org, lead_id: lead, body: 'prop', direction: o.outbound ? 'outbound' : 'inbound', status: o.outbound ? o.status : 'received',
        user_id: o.outbound ? user(o.user) : null, created_at: created,
      }).returning(['id', 'reply_to_user_id']).executeTakeFirstOrThrow();
      expect(row.reply_to_user_id).toBe(expected);
      w.texts.push(row.id);
      return;
    }
    case 'editText': {
      const id = pick(w.texts, o.text);
      if (!id) return;
      const v = o.value;
      const q = tx.updateTable('conversations').where('organization_id', '=', org).where('id', '=', id);
      if (o.field === 'status') await q.set({ status: STATUSES[v % 4]! }).where('direction', '=', 'outbound').execute();
      else if (o.field === 'read') await q.set({ read_at: new Date() }).execute();
      else if (o.field === 'user') await q.set({ user_id: user(v) }).where('direction', '=', 'outbound').execute();
      else await q.set({ created_at: at(v % 6, v % 60) }).execute();
      return;
    }
    case 'deleteText':
      await tx.deleteFrom('conversations').where('organization_id', '=', org).where('id', '=', pick(w.texts, o.text) ?? crypto.randomUUID()).execute();
      return;
    case 'deleteLead':
      await tx.deleteFrom('leads').where('organization_id', '=', org).where('id', '=', pick(w.leads, o.lead) ?? crypto.randomUUID()).execute();
      return refreshParents(tx, w);
    case 'listing': {
      const phone = `+1512${String(7_000_000 + phones++).padStart(7, '0')}`;
      const from = o.own ? phone : pick(w.listings, o.lead) ?? null;
      await tx.insertInto('dnc_numbers').values({
        organization_id: org, phone_e164: phone, source: o.optOut ? 'sms_opt_out' : 'manual', lead_id: pick(w.leads, o.lead) ?? null, opt_out_from: o.optOut ? from : null, created_at: at(o.hour, 5),
      }).execute();
      w.listings.push(phone);
      return;
    }
    case 'editListing': {
      const phone = pick(w.listings, o.listing);
      if (!phone) return;
      const set = { source: { source: o.value % 2 === 0 ? ('sms_opt_out' as const) : ('manual' as const) }, hour: { created_at: at(o.value % 6, 7) }, from: { opt_out_from: o.value % 2 === 0 ? phone : null } }[o.field];
      await tx.updateTable('dnc_numbers').set(set).where('organization_id', '=', org).where('phone_e164', '=', phone).execute();
      return;
    }
    case 'deleteListing':
      await tx.deleteFrom('dnc_numbers').where('organization_id', '=', org).where('phone_e164', '=', pick(w.listings, o.listing) ?? '+15120000000').execute();
      return;
    case 'deal': {
      const lead = pick(w.leads, o.lead);
      if (!lead) return;
      w.deals.push((await tx.insertInto('deals').values({ organization_id: org, lead_id: lead, stage: 'closed', created_by: user(o.user) }).returning('id').executeTakeFirstOrThrow()).id);
      return;
    }
    case 'offer': {
      const deal = pick(w.deals, o.deal);
      if (!deal) return;
      const row = await tx.insertInto('deal_offers').values({ organization_id: org, deal_id: deal, amount: 1000, created_by: user(o.user), created_at: at(o.hour, 9) }).returning('id').executeTakeFirstOrThrow();
      w.offers.push(row.id);
      return;
    }
    case 'editOffer': {
      const id = pick(w.offers, o.offer);
      if (!id) return;
      const set = { user: { created_by: user(o.value) }, hour: { created_at: at(o.value % 6, 11) }, amount: { amount: o.value } }[o.field];
      await tx.updateTable('deal_offers').set(set).where('organization_id', '=', org).where('id', '=', id).execute();
      return;
    }
    case 'stage': {
      const deal = pick(w.deals, o.deal);
      if (!deal) return;
      const changes = o.to ? { stage: { from: 'offer_made', to: o.to } } : { notes: { from: null, to: 'x' } };
      const row = await tx.insertInto('deal_events').values({
        organization_id: org, deal_id: deal, kind: 'stage', summary: 'prop', changes: JSON.stringify(changes), user_id: user(o.user), created_at: at(o.hour, 13),
      }).returning('id').executeTakeFirstOrThrow();
      w.events.push(row.id);
      return;
    }
    case 'editStage': {
      const id = pick(w.events, o.event);
      if (!id) return;
      await tx.updateTable('deal_events').set({ changes: JSON.stringify({ stage: { from: 'offer_made', to: o.to } }) }).where('organization_id', '=', org).where('id', '=', id).execute();
      return;
    }
    case 'deleteDeal':
      await tx.deleteFrom('deals').where('organization_id', '=', org).where('id', '=', pick(w.deals, o.deal) ?? crypto.randomUUID()).execute();
      return refreshParents(tx, w);
  }
}

describe.each(DB_KINDS)('analytics rollups on %s', (kind) => {
  const t = useTestApp(kind);
  let worlds: World[];

  beforeAll(async () => {
    const a: Org = await t.createOrg('Rollups A');
    const b: Org = await t.createOrg('Rollups B');
    const member = await addMember(t, a.organizationId, `rollups-${crypto.randomBytes(4).toString('hex')}@example.com`);
    const world = (org: Org, users: Array<string | null>): World => ({ organizationId: org.organizationId, users, leads: [], calls: [], texts: [], deals: [], offers: [], events: [], listings: [] });
    worlds = [world(a, [a.userId, member.userId, null]), world(b, [b.userId, null])];
    // A row of every source in both organizations before the random writes.
    const start: Op[] = [
      { kind: 'lead' }, { kind: 'call', lead: 0, user: 0, hour: 0, minute: 0, answered: true, duration: 90, outcome: 'interested' },
      { kind: 'text', lead: 0, user: 0, outbound: true, status: 'delivered', hour: 0, minute: 1 }, { kind: 'text', lead: 0, user: 0, outbound: false, status: 'sent', hour: 0, minute: 2 },
      { kind: 'listing', lead: 0, optOut: true, own: true, hour: 0 }, { kind: 'deal', lead: 0, user: 0 }, { kind: 'offer', deal: 0, user: 0, hour: 0 },
      { kind: 'stage', deal: 0, user: 0, to: 'under_contract', hour: 0 },
    ];
    for (const w of worlds) for (const o of start) await withTenant(t.database.db, w.organizationId, (tx) => apply(tx, w, o));
  }, 60_000);

  it('equal a recomputation from the raw rows after random inserts, updates and deletes, cascades included', async () => {
    const writes = await afterRandomWrites(t.database.db, worlds, op, apply, async () => {
      for (const table of ROLLUPS) {
        const { stored, recomputed } = await rollupAndRecomputation(t.database.db, table);
        expect(stored, table).toEqual(recomputed);
      }
    }, 20261125);
    // Every rollup holds rows of both organizations.
    await expectRowsOfBoth(t.database.db, ROLLUPS);
    expect(writes).toBeGreaterThan(200);
  }, 60_000);

  it('leaves the rollup row alone when a write changes nothing it counts (notes, status without an answer)', async () => {
    const w = worlds[0]!;
    const lead = (await withTenant(t.database.db, w.organizationId, (tx) => tx.insertInto('leads').values({ organization_id: w.organizationId }).returning('id').executeTakeFirstOrThrow())).id;
    const started = at(30, 0);
    const id = await withTenant(t.database.db, w.organizationId, async (tx) => (await tx.insertInto('calls').values({
      organization_id: w.organizationId, lead_id: lead, user_id: w.users[0]!, from_e164: '+15125550100', to_e164: '+15125550199', provider: 'demo', call_sid: `CA${crypto.randomUUID()}`, started_at: started,
    }).returning('id').executeTakeFirstOrThrow()).id);
    const version = () => withSystem(t.database.db, (tx) => sql<{ xmin: string; dials: number }>`
      select xmin::text, dials from analytics_call_hours where organization_id = ${w.organizationId} and hour = ${started} and user_id = ${w.users[0]!}`.execute(tx).then((r) => r.rows[0]!));
    const before = await version();
    expect(before.dials).toBe(1);
    await withTenant(t.database.db, w.organizationId, (tx) => tx.updateTable('calls').set({ notes: 'called back later', status: 'busy', ended_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute());
    await withTenant(t.database.db, w.organizationId, (tx) => tx.updateTable('calls').set({ duration_sec: 15 }).where('id', '=', id).execute());
    expect(await version()).toEqual(before);
    await withTenant(t.database.db, w.organizationId, (tx) => tx.updateTable('calls').set({ answered_at: started }).where('id', '=', id).execute());
    expect(await version()).not.toEqual(before);
  });
});
