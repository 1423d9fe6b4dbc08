import crypto from 'node:crypto';
import { formatListedDate, formatPhone, type RealtimeEvent } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, waitFor } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { ingestTranscription } from '../transcription/ingest';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;
type Lead = { id: string; dnc_status: boolean; dnc_numbers: Array<{ phone_e164: string; source: string; reason: string | null; created_at: string }> };

const FROM = '+15125550171';
/** A 10-digit number of this suite: 512-555-7nnn. */
const num = (n: number) => `512555${String(7000 + n)}`;
const e164 = (n: number) => `+1${num(n)}`;
/** The day a Texas lead's listing is dated in. */
const listedMessage = (phone: string, label: string, createdAt: string) =>
  `${formatPhone(phone)} is on the Do Not Call list (${label}, ${formatListedDate(createdAt, 'America/Chicago')})`;

describe.each(DB_KINDS)('Do-Not-Contact list: the gate, the ways numbers are listed, replies on the right lead, on %s', (kind) => {
  // The demo line rings and replies slowly: nothing arrives on its own during a test.
  const t = useTestApp(kind, { DEMO_RING_MS: '600000', DEMO_SMS_DELIVERY_MS: '50', DEMO_SMS_REPLY_MS: '600000' });
  let a: Owner;

  beforeAll(async () => {
    a = await t.createOrg('DNC gate A');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    t.app.services.calls.clock = () => DAYTIME;
    t.app.services.conversations.clock = () => DAYTIME;
  });

  const newLead = async (name: string, fields: Record<string, unknown>): Promise<Lead> => {
    const res = await t.request('POST', '/api/leads', {
      cookie: a.cookie, body: { owner_1_name: name, property_address_full: `${name} St, Austin, TX`, property_address_state: 'TX', property_address_zipcode: '78701', ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const getLead = async (id: string): Promise<Lead> => (await t.request('GET', `/api/leads/${id}`, { cookie: a.cookie })).json();
  const dial = (leadId: string, to: string) => t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: leadId, from_e164: FROM, to_e164: to } });
  const text = (leadId: string, body: string) => t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: leadId, body } });
  const textIn = (from: string, body: string) =>
    t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from, to: FROM, body });
  const listed = async (search: string) => (await t.request('GET', `/api/dnc?search=${encodeURIComponent(search)}`, { cookie: a.cookie })).json().items;
  const completeCall = async (leadId: string, to: string, body: Record<string, unknown>) => {
    const call = await dial(leadId, to);
    expect(call.statusCode, call.body).toBe(201);
    return { call: call.json() as { call_id: string; call_sid: string }, complete: () => t.request('POST', `/api/calls/${call.json().call_id}/complete`, { cookie: a.cookie, body }) };
  };

  it('an opt-out by text through lead A blocks calls and texts through lead B, which has the number in another field', async () => {
    const leadA = await newLead('Shared Owner A', { contact_1_phone1: num(1), phone: num(2) });
    const leadB = await newLead('Shared Owner B', { phone: num(1), contact_1_phone1: num(3) });
    const changes: RealtimeEvent[] = [];
    const unsubscribe = t.app.services.realtime.subscribe(a.organizationId, (e) => e.table === 'leads' && changes.push(e));

    expect((await text(leadA.id, 'Hi, would you sell the house on Shared Owner A St?')).statusCode).toBe(201);
    const stop = await textIn(e164(1), 'STOP');
    expect(stop).toMatchObject({ result: 'stored', message: { lead_id: leadA.id }, optRequest: 'opt_out' });
    // Lead B changed on the feed: its number was listed (dnc_listed kept by the triggers).
    await waitFor(async () => changes.some((c) => c.record.id === leadB.id && c.record.dnc_listed === true), Boolean, "lead B's change on the feed");
    unsubscribe();

    const [entry] = await listed(num(1));
    expect(entry).toMatchObject({ phone_e164: e164(1), source: 'sms_opt_out', reason: 'Replied STOP', lead_id: leadA.id, created_by: null });
    const message = listedMessage(e164(1), 'opted out by text', entry.created_at);
    expect(message).toMatch(/^1 \(512\) 555-7001 is on the Do Not Call list \(opted out by text, [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/);

    // A call to the shared number through B, to B's other number, and a text to B: all refused, and recorded.
    for (const to of [e164(1), e164(3)]) {
      const call = await dial(leadB.id, to);
      expect(call.statusCode).toBe(409);
      expect(call.json()).toEqual({ error: { code: 'DNC_LISTED', message } });
    }
    const refusals = await t.database.db.selectFrom('call_events').select(['kind', 'reason', 'details']).where('lead_id', '=', leadB.id).execute();
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatchObject({ kind: 'dial_refused', reason: message, details: { code: 'DNC_LISTED', phone_e164: e164(1), source: 'sms_opt_out', to_e164: e164(1) } });
    const sms = await text(leadB.id, 'Hello?');
    expect(sms.statusCode).toBe(409);
    expect(sms.json()).toEqual({ error: { code: 'DNC_LISTED', message } });
    const logged = await t.database.db.selectFrom('activity_logs').select(['action', 'details']).where('entity_id', '=', leadB.id).where('action', '=', 'sms.refused').execute();
    expect(logged).toEqual([{ action: 'sms.refused', details: expect.objectContaining({ code: 'DNC_LISTED', reason: message, phone_e164: e164(1) }) }]);
    for (const path of ['/api/calls/check', '/api/conversations/check']) {
      expect((await t.request('GET', `${path}?leadId=${leadB.id}`, { cookie: a.cookie })).json()).toMatchObject({ allowed: false, code: 'DNC_LISTED', reason: message });
    }

    // B reads Do Not Call everywhere, with its own flag unset, and shows which number and why.
    const b = await getLead(leadB.id);
    expect(b).toMatchObject({ dnc_status: true, dnc_numbers: [{ phone_e164: e164(1), source: 'sms_opt_out', reason: 'Replied STOP', created_at: entry.created_at }] });
    const own = await t.database.db.selectFrom('leads').select(['dnc_status', 'dnc_listed']).where('id', '=', leadB.id).executeTakeFirstOrThrow();
    expect(own).toEqual({ dnc_status: false, dnc_listed: true });
    const rows = (await t.request('GET', '/api/leads?search=Shared%20Owner', { cookie: a.cookie })).json().items;
    expect(rows.map((r: Lead) => [r.id, r.dnc_status, 'dnc_numbers' in r])).toEqual(expect.arrayContaining([[leadA.id, true, false], [leadB.id, true, false]]));
    const top = (await t.request('GET', '/api/leads/top?limit=50', { cookie: a.cookie })).json().items;
    expect(top.find((l: Lead) => l.id === leadB.id)).toMatchObject({ dnc_status: true });
    expect((await t.request('GET', `/api/leads/${leadB.id}/context`, { cookie: a.cookie })).json().lead).toMatchObject({ dnc_status: true });
    // A's own numbers were all listed with the opt-out.
    expect((await getLead(leadA.id)).dnc_numbers).toEqual([
      { phone_e164: e164(2), source: 'sms_opt_out', reason: `Listed with ${formatPhone(e164(1))}, which opted out by text`, created_at: expect.any(String) },
      { phone_e164: e164(1), source: 'sms_opt_out', reason: 'Replied STOP', created_at: entry.created_at },
    ]);
  });

  it("files a reply under the lead last texted or called from the organization's number, else the latest-updated lead", async () => {
    const first = await newLead('Reply Owner A', { contact_1_phone1: num(11) });
    const second = await newLead('Reply Owner B', { phone: num(11) });
    expect((await text(first.id, 'About Reply Owner A St: still selling?')).statusCode).toBe(201);
    // B is updated later: the reply still belongs to the text about A.
    expect((await t.request('PATCH', `/api/leads/${second.id}`, { cookie: a.cookie, body: { notes: 'touched later' } })).statusCode).toBe(200);
    expect(await textIn(e164(11), 'Yes, make me an offer')).toMatchObject({ result: 'stored', message: { lead_id: first.id } });

    // A later call about B makes B the lead the next reply is about.
    const { complete } = await completeCall(second.id, e164(11), { outcome: 'callback_requested' });
    expect((await complete()).statusCode).toBe(200);
    expect(await textIn(e164(11), 'Call me tomorrow')).toMatchObject({ result: 'stored', message: { lead_id: second.id } });

    // Nobody texted or called this number: the latest-updated lead carrying it, as before.
    const older = await newLead('Reply Owner C', { phone_number: num(12) });
    const newer = await newLead('Reply Owner D', { contact_1_phone2: num(12) });
    expect(await textIn(e164(12), 'Who is this?')).toMatchObject({ result: 'stored', message: { lead_id: newer.id } });
    expect((await t.request('PATCH', `/api/leads/${older.id}`, { cookie: a.cookie, body: { notes: 'now the latest' } })).statusCode).toBe(200);
    expect(await textIn(e164(12), 'Hello again')).toMatchObject({ result: 'stored', message: { lead_id: older.id } });
  });

  it('the post-call Do Not Call box lists every number of the lead; a request heard on the call makes it a live-call listing', async () => {
    const lead = await newLead('Five Numbers', { phone: num(21), phone_number: num(22), contact_1_phone1: num(23), contact_1_phone2: num(24), contact_1_phone3: num(25) });
    const { complete } = await completeCall(lead.id, e164(23), { outcome: 'not_interested', dnc: true });
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lead.dnc_status).toBe(true);
    const numbers = (await getLead(lead.id)).dnc_numbers;
    expect(numbers.map((n) => [n.phone_e164, n.source, n.reason])).toEqual([21, 22, 23, 24, 25].map((n) => [e164(n), 'call_outcome', 'Marked Do Not Call after the call (not_interested)']));
    expect((await listed(num(25)))[0]).toMatchObject({ lead_id: lead.id, created_by: a.userId, created_by_name: expect.any(String) });

    const asked = await newLead('Asked On Call', { contact_1_phone1: num(26), phone: num(27) });
    const { call, complete: completeAsked } = await completeCall(asked.id, e164(26), { outcome: 'not_interested', dnc: true });
    const said = await ingestTranscription(t.database.db, {
      callSid: call.call_sid, transcript: 'Please take me off your list.', timestamp: new Date(), confidence: 0.95, speaker: 'lead', isPartial: false, sequence: 900, source: 'demo',
    });
    expect(said.result).toBe('stored');
    expect((await completeAsked()).statusCode).toBe(200);
    expect((await getLead(asked.id)).dnc_numbers.map((n) => [n.phone_e164, n.source, n.reason])).toEqual([
      [e164(27), 'live_call', 'Asked on the call: “Please take me off your list.”'],
      [e164(26), 'live_call', 'Asked on the call: “Please take me off your list.”'],
    ]);
  });

  it('a lead edit setting dnc_status lists every number; clearing the flag is refused while a number is listed, and leaves nothing half-cleared', async () => {
    const created = await newLead('Marked At Creation', { contact_1_phone1: num(31), phone_number: num(32), dnc_status: true });
    expect(created.dnc_numbers.map((n) => [n.phone_e164, n.source])).toEqual([[e164(32), 'lead_edit'], [e164(31), 'lead_edit']]);
    const edited = await newLead('Marked By Edit', { contact_1_phone3: num(33) });
    const marked = await t.request('PATCH', `/api/leads/${edited.id}`, { cookie: a.cookie, body: { dnc_status: true } });
    expect(marked.json()).toMatchObject({ dnc_status: true, dnc_numbers: [{ phone_e164: e164(33), source: 'lead_edit', reason: 'Marked Do Not Call on the lead' }] });

    const cleared = await t.request('PATCH', `/api/leads/${edited.id}`, { cookie: a.cookie, body: { dnc_status: false, notes: 'try to clear' } });
    expect(cleared.statusCode).toBe(409);
    const entry = (await listed(num(33)))[0];
    expect(cleared.json().error).toEqual({
      code: 'DNC_LISTED',
      message: `${listedMessage(e164(33), 'lead marked Do Not Call', entry.created_at)}. An owner or admin takes it off the list first (Settings → Voice & Dialer → Do Not Contact)`,
    });
    expect(await getLead(edited.id)).toMatchObject({ dnc_status: true, notes: null });

    // Off the list: the lead's own flag cleared with it, nothing left half-cleared.
    const removed = await t.request('DELETE', `/api/dnc/${encodeURIComponent(e164(33))}?reason=Wrong%20number`, { cookie: a.cookie });
    expect(removed.json().leads_cleared).toEqual([edited.id]);
    expect(await getLead(edited.id)).toMatchObject({ dnc_status: false, dnc_numbers: [] });
    // A lead flagged without any number clears with a plain edit.
    const noNumber = await newLead('No Number', { dnc_status: true });
    expect(noNumber).toMatchObject({ dnc_status: true, dnc_numbers: [] });
    expect((await t.request('PATCH', `/api/leads/${noNumber.id}`, { cookie: a.cookie, body: { dnc_status: false } })).json()).toMatchObject({ dnc_status: false });
  });

  it('a lead whose numbers change reads Do Not Call by its new numbers, and another organization is not affected', async () => {
    expect((await t.request('POST', '/api/dnc', { cookie: a.cookie, body: { phone: num(41), reason: 'Litigator' } })).statusCode).toBe(201);
    const lead = await newLead('Changes Numbers', { phone: num(42) });
    expect(lead.dnc_status).toBe(false);
    expect((await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { contact_1_phone1: num(41) } })).json()).toMatchObject({ dnc_status: true });
    expect((await t.request('PATCH', `/api/leads/${lead.id}`, { cookie: a.cookie, body: { contact_1_phone1: null } })).json()).toMatchObject({ dnc_status: false, dnc_numbers: [] });

    const other = await t.createOrg('DNC gate other');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: other.cookie, body: { phone_number: '+15125550172' } })).statusCode).toBe(201);
    const theirs = await t.request('POST', '/api/leads', { cookie: other.cookie, body: { owner_1_name: 'Other Org Lead', property_address_state: 'TX', phone: num(41) } });
    expect(theirs.json()).toMatchObject({ dnc_status: false, dnc_numbers: [] });
    expect((await t.request('GET', `/api/calls/check?leadId=${theirs.json().id}`, { cookie: other.cookie })).json()).toMatchObject({ allowed: true });
  });
});
