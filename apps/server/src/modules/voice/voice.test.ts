import crypto from 'node:crypto';
import twilio from 'twilio';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ORIGIN, useTestApp, type TestEnv } from '../../../test/harness';
import { fakeTwilioAccount, postTwilioWebhook, TWILIO } from '../../../test/twilio';
import { voiceIdentityPrefix } from '../../providers/voice/twilio';

/** 1:00 PM in Texas: inside the calling window. */
const DAYTIME = new Date('2026-07-15T18:00:00Z');
const FROM = '+15125550101';

const decodeJwt = (jwt: string) => {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const expected = crypto.createHmac('sha256', TWILIO.TWILIO_API_SECRET).update(`${header}.${payload}`).digest('base64url');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
    signed: expected === signature,
  };
};

const newSid = () => `CA${crypto.randomBytes(16).toString('hex')}`;

describe.each(DB_KINDS)('voice without Twilio on %s', (kind) => {
  const t = useTestApp(kind);

  it('POST /api/voice/token names the demo line and carries no token', async () => {
    const a = await t.createOrg('Voice demo');
    const res = await t.request('POST', '/api/voice/token', { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'demo', token: null, expires_at: null });
    expect(typeof res.json().identity).toBe('string');
    expect((await t.request('POST', '/api/voice/token', {})).statusCode).toBe(401);
  });

  it('refuses Twilio webhooks (nothing to check them against) with 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/twilio/status', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' }, payload: 'CallSid=CA1' });
    expect(res.statusCode).toBe(403);
  });
});

