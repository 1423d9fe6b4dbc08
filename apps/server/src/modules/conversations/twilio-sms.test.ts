import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, listedRefusal, newCallingLead } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { jobsFor } from '../../../test/jobs';
import { fakeTwilioAccount, postTwilioWebhook, TWILIO, twilioSignature } from '../../../test/twilio';
import { AI_QUEUES } from '../ai-jobs/service';
import { AI_SUBSCRIBERS } from '../ai-jobs/subscriptions';
import { deliveredTo } from '../../../test/outbox';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

const SMS_PATH = '/api/webhooks/twilio/sms';
const STATUS_PATH = '/api/webhooks/twilio/sms-status';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const newSid = () => `SM${crypto.randomBytes(16).toString('hex')}`;

describe.each(DB_KINDS)('Twilio texting on %s', (kind) => {
  const t = useTestApp(kind, TWILIO);
  let a: Owner;
  let b: Owner;
  const FROM = '+15125550121';
  const FROM_B = '+15125550321';
  const created: Array<{ from: string; to: string; body: string; statusCallback: string }> = [];
  let failNext: (Error & { code?: number }) | null = null;

  beforeAll(async () => {
    a = await t.createOrg('Twilio Texting A');
    b = await t.createOrg('Twilio Texting B');
    fakeTwilioAccount(t, { incoming: [FROM, FROM_B] });
    expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    expect((await t.request('POST', '/api/phone-numbers', { cookie: b.cookie, body: { phone_number: FROM_B } })).statusCode).toBe(201);
    t.app.services.conversations.clock = () => DAYTIME;
    t.app.services.calls.clock = () => DAYTIME;
    // The Messages API, without the network: records the request, answers a sid (or fails once when asked).
    t.app.services.conversations.twilio!.create = async (params) => {
      created.push(params);
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      return { sid: newSid() };
    };
  });

  let n = 0;
  const newLead = (owner: Owner, extra: Record<string, unknown> = {}) => newCallingLead(t, owner.cookie, ++n, extra, '82');
  const inbound = (params: Record<string, string>, signature?: string | null) =>
    postTwilioWebhook(t, SMS_PATH, { AccountSid: TWILIO.TWILIO_ACCOUNT_SID, NumMedia: '0', To: FROM, ...params }, signature);
  const thread = async (owner: Owner, leadId: string) => (await t.request('GET', `/api/conversations?lead_id=${leadId}`, { cookie: owner.cookie })).json().items as Array<Record<string, unknown>>;
  const lead = async (owner: Owner, id: string) => (await t.request('GET', `/api/leads/${id}`, { cookie: owner.cookie })).json();
  /** A lead's activity rows, oldest first, without the scoring job's: a new lead's score lands whenever its job runs. */
  const activity = (organizationId: string, leadId: string) =>
    t.database.db.selectFrom('activity_logs').select(['action', 'details'])
      .where('organization_id', '=', organizationId).where('entity_id', '=', leadId).where('action', '!=', 'lead.ai_scored').orderBy('created_at').execute();
  const dial = (leadId: string, to: string) => t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: leadId, from_e164: FROM, to_e164: to } });

  it('stores a signed inbound text once, however often Twilio replays it, and answers empty TwiML; a bad signature is 403', async () => {
    const seller = await newLead(a);
    const params = { MessageSid: newSid(), From: seller.to, Body: 'Is your offer still open?' };
    for (let i = 0; i < 3; i += 1) {
      const res = await inbound(params);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe(EMPTY_TWIML);
    }
    const items = await thread(a, seller.id);
    expect(items).toEqual([expect.objectContaining({ direction: 'inbound', status: 'received', body: 'Is your offer still open?', provider_sid: params.MessageSid, from_e164: seller.to, to_e164: FROM, read_at: null })]);
    await deliveredTo(t.database.db, AI_SUBSCRIBERS.analysis, 'text.received', { conversationId: items[0]!.id });
    expect(await jobsFor(t.database.db, AI_QUEUES.analyze, 'conversationId', items[0]!.id as string)).toHaveLength(1);

    const forged = { MessageSid: newSid(), From: seller.to, Body: 'forged' };
    expect((await inbound(forged, twilioSignature(SMS_PATH, forged, 'not-the-auth-token'))).statusCode).toBe(403);
    expect((await inbound(forged, null)).statusCode).toBe(403);
    const signedOther = { AccountSid: TWILIO.TWILIO_ACCOUNT_SID, NumMedia: '0', To: FROM, ...forged };
    expect((await inbound({ ...forged, Body: 'tampered' }, twilioSignature(SMS_PATH, signedOther))).statusCode).toBe(403);
    expect((await postTwilioWebhook(t, STATUS_PATH, { MessageSid: newSid(), MessageStatus: 'delivered' }, 'bogus')).statusCode).toBe(403);
    expect(await thread(a, seller.id)).toHaveLength(1);
    expect((await inbound({ From: seller.to, Body: 'no sid' })).statusCode).toBe(400);
  });

  it.each(['STOP', 'stop', 'Stop texting me', 'UNSUBSCRIBE'])('%j puts the lead on DNC with the reason and time logged, and the next call and text are refused', async (body) => {
    const seller = await newLead(a);
    expect((await t.request('GET', `/api/conversations/check?leadId=${seller.id}`, { cookie: a.cookie })).json()).toEqual({ allowed: true });
    expect((await inbound({ MessageSid: newSid(), From: seller.to, Body: body })).statusCode).toBe(200);
    expect((await lead(a, seller.id)).dnc_status).toBe(true);
    const [message] = await thread(a, seller.id);
    const logged = (await activity(a.organizationId, seller.id)).filter((e) => e.action === 'lead.dnc_opt_out');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({
      conversation_id: message!.id, phrase: body.length > 11 ? body : body.toUpperCase(), keyword: body.length > 11 ? null : body.toUpperCase(),
      received_at: message!.created_at, from_e164: seller.to, already_dnc: false,
    });
    const listed = await listedRefusal(t, a.cookie, seller.to);
    const call = await dial(seller.id, seller.to);
    expect(call.statusCode).toBe(409);
    expect(call.json().error).toEqual({ code: 'DNC_LISTED', message: listed });
    const text = await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: seller.id, body: 'One more thing' } });
    expect(text.statusCode).toBe(409);
    expect(text.json().error.message).toBe(listed);
    expect((await t.request('GET', `/api/conversations/check?leadId=${seller.id}`, { cookie: a.cookie })).json()).toEqual({ allowed: false, reason: listed, code: 'DNC_LISTED' });
  });

  it('START takes the opt-out off the list and the lead off DNC, recorded; an ordinary reply changes nothing', async () => {
    const seller = await newLead(a);
    expect((await inbound({ MessageSid: newSid(), From: seller.to, Body: "I'll stop by tomorrow" })).statusCode).toBe(200);
    expect((await lead(a, seller.id)).dnc_status).toBe(false);
    expect((await inbound({ MessageSid: newSid(), From: seller.to, Body: 'STOP' })).statusCode).toBe(200);
    expect((await lead(a, seller.id)).dnc_status).toBe(true);
    expect((await inbound({ MessageSid: newSid(), From: seller.to, Body: 'Start' })).statusCode).toBe(200);
    expect((await lead(a, seller.id)).dnc_status).toBe(false);
    const actions = (await activity(a.organizationId, seller.id)).map((e) => [e.action, (e.details as { keyword?: string }).keyword ?? null]);
    expect(actions).toEqual([
      ['lead.created', null], ['sms.received', null], ['sms.received', null], ['lead.dnc_opt_out', 'STOP'], ['sms.received', null], ['lead.dnc_cleared', null], ['lead.sms_opt_in', 'START'],
    ]);
    expect((await activity(a.organizationId, seller.id)).at(-1)!.details).toMatchObject({ removed: [seller.to], leads_cleared: [seller.id], still_listed: null });
    expect((await t.request('GET', `/api/conversations/check?leadId=${seller.id}`, { cookie: a.cookie })).json()).toEqual({ allowed: true });
  });

  it('creates a lead with source inbound_sms for an unknown sender, shown as Unknown Lead; the next text finds it', async () => {
    const stranger = '(512) 555-8899';
    expect((await inbound({ MessageSid: newSid(), From: '+15125558899', Body: 'Got your letter about my house' })).statusCode).toBe(200);
    const threads = (await t.request('GET', '/api/conversations/threads?search=5125558899', { cookie: a.cookie })).json().items;
    expect(threads).toEqual([expect.objectContaining({ lead_name: 'Unknown Lead', phone: '+15125558899', unread_count: 1, dnc_status: false })]);
    const created = await lead(a, threads[0].lead_id);
    expect(created).toMatchObject({ source: 'inbound_sms', phone: '+15125558899', status: 'new', dnc_status: false, organization_id: a.organizationId });
    expect((await activity(a.organizationId, created.id)).map((e) => e.action)).toEqual(['lead.created', 'sms.received']);
    // Formatted differently, the same number is the same lead.
    expect((await t.app.services.conversations.receiveInbound({ messageSid: newSid(), from: stranger, to: FROM, body: 'Hello?' })).result).toBe('stored');
    expect(await thread(a, created.id)).toHaveLength(2);
    // Only the organization that owns the number texted sees it.
    expect((await t.request('GET', '/api/conversations/threads?search=5125558899', { cookie: b.cookie })).json().items).toEqual([]);
    expect((await t.request('GET', `/api/conversations?lead_id=${created.id}`, { cookie: b.cookie })).statusCode).toBe(404);
  });

  it('matches the latest-updated live lead with that number, and ignores a To number no organization owns', async () => {
    const older = await newLead(a, { owner_1_name: 'Older Match' });
    const newer = await newLead(a, { owner_1_name: 'Newer Match', contact_1_phone1: null, phone_number: older.to.slice(2) });
    expect((await inbound({ MessageSid: newSid(), From: older.to, Body: 'Which one am I?' })).statusCode).toBe(200);
    expect(await thread(a, newer.id)).toHaveLength(1);
    expect(await thread(a, older.id)).toHaveLength(0);

    const sid = newSid();
    const res = await inbound({ MessageSid: sid, From: older.to, To: '+15125550999', Body: 'Wrong number' });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.selectFrom('conversations').select('id').where('provider_sid', '=', sid).execute()).toEqual([]);
  });

  it('sends through the Messages API with the status callback; delivery reports only move forward; a refusal by Twilio is stored as failed', async () => {
    const seller = await newLead(a);
    const res = await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: seller.id, body: 'Hi from Twilio' } });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(created.at(-1)).toEqual({ from: FROM, to: seller.to, body: 'Hi from Twilio', statusCallback: 'http://localhost:3000/api/webhooks/twilio/sms-status' });
    expect(sent).toMatchObject({ status: 'sent', provider_sid: expect.stringMatching(/^SM/), error: null });

    const report = (MessageStatus: string, extra: Record<string, string> = {}) => postTwilioWebhook(t, STATUS_PATH, { MessageSid: sent.provider_sid, MessageStatus, ...extra });
    const status = async () => (await thread(a, seller.id)).find((m) => m.id === sent.id)!.status;
    expect((await report('delivered')).statusCode).toBe(204);
    expect(await status()).toBe('delivered');
    for (const late of ['sent', 'queued', 'sending', 'failed']) expect((await report(late, { ErrorCode: '30003' })).statusCode).toBe(204);
    expect(await status()).toBe('delivered');
    expect((await thread(a, seller.id))[0]!.error).toBeNull();
    expect((await report('delivered')).statusCode).toBe(204);
    expect((await report('no-such-status')).statusCode).toBe(400);
    expect((await postTwilioWebhook(t, STATUS_PATH, { MessageSid: newSid(), MessageStatus: 'delivered' })).statusCode).toBe(204);

    // Undelivered after sent: failed with Twilio's reason.
    const second = (await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: seller.id, body: 'Second try' } })).json();
    expect((await postTwilioWebhook(t, STATUS_PATH, { MessageSid: second.provider_sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).statusCode).toBe(204);
    expect((await thread(a, seller.id)).find((m) => m.id === second.id)).toMatchObject({ status: 'failed', error: 'Twilio error 30003' });

    // Twilio refuses the request: stored failed with the reason, still 201 (the text exists, and failed).
    failNext = Object.assign(new Error("The 'To' number +15125558201 is not a valid phone number."), { code: 21211 });
    const refused = await t.request('POST', '/api/conversations', { cookie: a.cookie, body: { lead_id: seller.id, body: 'Third try' } });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed', provider_sid: null, error: "The 'To' number +15125558201 is not a valid phone number. (Twilio error 21211)" });
  });

  it('texts on the demo line, without calling Twilio, when the organization chose the demo line', async () => {
    const seller = await newLead(b);
    expect((await t.request('PUT', '/api/calls/settings', { cookie: b.cookie, body: { voiceProvider: 'demo' } })).statusCode).toBe(200);
    const before = created.length;
    const res = await t.request('POST', '/api/conversations', { cookie: b.cookie, body: { lead_id: seller.id, body: 'On the demo line' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', from_e164: FROM_B });
    expect(created.length).toBe(before);
  });
});
