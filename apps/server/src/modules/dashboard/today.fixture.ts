import { withTenant } from '../../db/scope';
import type { TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { fixtureLead, insertCalls, twoMembers } from '../analytics/analytics.fixture';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/**
 * Wednesday 15 April 2026, 14:00 in New York (the default reporting zone, EDT = UTC−4): today runs from 04:00 UTC on the
 * 15th to 04:00 UTC on the 16th, yesterday from 04:00 UTC on the 14th. 13:00 in Texas, inside its calling hours.
 */
export const NOW = new Date('2026-04-15T18:00:00Z');

/** A pending (or done) task of a lead, from a call or not, due at `due`. */
async function insertTask(t: TestApp, org: Org, lead: string, due: string, extra: { call?: string; status?: 'pending' | 'done'; reason?: string } = {}) {
  await withTenant(t.database.db, org.organizationId, (tx) =>
    tx.insertInto('ai_tasks').values({
      organization_id: org.organizationId, lead_id: lead, call_id: extra.call ?? null, task_type: 'follow_up', status: extra.status ?? 'pending',
      proposed_time: new Date(due), reason: extra.reason ?? null, suggested_message: null, created_by: org.userId,
    }).execute(),
  );
}

async function setLead(t: TestApp, org: Org, lead: string, values: { created_at?: Date; dnc_status?: boolean }) {
  await withTenant(t.database.db, org.organizationId, (tx) => tx.updateTable('leads').set(values).where('organization_id', '=', org.organizationId).where('id', '=', lead).execute());
}

/**
 * Organization A's day, every row placed around NOW; organization B has an overdue follow-up, a call and a lead of
 * today that A must not see. Each lead has its own number (none is the calls' to-number, so no call limit applies).
 */
export async function seedToday(t: TestApp) {
  const { ok } = memberApi(t);
  const a = await t.createOrg('Today A');
  const b = await t.createOrg('Today B');
  const m = await twoMembers(t, a, 'Olive Owner', 'Mira Member');
  const lead = (name: string, n: number, org: Org = a) => fixtureLead(t, org, name, `51255501${String(n).padStart(2, '0')}`);
  const [ana, ben, cal, dee, eve, fay, gil, nia, nell, olaf, zed, gus, hal] = await Promise.all([
    lead('Ana Overdue', 1), lead('Ben Today', 2), lead('Cal Tomorrow', 3), lead('Dee Donotcall', 4), lead('Eve Callback', 5), lead('Fay Calledback', 6),
    lead('Gil Later', 7), lead('Nia New', 8), lead('Nell Newest', 9), lead('Olaf Old', 10), lead('Zed Deleted', 11), lead('Gus Deal', 12), lead('Hal Deal', 13),
  ]);
  // Every lead is old but three: Nia at 00:30 yesterday and Nell this morning count as new; Olaf at 23:30 the day before does not.
  for (const id of [ana, ben, cal, dee, eve, fay, gil, zed, gus, hal]) await setLead(t, a, id, { created_at: new Date('2026-04-01T12:00:00Z') });
  await setLead(t, a, nia, { created_at: new Date('2026-04-14T04:30:00Z') });
  await setLead(t, a, nell, { created_at: new Date('2026-04-15T13:00:00Z') });
  await setLead(t, a, olaf, { created_at: new Date('2026-04-14T03:30:00Z') });
  await setLead(t, a, dee, { dnc_status: true });

  const [anaCall] = await insertCalls(t, a.organizationId, ana, [{ user: a.userId, at: '2026-04-14T15:00:00Z', answered: true, duration: 90, outcome: 'interested' }]);
  const [eveCall] = await insertCalls(t, a.organizationId, eve, [{ user: m.userId, at: '2026-04-14T15:00:00Z', answered: true, duration: 40, outcome: 'callback_requested' }]);
  const [fayCall] = await insertCalls(t, a.organizationId, fay, [{ user: m.userId, at: '2026-04-14T15:30:00Z', answered: true, duration: 40, outcome: 'callback_requested' }]);
  const [gilCall] = await insertCalls(t, a.organizationId, gil, [{ user: m.userId, at: '2026-04-14T16:00:00Z', answered: true, duration: 40, outcome: 'callback_requested' }]);
  // Today's dials: 23:30 yesterday is not today's; 00:30, Fay's callback at 10:00 and Mira's unanswered dial at 11:00 are.
  await insertCalls(t, a.organizationId, nia, [
    { user: a.userId, at: '2026-04-15T03:30:00Z', answered: true, duration: 30 },
    { user: a.userId, at: '2026-04-15T04:30:00Z', answered: true, duration: 30 },
  ]);
  await insertCalls(t, a.organizationId, fay, [{ user: a.userId, at: '2026-04-15T14:00:00Z', answered: true, duration: 60, outcome: 'interested' }]);
  await insertCalls(t, a.organizationId, ben, [{ user: m.userId, at: '2026-04-15T15:00:00Z' }]);

  await insertTask(t, a, ana, '2026-04-14T14:00:00Z', { call: anaCall, reason: 'interested: wants a number' });
  await insertTask(t, a, dee, '2026-04-15T13:00:00Z', { reason: 'Send the offer' });
  await insertTask(t, a, ben, '2026-04-15T20:00:00Z');
  await insertTask(t, a, ben, '2026-04-15T12:00:00Z', { status: 'done' });
  await insertTask(t, a, cal, '2026-04-16T14:00:00Z');
  await insertTask(t, a, zed, '2026-04-15T12:00:00Z');
  await insertTask(t, a, eve, '2026-04-14T21:00:00Z', { call: eveCall, reason: 'callback_requested' });
  await insertTask(t, a, fay, '2026-04-15T13:00:00Z', { call: fayCall, reason: 'callback_requested' });
  await insertTask(t, a, gil, '2026-04-15T21:00:00Z', { call: gilCall, reason: 'callback_requested' });
  await ok(a, 'DELETE', `/api/leads/${zed}`, undefined, 204);

  // Gus: earnest money passed yesterday, closing in 2 days (inspection in 10 is further off); Hal closes in 5.
  const contract = async (leadId: string, dates: Record<string, string>) => {
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: leadId }, 201);
    await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract', fields: { contract_price: 150_000, ...dates } });
    return deal.id as string;
  };
  const gusDeal = await contract(gus, { earnest_money_due: '2026-04-14', inspection_ends: '2026-04-25', closing_date: '2026-04-17' });
  await contract(hal, { closing_date: '2026-04-20' });

  const bLead = await lead('Bea Other', 20, b);
  await insertTask(t, b, bLead, '2026-04-14T14:00:00Z');
  await insertCalls(t, b.organizationId, bLead, [{ user: b.userId, at: '2026-04-15T14:00:00Z', answered: true, duration: 30 }]);

  return { a, b, m, leads: { ana, ben, dee, eve, gil, gus }, calls: { eveCall, gilCall }, gusDeal };
}
