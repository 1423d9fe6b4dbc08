import crypto from 'node:crypto';
import { withSystem, withTenant } from '../../db/scope';
import type { TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** One call row as the fixture writes it (times in UTC). */
export interface FixtureCall {
  user: string | null;
  at: string;
  answered?: boolean;
  duration?: number | null;
  outcome?: string | null;
  lead?: string;
}

/** A lead of `org` with a phone; answers its id. */
export async function fixtureLead(t: TestApp, org: Org, name: string, phone: string): Promise<string> {
  const res = await t.request('POST', '/api/leads', { cookie: org.cookie, body: { owner_1_name: name, property_address_state: 'TX', contact_1_phone1: phone } });
  if (res.statusCode !== 201) throw new Error(`lead: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** Calls written straight into the table, in the organization's tenant transaction (as the app's writes are). */
export async function insertCalls(t: TestApp, organizationId: string, leadId: string, calls: FixtureCall[]): Promise<string[]> {
  return withTenant(t.database.db, organizationId, async (tx) => {
    const ids: string[] = [];
    for (const c of calls) {
      const startedAt = new Date(c.at);
      const row = await tx.insertInto('calls').values({
        organization_id: organizationId, lead_id: c.lead ?? leadId, user_id: c.user, from_e164: '+15125550100', to_e164: '+15125550199', provider: 'demo',
        call_sid: `CA${crypto.randomBytes(16).toString('hex')}`, status: c.answered ? 'completed' : 'no-answer', started_at: startedAt,
        answered_at: c.answered ? new Date(startedAt.getTime() + 5000) : null, duration_sec: c.duration ?? (c.answered ? null : 0), disposition: c.outcome ?? null,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

export interface FixtureText {
  lead: string;
  user?: string | null;
  at: string;
  direction: 'inbound' | 'outbound';
  status?: 'queued' | 'sent' | 'delivered' | 'failed';
  body?: string;
}

/** Texts written straight into the table, one statement each in the order given (a reply looks back at the texts before it). */
export async function insertTexts(t: TestApp, organizationId: string, texts: FixtureText[]): Promise<string[]> {
  return withTenant(t.database.db, organizationId, async (tx) => {
    const ids: string[] = [];
    for (const x of texts) {
      const row = await tx.insertInto('conversations').values({
        organization_id: organizationId, lead_id: x.lead, body: x.body ?? `Text at ${x.at}`, direction: x.direction,
        status: x.direction === 'inbound' ? 'received' : (x.status ?? 'sent'), user_id: x.direction === 'outbound' ? (x.user ?? null) : null,
        from_e164: '+15125550100', to_e164: '+15125550199', created_at: new Date(x.at),
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

export async function insertListing(
  t: TestApp, organizationId: string, row: { phone: string; source: 'sms_opt_out' | 'manual'; lead: string | null; from?: string | null; at: string },
): Promise<void> {
  await withTenant(t.database.db, organizationId, (tx) =>
    tx.insertInto('dnc_numbers').values({
      organization_id: organizationId, phone_e164: row.phone, source: row.source, lead_id: row.lead, opt_out_from: row.from ?? null, created_at: new Date(row.at), reason: 'fixture',
    }).execute(),
  );
}

/** A deal of the lead under contract at `price`, created by `user`. */
export async function insertDeal(t: TestApp, organizationId: string, leadId: string, user: string, price: number): Promise<string> {
  return withTenant(t.database.db, organizationId, async (tx) =>
    (await tx.insertInto('deals').values({ organization_id: organizationId, lead_id: leadId, stage: 'under_contract', contract_price: price, created_by: user }).returning('id').executeTakeFirstOrThrow()).id,
  );
}

export async function insertOffer(t: TestApp, organizationId: string, dealId: string, user: string | null, at: string, amount = 175_000): Promise<string> {
  return withTenant(t.database.db, organizationId, async (tx) =>
    (await tx.insertInto('deal_offers').values({ organization_id: organizationId, deal_id: dealId, amount, created_by: user, created_at: new Date(at) }).returning('id').executeTakeFirstOrThrow()).id,
  );
}

/** A stage event as deals/service.ts changeStage writes it: `to` null is a change of the deal's fields only. */
export async function insertStageEvent(t: TestApp, organizationId: string, dealId: string, user: string | null, at: string, from: string, to: string | null): Promise<string> {
  const changes = to === null ? { closing_date: { from: null, to: '2026-04-01' } } : { stage: { from, to } };
  return withTenant(t.database.db, organizationId, async (tx) =>
    (await tx.insertInto('deal_events').values({
      organization_id: organizationId, deal_id: dealId, kind: 'stage', summary: to ? `Moved to ${to}` : 'Changed the deal', changes: JSON.stringify(changes), user_id: user, created_at: new Date(at),
    }).returning('id').executeTakeFirstOrThrow()).id,
  );
}

/** A second member of the organization, and both members renamed so the reports' names are known. */
export async function twoMembers(t: TestApp, org: Org, ownerName: string, memberName: string) {
  const member = await addMember(t, org.organizationId, `${crypto.randomBytes(4).toString('hex')}@example.com`);
  await withSystem(t.database.db, async (tx) => {
    await tx.updateTable('users').set({ name: ownerName }).where('id', '=', org.userId).execute();
    await tx.updateTable('users').set({ name: memberName }).where('id', '=', member.userId).execute();
  });
  return member;
}
