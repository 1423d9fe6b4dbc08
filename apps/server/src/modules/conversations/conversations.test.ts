import crypto from 'node:crypto';
import type { RealtimeEvent } from '@wholesail/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, EARLY, listedRefusal, newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { jobsFor } from '../../../test/jobs';
import { DEMO_SMS_REPLIES_PER_HOUR } from '../../providers/sms';
import { AI_QUEUES } from '../ai-jobs/service';
import { AI_SUBSCRIBERS } from '../ai-jobs/subscriptions';
import { deliveredTo } from '../../../test/outbox';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;
type Message = { id: string; direction: string; status: string; body: string; created_at: string; from_e164: string; to_e164: string; read_at: string | null; provider_sid: string | null };

const MESSAGE_KEYS = ['body', 'channel', 'created_at', 'direction', 'error', 'from_e164', 'id', 'lead_id', 'provider_sid', 'read_at', 'status', 'to_e164'];
const EARLY_MESSAGE = 'Texas allows telephone solicitation 9:00 AM–9:00 PM Monday–Saturday (Tex. Bus. & Com. Code § 301.051); it is 7:12 AM there (CT). Calling opens at 9:00 AM today.';

describe.each(DB_KINDS)('SMS conversations on the demo line on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_DELIVERY_MS: '60', DEMO_SMS_REPLY_MS: '150', DEMO_RING_MS: '100' });
  let a: Owner;
  let b: Owner;
  const FROM = '+15125550111';
  const FROM_B = '+15125550311';

  const daytime = () => {
    t.app.services.conversations.clock = () => DAYTIME;
    t.app.services.calls.clock = () => DAYTIME;
  };

  beforeAll(async () => {
    a = await t.createOrg('Texting A');
    b = await t.createOrg('Texting B');
    for (const [owner, body] of [[a, { phone_number: FROM, is_primary: true }], [a, { phone_number: '+15125550119', is_active: false }], [b, { phone_number: FROM_B }]] as const) {
      expect((await t.request('POST', '/api/phone-numbers', { cookie: owner.cookie, body })).statusCode).toBe(201);
    }
    daytime();
  });
  afterEach(daytime);

  let n = 0;
  const newLead = (owner: Owner, extra: Record<string, unknown> = {}) => newCallingLead(t, owner.cookie, ++n, extra, '81');
  const send = (owner: Owner, lead_id: string, body: unknown, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/api/conversations', { cookie: owner.cookie, body: { lead_id, body, ...extra } });
  const thread = async (owner: Owner, leadId: string): Promise<Message[]> => {
    const res = await t.request('GET', `/api/conversations?lead_id=${leadId}`, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const threads = async (owner: Owner, query = '') => {
    const res = await t.request('GET', `/api/conversations/threads${query}`, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as Array<{ lead_id: string; lead_name: string; phone: string | null; unread_count: number; dnc_status: boolean; last_message: { body: string; direction: string; status: string } }>;
  };
  /** A lead's activity rows, oldest first, without the scoring job's: a new lead's score lands whenever its job runs. */
  const activity = (organizationId: string, leadId: string) =>
    t.database.db.selectFrom('activity_logs').select(['action', 'actor_id', 'details'])
      .where('organization_id', '=', organizationId).where('entity_id', '=', leadId).where('action', '!=', 'lead.ai_scored').orderBy('created_at').execute();
  /** A text from the lead's number to `to`, through the inbound function Twilio's webhook uses. */
  const textIn = (from: string, body: string, to = FROM) =>
    t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from, to, body });

  it('sends on the demo line: queued then sent at once, delivered after a moment, and the demo seller answers through the inbound path', async () => {
    const changes: RealtimeEvent[] = [];
    const unsubscribe = t.app.services.realtime.subscribe(a.organizationId, (e) => e.table === 'conversations' && changes.push(e));
    const lead = await newLead(a, { estimated_value: 312_000, motivation_score: 6 });
    const res = await send(a, lead.id, '  Hi Pat, are you still thinking about selling?  ');
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(Object.keys(sent).sort()).toEqual(MESSAGE_KEYS);
    expect(sent).toMatchObject({
      lead_id: lead.id, body: 'Hi Pat, are you still thinking about selling?', direction: 'outbound', channel: 'sms', status: 'sent',
      from_e164: FROM, to_e164: lead.to, read_at: null, error: null,
    });
    expect(sent.provider_sid).toMatch(/^SM[0-9a-f]{32}$/);
    const row = await t.database.db.selectFrom('conversations').select(['user_id']).where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(a.userId);

    const items = await waitFor(() => thread(a, lead.id), (m) => m.length === 2 && m[0]!.status === 'delivered', 'delivery and the demo reply');
    expect(items[0]).toMatchObject({ id: sent.id, status: 'delivered' });
    expect(items[1]).toMatchObject({
      direction: 'inbound', status: 'received', from_e164: lead.to, to_e164: FROM, read_at: null,
      body: `Yes, this is Pat. Is this about ${n} Main St?`,
    });
    expect(items[1]!.provider_sid).toMatch(/^SM/);
    // Every step went out on the realtime feed: inserted queued, then sent, then delivered.
    await waitFor(async () => changes.filter((c) => c.record.id === sent.id).length, (k) => k >= 3, 'the status changes on the feed');
    expect(changes.filter((c) => c.record.id === sent.id).map((c) => [c.op, c.record.status])).toEqual([['INSERT', 'queued'], ['UPDATE', 'sent'], ['UPDATE', 'delivered']]);
    unsubscribe();

    // A question about price gets the seller's figure.
    expect((await send(a, lead.id, 'What price would you take for it?')).statusCode).toBe(201);
    const later = await waitFor(() => thread(a, lead.id), (m) => m.length === 4, 'the second reply');
    expect(later[3]!.body).toBe("Maybe, it depends on the price. I think it's worth $310,000. What would you offer?");

    // Each text sent or received had its analysis queued.
    for (const message of later) {
      await deliveredTo(t.database.db, AI_SUBSCRIBERS.analysis, message.direction === 'inbound' ? 'text.received' : 'text.sent', { conversationId: message.id });
      expect((await jobsFor(t.database.db, AI_QUEUES.analyze, 'conversationId', message.id)).length, message.body).toBe(1);
    }
  });

  it('answers one reply per text and at most three per thread per hour', async () => {
    const lead = await newLead(a);
    for (let i = 0; i < DEMO_SMS_REPLIES_PER_HOUR + 2; i += 1) expect((await send(a, lead.id, `Checking in, note ${i}`)).statusCode).toBe(201);
    await waitFor(async () => t.app.services.conversations.demo.pending, (p) => p === 0, 'the demo line to go quiet');
    const items = await waitFor(() => thread(a, lead.id), (m) => m.filter((x) => x.direction === 'inbound').length >= DEMO_SMS_REPLIES_PER_HOUR, 'the replies');
    expect(items.filter((m) => m.direction === 'inbound')).toHaveLength(DEMO_SMS_REPLIES_PER_HOUR);
    expect(items.filter((m) => m.direction === 'outbound').every((m) => m.status === 'delivered')).toBe(true);
  });

  it('refuses a DNC lead, outside calling hours, a foreign lead, no phone and a bad from-number with the gate messages, recorded in activity_logs', async () => {
    const refused = async (res: Awaited<ReturnType<typeof send>>, status: number, code: string, message: string, leadId: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ error: { code, message } });
      expect((await activity(a.organizationId, leadId)).at(-1)).toMatchObject({
        action: 'sms.refused', actor_id: a.userId, details: { code: code === 'NOT_FOUND' ? 'LEAD_NOT_FOUND' : code, reason: message },
      });
    };
    const dnc = await newLead(a, { dnc_status: true });
    const listed = await listedRefusal(t, a.cookie, dnc.to);
    await refused(await send(a, dnc.id, 'Hello'), 409, 'DNC_LISTED', listed, dnc.id);

    const foreign = await newLead(b);
    await refused(await send(a, foreign.id, 'Hello'), 404, 'NOT_FOUND', 'Lead not found', foreign.id);
    // B's lead has only B's own entries: its creation (and the scoring job's, left out).
    expect(await activity(b.organizationId, foreign.id)).toEqual([expect.objectContaining({ action: 'lead.created' })]);

    const noPhone = await newLead(a, { contact_1_phone1: null, phone: '0000000000' });
    await refused(await send(a, noPhone.id, 'Hello'), 400, 'NO_PHONE', 'This lead has no valid phone number', noPhone.id);

    const lead = await newLead(a);
    await refused(await send(a, lead.id, 'Hello', { from_e164: '+15125550119' }), 400, 'FROM_NOT_ORG_NUMBER', 'The caller ID +15125550119 is not an active number of your organization', lead.id);
    await refused(await send(a, lead.id, 'Hello', { from_e164: '12' }), 400, 'INVALID_FROM_NUMBER', 'The caller ID is not a valid phone number', lead.id);

    t.app.services.conversations.clock = () => EARLY;
    await refused(await send(a, lead.id, 'Hello'), 409, 'OUTSIDE_CALLING_HOURS', EARLY_MESSAGE, lead.id);
    expect((await activity(a.organizationId, lead.id)).at(-1)!.details).toMatchObject({ local_time: '7:12 AM', time_zone: 'America/Chicago' });

    // Nothing was stored for any refusal.
    expect(await t.database.db.selectFrom('conversations').select('id').where('lead_id', 'in', [dnc.id, foreign.id, noPhone.id, lead.id]).execute()).toEqual([]);

    // The same gate answers the composer's check, without recording anything.
    const check = async (leadId: string, owner = a) => t.request('GET', `/api/conversations/check?leadId=${leadId}`, { cookie: owner.cookie });
    expect((await check(lead.id)).json()).toEqual({ allowed: false, reason: EARLY_MESSAGE, code: 'OUTSIDE_CALLING_HOURS' });
    daytime();
    expect((await check(lead.id)).json()).toEqual({ allowed: true });
    expect((await check(dnc.id)).json()).toEqual({ allowed: false, reason: listed, code: 'DNC_LISTED' });
    expect((await check(noPhone.id)).json()).toEqual({ allowed: false, reason: 'This lead has no valid phone number', code: 'NO_PHONE' });
    expect((await check(foreign.id)).statusCode).toBe(404);
    // An organization without numbers has nothing to text from.
    const c = await t.createOrg('Texting C');
    const cLead = await newLead(c);
    expect((await check(cLead.id, c)).json()).toEqual({ allowed: false, reason: 'No phone numbers configured for your organization', code: 'NO_FROM_NUMBER' });
    expect((await send(c, cLead.id, 'Hello')).json()).toEqual({ error: { code: 'NO_FROM_NUMBER', message: 'No phone numbers configured for your organization' } });
    // Twilio chosen, but the server has no Twilio credentials: refused like a call.
    expect((await t.request('POST', '/api/phone-numbers', { cookie: c.cookie, body: { phone_number: '+15125550411' } })).statusCode).toBe(201);
    expect((await t.request('PUT', '/api/calls/settings', { cookie: c.cookie, body: { voiceProvider: 'twilio' } })).statusCode).toBe(200);
    const noTwilio = await send(c, cLead.id, 'Hello');
    expect(noTwilio.statusCode).toBe(503);
    expect(noTwilio.json().error.code).toBe('TWILIO_NOT_CONFIGURED');
    expect((await check(cLead.id, c)).json()).toEqual({ allowed: false, reason: noTwilio.json().error.message, code: 'TWILIO_NOT_CONFIGURED' });
    // An admin's calling-hours override covers texts too.
    t.app.services.conversations.clock = () => EARLY;
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { enforceHours: false } })).statusCode).toBe(200);
    expect((await check(lead.id)).json()).toEqual({ allowed: true });
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { enforceHours: true } })).statusCode).toBe(200);
  });

  it('takes a body of 1 to 1,600 characters after trimming, and answers 400 naming it', async () => {
    const lead = await newLead(a);
    for (const body of ['   ', 'x'.repeat(1601), undefined]) {
      const res = await send(a, lead.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toMatch(/^body: (Type a message to send|A text message can be at most 1,600 characters)$/);
    }
    expect((await send(a, lead.id, `  ${'x'.repeat(1600)}  `)).statusCode).toBe(201);
    expect((await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: 'nope', body: 'hi' } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/conversations', { body: { lead_id: lead.id, body: 'hi' } })).statusCode).toBe(401);
  });

  it('a seller with motivation below 2 answers STOP: the lead goes on DNC at once, and the next text and call are refused', async () => {
    const lead = await newLead(a, { motivation_score: 1 });
    const leadChanges: RealtimeEvent[] = [];
    const unsubscribe = t.app.services.realtime.subscribe(a.organizationId, (e) => e.table === 'leads' && e.record.id === lead.id && leadChanges.push(e));
    expect((await send(a, lead.id, 'Hi, would you sell your house?')).statusCode).toBe(201);
    const items = await waitFor(() => thread(a, lead.id), (m) => m.length === 2, 'the STOP reply');
    expect(items[1]).toMatchObject({ direction: 'inbound', body: 'STOP' });
    const logged = (await activity(a.organizationId, lead.id)).filter((e) => e.action === 'lead.dnc_opt_out');
    expect(logged).toEqual([expect.objectContaining({ actor_id: null, details: expect.objectContaining({ conversation_id: items[1]!.id, keyword: 'STOP', received_at: items[1]!.created_at }) })]);
    await waitFor(async () => leadChanges.some((c) => c.record.dnc_status === true), Boolean, 'the lead change on the feed');
    unsubscribe();

    const again = await send(a, lead.id, 'Sorry to bother you');
    expect(again.statusCode).toBe(409);
    const listed = await listedRefusal(t, a.cookie, lead.to);
    expect(listed).toMatch(/ is on the Do Not Call list \(opted out by text, /);
    expect(again.json().error.message).toBe(listed);
    const call = await t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.id, from_e164: FROM, to_e164: lead.to } });
    expect(call.statusCode).toBe(409);
    expect(call.json().error).toEqual({ code: 'DNC_LISTED', message: listed });
  });

  it('lists threads newest first with unread counts and the DNC flag, marks them read, and searches by name or phone', async () => {
    const first = await newLead(a, { owner_1_name: 'Quincy Thread' });
    const second = await newLead(a, { owner_1_name: 'Rhonda Thread', dnc_status: true });
    expect((await textIn(first.to, 'Is the offer still good?')).result).toBe('stored');
    expect((await textIn(second.to, 'Call me after 5')).result).toBe('stored');
    expect((await textIn(second.to, 'Actually tomorrow works')).result).toBe('stored');

    const list = await threads(a, '?search=thread');
    expect(list.map((x) => x.lead_id)).toEqual([second.id, first.id]);
    expect(list[0]).toEqual({
      lead_id: second.id, lead_name: 'Rhonda Thread', phone: second.to, unread_count: 2, dnc_status: true,
      last_message: { body: 'Actually tomorrow works', direction: 'inbound', status: 'received', created_at: expect.any(String) },
    });
    expect(list[1]).toMatchObject({ lead_name: 'Quincy Thread', unread_count: 1, dnc_status: false });

    // An agent's reply moves the thread to the top.
    expect((await send(a, first.id, 'Yes it is')).statusCode).toBe(201);
    expect((await threads(a, '?search=thread')).map((x) => x.lead_id)).toEqual([first.id, second.id]);
    expect((await threads(a, '?search=thread&limit=1')).map((x) => x.lead_id)).toEqual([first.id]);

    // Search by name (any case) or phone digits, with or without the country code.
    expect((await threads(a, '?search=RHONDA')).map((x) => x.lead_id)).toEqual([second.id]);
    expect((await threads(a, `?search=${encodeURIComponent(second.to.slice(2))}`)).map((x) => x.lead_id)).toEqual([second.id]);
    expect((await threads(a, `?search=${encodeURIComponent(second.to)}`)).map((x) => x.lead_id)).toEqual([second.id]);
    expect(await threads(a, '?search=nobody-by-this-name')).toEqual([]);

    const read = await t.request('POST', `/api/conversations/${second.id}/read`, { cookie: a.cookie });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ lead_id: second.id, read: 2 });
    expect((await t.request('POST', `/api/conversations/${second.id}/read`, { cookie: a.cookie })).json()).toEqual({ lead_id: second.id, read: 0 });
    expect((await threads(a, '?search=rhonda'))[0]!.unread_count).toBe(0);
    expect((await thread(a, second.id)).every((m) => m.read_at !== null)).toBe(true);
  });

  it("keeps another organization's threads and messages invisible", async () => {
    const mine = await newLead(a, { owner_1_name: 'Private Seller' });
    expect((await textIn(mine.to, 'Only for A')).result).toBe('stored');
    const theirs = await newLead(b, { owner_1_name: 'Other Seller' });
    expect((await textIn(theirs.to, 'Only for B', FROM_B)).result).toBe('stored');

    expect((await threads(b)).map((x) => x.lead_id)).toEqual([theirs.id]);
    expect((await threads(a)).map((x) => x.lead_id)).not.toContain(theirs.id);
    for (const [method, url] of [['GET', `/api/conversations?lead_id=${mine.id}`], ['POST', `/api/conversations/${mine.id}/read`], ['GET', `/api/conversations/check?leadId=${mine.id}`]] as const) {
      const res = await t.request(method, url, { cookie: b.cookie });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe('Lead not found');
    }
    expect((await thread(a, mine.id)).map((m) => m.body)).toEqual(['Only for A']);
  });
});