describe.each(DB_KINDS)('voice with Twilio on %s', (kind) => {
  const t: TestEnv = useTestApp(kind, TWILIO);
  let a: Awaited<ReturnType<TestEnv['createOrg']>>;
  let n = 0;

  beforeAll(async () => {
    a = await t.createOrg('Voice Twilio');
    fakeTwilioAccount(t, { incoming: [FROM] });
    expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    t.app.services.calls.clock = () => DAYTIME;
  });

  /** A new lead and a call that passed the gate for it. */
  const approvedCall = async () => {
    n += 1;
    const phone = `51255570${String(n).padStart(2, '0')}`;
    const lead = await t.request('POST', '/api/leads', {
      cookie: a.cookie,
      body: { owner_1_name: `Sam Seller ${n}`, property_address_full: `${n} Oak St, Austin, TX`, property_address_state: 'TX', property_address_zipcode: '78701', contact_1_phone1: phone },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const res = await t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.json().id, from_e164: FROM, to_e164: `+1${phone}` } });
    expect(res.statusCode, res.body).toBe(201);
    return { leadId: lead.json().id as string, to: `+1${phone}`, ...(res.json() as { call_id: string; call_sid: string }) };
  };

  const webhook = (path: string, params: Record<string, string>, signature?: string | null) => postTwilioWebhook(t, path, params, signature);

  const voiceParams = (call: { call_id: string; leadId: string; to: string }, callSid: string) => ({
    AccountSid: TWILIO.TWILIO_ACCOUNT_SID,
    ApplicationSid: TWILIO.TWILIO_TWIML_APP_SID,
    CallSid: callSid,
    From: `client:${voiceIdentityPrefix(a.userId)}${Date.now()}`,
    To: call.to,
    Direction: 'inbound',
    call_id: call.call_id,
    lead_id: call.leadId,
  });

  const callRow = (id: string) => t.database.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const statusEvents = (id: string) =>
    t.database.db.selectFrom('call_events').select(['reason', 'details']).where('call_id', '=', id).where('kind', '=', 'status').orderBy('created_at').execute();

  it('POST /api/voice/token returns an Access Token with a VoiceGrant for the TwiML app, 1 h', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.request('POST', '/api/voice/token', { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('twilio');
    expect(body.identity).toMatch(new RegExp(`^${voiceIdentityPrefix(a.userId)}\\d{13}$`));
    const jwt = decodeJwt(body.token);
    expect(jwt.signed).toBe(true);
    expect(jwt.header).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    expect(jwt.payload).toMatchObject({
      iss: TWILIO.TWILIO_API_KEY,
      sub: TWILIO.TWILIO_ACCOUNT_SID,
      grants: { identity: body.identity, voice: { outgoing: { application_sid: TWILIO.TWILIO_TWIML_APP_SID } } },
    });
    expect(jwt.payload.exp - jwt.payload.iat).toBe(3600);
    expect(jwt.payload.iat).toBeGreaterThanOrEqual(before);
    expect(Math.abs(new Date(body.expires_at).getTime() / 1000 - jwt.payload.exp)).toBeLessThanOrEqual(1);
  });

  it('a gated call gets a pending sid; the voice webhook answers TwiML that transcribes both tracks and dials the lead', async () => {
    const call = await approvedCall();
    expect(call.call_sid).toMatch(/^pending_/);
    const callSid = newSid();
    const res = await webhook('/api/webhooks/twilio/voice', voiceParams(call, callSid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.body).toContain(`<Start><Transcription statusCallbackUrl="${ORIGIN}/api/webhooks/twilio/transcription" track="both_tracks"/></Start>`);
    expect(res.body).toMatch(new RegExp(`<Dial callerId="\\${FROM}"><Number [^>]*statusCallback="${ORIGIN}/api/webhooks/twilio/status"[^>]*>\\${call.to}</Number></Dial>`));
    expect((await callRow(call.call_id)).call_sid).toBe(callSid);

    // Twilio retrying the same request gets the same answer; another CallSid for the same approval is refused.
    expect((await webhook('/api/webhooks/twilio/voice', voiceParams(call, callSid))).body).toContain('<Dial');
    const reuse = await webhook('/api/webhooks/twilio/voice', voiceParams(call, newSid()));
    expect(reuse.body).toContain('<Hangup/>');
    expect(reuse.body).not.toContain('<Dial');
  });

  it('answers 403 to a wrong or missing signature, and changes nothing', async () => {
    const call = await approvedCall();
    const params = voiceParams(call, newSid());
    const wrong = await webhook('/api/webhooks/twilio/voice', params, twilio.getExpectedTwilioSignature('not-the-token', `${ORIGIN}/api/webhooks/twilio/voice`, params));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVALID_SIGNATURE');
    expect((await webhook('/api/webhooks/twilio/voice', params, null)).statusCode).toBe(403);
    // A signature for other parameters does not cover these.
    const tampered = await webhook('/api/webhooks/twilio/voice', { ...params, To: '+15125550000' }, twilio.getExpectedTwilioSignature(TWILIO.TWILIO_AUTH_TOKEN, `${ORIGIN}/api/webhooks/twilio/voice`, params));
    expect(tampered.statusCode).toBe(403);
    expect((await webhook('/api/webhooks/twilio/status', { CallSid: call.call_sid, CallStatus: 'completed', SequenceNumber: '0' }, 'bogus')).statusCode).toBe(403);
    expect((await callRow(call.call_id)).call_sid).toBe(call.call_sid);
  });

  it('refuses in TwiML a call id that did not pass the gate, or a To it was not approved for', async () => {
    const call = await approvedCall();
    for (const params of [
      voiceParams({ ...call, call_id: crypto.randomUUID() }, newSid()),
      voiceParams({ ...call, call_id: 'not-a-uuid' }, newSid()),
      voiceParams({ ...call, to: '+15125550199' }, newSid()),
      { ...voiceParams(call, newSid()), From: 'client:user_someone_1' },
      { ...voiceParams(call, newSid()), from_e164: '+15125550999' },
    ]) {
      const res = await webhook('/api/webhooks/twilio/voice', params);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('<Say>');
      expect(res.body).toContain('<Hangup/>');
      expect(res.body).not.toContain('<Dial');
    }
    const refused = await t.database.db.selectFrom('call_events').select(['kind', 'reason']).where('call_id', '=', call.call_id).where('kind', '=', 'dial_refused').execute();
    expect(refused.map((e) => e.reason)).toEqual([
      'Twilio voice webhook refused: To does not match the approved number',
      'Twilio voice webhook refused: placed by another user',
      'Twilio voice webhook refused: caller ID does not match the approved number',
    ]);
    expect((await callRow(call.call_id)).call_sid).toBe(call.call_sid);
  });

  it('stores a replayed status event once', async () => {
    const call = await approvedCall();
    const parent = newSid();
    expect((await webhook('/api/webhooks/twilio/voice', voiceParams(call, parent))).body).toContain('<Dial');
    const child = newSid();
    const ringing = { CallSid: child, ParentCallSid: parent, CallStatus: 'ringing', SequenceNumber: '1', Timestamp: 'Wed, 15 Jul 2026 18:00:05 +0000' };
    for (let i = 0; i < 3; i += 1) expect((await webhook('/api/webhooks/twilio/status', ringing)).statusCode).toBe(204);
    expect((await callRow(call.call_id)).status).toBe('ringing');
    expect((await statusEvents(call.call_id)).map((e) => e.reason)).toEqual(['ringing']);
    const stored = await t.database.db.selectFrom('twilio_status_events').select(['call_sid', 'sequence_number']).where('call_id', '=', call.call_id).execute();
    expect(stored).toEqual([{ call_sid: child, sequence_number: 1 }]);
  });

  it('ends in the right state when events arrive out of order', async () => {
    const call = await approvedCall();
    const parent = newSid();
    expect((await webhook('/api/webhooks/twilio/voice', voiceParams(call, parent))).body).toContain('<Dial');
    const child = newSid();
    const ev = (CallStatus: string, SequenceNumber: string, Timestamp: string, extra: Record<string, string> = {}) =>
      webhook('/api/webhooks/twilio/status', { CallSid: child, ParentCallSid: parent, CallStatus, SequenceNumber, Timestamp, ...extra });
    expect((await ev('completed', '3', 'Wed, 15 Jul 2026 18:01:00 +0000', { CallDuration: '42' })).statusCode).toBe(204);
    expect((await ev('ringing', '1', 'Wed, 15 Jul 2026 18:00:05 +0000')).statusCode).toBe(204);
    expect((await ev('in-progress', '2', 'Wed, 15 Jul 2026 18:00:18 +0000')).statusCode).toBe(204);
    expect((await ev('initiated', '0', 'Wed, 15 Jul 2026 18:00:00 +0000')).statusCode).toBe(204);
    const row = await callRow(call.call_id);
    expect(row.status).toBe('completed');
    expect(row.duration_sec).toBe(42);
    expect(new Date(row.ended_at!).toISOString()).toBe('2026-07-15T18:01:00.000Z');
    expect(new Date(row.answered_at!).toISOString()).toBe('2026-07-15T18:00:18.000Z');
    const events = await statusEvents(call.call_id);
    expect(events.map((e) => [e.reason, (e.details as { applied: boolean }).applied])).toEqual([
      ['completed', true], ['ringing', false], ['in-progress', false], ['initiated', false],
    ]);
    // The lead is free again: the call is no longer live.
    const check = await t.request('GET', `/api/calls/check?leadId=${call.leadId}`, { cookie: a.cookie });
    expect(check.json().allowed).toBe(true);
  });

  it('answers 400 to a status event without a sequence number and 204 to one for an unknown call', async () => {
    expect((await webhook('/api/webhooks/twilio/status', { CallSid: newSid(), CallStatus: 'ringing' })).statusCode).toBe(400);
    expect((await webhook('/api/webhooks/twilio/status', { CallSid: newSid(), CallStatus: 'ringing', SequenceNumber: '0' })).statusCode).toBe(204);
  });

  it('stores signed transcription callbacks by track and finality, once per sequence, and drops noise', async () => {
    const call = await approvedCall();
    const callSid = newSid();
    expect((await webhook('/api/webhooks/twilio/voice', voiceParams(call, callSid))).body).toContain('<Dial');
    const path = '/api/webhooks/twilio/transcription';
    const content = (SequenceId: string, Track: string, transcript: string, confidence: number, Final: string) => ({
      AccountSid: TWILIO.TWILIO_ACCOUNT_SID, CallSid: callSid, TranscriptionSid: 'GT1', TranscriptionEvent: 'transcription-content',
      Track, Final, SequenceId, Timestamp: `2026-07-15T18:00:${String(10 + Number(SequenceId)).padStart(2, '0')}Z`,
      TranscriptionData: JSON.stringify({ transcript, confidence }),
    });
    expect((await webhook(path, { CallSid: callSid, TranscriptionEvent: 'transcription-started', TranscriptionSid: 'GT1' })).statusCode).toBe(204);
    const lead = content('1', 'outbound_track', 'What would you offer for it?', 0.93, 'true');
    for (let i = 0; i < 3; i += 1) expect((await webhook(path, lead)).statusCode).toBe(204);
    expect((await webhook(path, content('2', 'inbound_track', 'Let me look at the numbers', 0.71, 'false'))).statusCode).toBe(204);
    expect((await webhook(path, content('3', 'inbound_track', 'ok', 0.99, 'true'))).statusCode).toBe(204);
    expect((await webhook(path, content('4', 'outbound_track', 'mumble mumble', 0.05, 'true'))).statusCode).toBe(204);
    expect((await webhook(path, { ...content('5', 'inbound_track', 'Hello there', 0.9, 'true'), TranscriptionData: 'not json' })).statusCode).toBe(400);
    expect((await webhook(path, { ...content('6', 'mixed', 'Hello there', 0.9, 'true') })).statusCode).toBe(400);
    const forged = content('7', 'outbound_track', 'Forged words here', 0.9, 'true');
    expect((await webhook(path, forged, twilio.getExpectedTwilioSignature('wrong-token', `${ORIGIN}${path}`, forged))).statusCode).toBe(403);

    const res = await t.request('GET', `/api/calls/by-sid/${callSid}/transcriptions`, { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((c: Record<string, unknown>) => [c.speaker, c.transcript, c.is_partial, c.timestamp])).toEqual([
      ['lead', 'What would you offer for it?', false, '2026-07-15T18:00:11.000Z'],
      ['agent', 'Let me look at the numbers', true, '2026-07-15T18:00:12.000Z'],
    ]);
  });

  it('an organization can keep calling on the demo line while the server has Twilio', async () => {
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { voiceProvider: 'demo' } })).json()).toMatchObject({ voiceProvider: 'demo', activeProvider: 'demo', twilioConfigured: true });
    try {
      expect((await t.request('POST', '/api/voice/token', { cookie: a.cookie })).json()).toMatchObject({ provider: 'demo', token: null });
      const call = await approvedCall();
      expect(call.call_sid).toMatch(/^CA[0-9a-f]{32}$/);
      expect((await callRow(call.call_id)).provider).toBe('demo');
      await t.request('POST', `/api/calls/${call.call_id}/hangup`, { cookie: a.cookie });
    } finally {
      await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { voiceProvider: 'auto' } });
    }
    expect((await t.request('POST', '/api/voice/token', { cookie: a.cookie })).json().provider).toBe('twilio');
  });
});
