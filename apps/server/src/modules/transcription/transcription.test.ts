import { DEFAULT_OUTCOME_STATUS } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, newCallingLead, waitFor } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { DEMO_INTERJECTIONS } from '../../providers/voice/demo-conversation';

type Chunk = { id: string; call_sid: string; transcript: string; timestamp: string; confidence: number; speaker: 'agent' | 'lead'; is_partial: boolean };

describe.each(DB_KINDS)('demo line conversation and transcripts on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_RING_MS: '20', DEMO_MS_PER_WORD: '3' });
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;
  const FROM = '+15125550101';
  let n = 0;

  beforeAll(async () => {
    a = await t.createOrg('Transcripts A');
    b = await t.createOrg('Transcripts B');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: a.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    t.app.services.calls.clock = () => DAYTIME;
  });

  const dial = async (extra: Record<string, unknown> = {}) => {
    const lead = await newCallingLead(t, a.cookie, ++n, extra, '80');
    const res = await t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.id, from_e164: FROM, to_e164: lead.to } });
    expect(res.statusCode, res.body).toBe(201);
    return { lead, ...(res.json() as { call_id: string; call_sid: string }) };
  };
  const call = (id: string) => t.request('GET', `/api/calls/${id}`, { cookie: a.cookie }).then((r) => r.json());
  const transcripts = (sid: string, query = '?limit=200', cookie = a.cookie) => t.request('GET', `/api/calls/by-sid/${sid}/transcriptions${query}`, { cookie });
  const finals = async (sid: string) => ((await transcripts(sid)).json().items as Chunk[]).filter((c) => !c.is_partial).map((c) => `${c.speaker}: ${c.transcript}`);

  it('plays the scripted conversation through transcription ingestion, then the seller hangs up', async () => {
    const { call_id, call_sid } = await dial({ owner_1_name: 'Maria Lopez', estimated_value: 250000, motivation_score: 7 });
    const street = `${n} Main St`;
    const ended = await waitFor(() => call(call_id), (c) => c.status === 'completed', 'the seller to hang up');
    expect(ended.ended_at).not.toBeNull();
    expect(ended.duration_sec).toBeGreaterThanOrEqual(0);

    const said = await finals(call_sid);
    expect(said[0]).toBe('lead: Hello?');
    expect(said[1]).toMatch(/^agent: Hi, is this Maria\? This is \S+ with Wholesail Home Buyers\. I'm calling about (\d+) Main St\.$/);
    expect(said[1]).toContain(street);
    expect(said.join('\n')).toContain("I think it's worth $250,000.");
    expect(said.at(-1)).toBe('lead: Alright, talk to you then. Bye.');

    const items = (await transcripts(call_sid)).json().items as Chunk[];
    expect(items.some((c) => c.is_partial)).toBe(true);
    expect(items.map((c) => c.timestamp)).toEqual([...items.map((c) => c.timestamp)].sort());
    expect(items.every((c) => c.call_sid === call_sid && c.confidence >= 0.1 && c.transcript.length >= 3)).toBe(true);
    // The default limit is the latest 50, still oldest first.
    const latest = (await transcripts(call_sid, '')).json().items as Chunk[];
    expect(latest).toHaveLength(Math.min(50, items.length));
    expect(latest.at(-1)).toEqual(items.at(-1));
  });

  it('a seller with very low motivation asks to be taken off the list', async () => {
    const { call_id, call_sid } = await dial({ motivation_score: 1 });
    await waitFor(() => call(call_id), (c) => c.status === 'completed', 'the call to end');
    expect(await finals(call_sid)).toContain("lead: I've told you people before. Stop calling me and take me off your list.");
  });

  it('mute holds the agent and tones reach the seller on a live call, each recorded; an ended call refuses both', async () => {
    const { call_id, call_sid } = await dial();
    await waitFor(() => call(call_id), (c) => c.status === 'in-progress', 'the call to connect');
    const muted = await t.request('POST', `/api/calls/${call_id}/mute`, { cookie: a.cookie, body: { muted: true } });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ muted: true });
    await waitFor(() => finals(call_sid), (s) => s.includes(`lead: ${DEMO_INTERJECTIONS.silence}`), 'the seller to ask if anyone is there');
    const tones = await t.request('POST', `/api/calls/${call_id}/dtmf`, { cookie: a.cookie, body: { digits: '12#' } });
    expect(tones.statusCode, tones.body).toBe(204);
    await waitFor(() => finals(call_sid), (s) => s.includes(`lead: ${DEMO_INTERJECTIONS.tones}`), 'the seller to hear the tones');
    expect((await call(call_id)).status).toBe('in-progress');

    const events = await t.database.db.selectFrom('call_events').select(['kind', 'reason', 'details']).where('call_id', '=', call_id).where('kind', 'in', ['mute', 'dtmf']).orderBy('created_at').execute();
    expect(events).toMatchObject([{ kind: 'mute', reason: 'Microphone muted', details: { muted: true } }, { kind: 'dtmf', reason: 'Tones 12#', details: { digits: '12#' } }]);

    expect((await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: a.cookie })).statusCode).toBe(200);
    const late = await t.request('POST', `/api/calls/${call_id}/mute`, { cookie: a.cookie, body: { muted: false } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'NO_ACTIVE_CALL', message: 'No active call' });
    expect((await t.request('POST', `/api/calls/${call_id}/dtmf`, { cookie: a.cookie, body: { digits: '1' } })).statusCode).toBe(409);
  });

  it('rejects bad mute and tone bodies, and hides another organization\'s call and transcript', async () => {
    const { call_id, call_sid } = await dial();
    const bad = await t.request('POST', `/api/calls/${call_id}/dtmf`, { cookie: a.cookie, body: { digits: '12a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('digits: only 0-9, * and #');
    expect((await t.request('POST', `/api/calls/${call_id}/mute`, { cookie: a.cookie, body: { muted: 'yes' } })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/calls/${call_id}/mute`, { cookie: b.cookie, body: { muted: true } })).statusCode).toBe(404);
    expect((await transcripts(call_sid, '', b.cookie)).statusCode).toBe(404);
    expect((await transcripts(call_sid, '?limit=0')).statusCode).toBe(400);
    expect((await t.request('GET', `/api/calls/by-sid/${call_sid}/transcriptions`, {})).statusCode).toBe(401);
    await t.request('POST', `/api/calls/${call_id}/hangup`, { cookie: a.cookie });
  });

  it('an organization that chose Twilio on a server without credentials is told so, and the refusal is recorded', async () => {
    const set = await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { voiceProvider: 'twilio' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ enforceHours: true, voiceProvider: 'twilio', activeProvider: null, twilioConfigured: false, callsPerNumberPer24h: 3, outcomeStatus: DEFAULT_OUTCOME_STATUS });
    try {
      const token = await t.request('POST', '/api/voice/token', { cookie: a.cookie });
      expect(token.statusCode).toBe(503);
      expect(token.json().error.code).toBe('TWILIO_NOT_CONFIGURED');
      const lead = await newCallingLead(t, a.cookie, ++n, {}, '80');
      const res = await t.request('POST', '/api/calls', { cookie: a.cookie, body: { lead_id: lead.id, from_e164: FROM, to_e164: lead.to } });
      expect(res.statusCode).toBe(503);
      const event = await t.database.db.selectFrom('call_events').select(['kind', 'details']).where('lead_id', '=', lead.id).executeTakeFirstOrThrow();
      expect(event).toMatchObject({ kind: 'dial_refused', details: { code: 'TWILIO_NOT_CONFIGURED' } });
    } finally {
      await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { voiceProvider: 'auto' } });
    }
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: {} })).json().error.message).toContain('Nothing to change');
    expect((await t.request('PUT', '/api/calls/settings', { cookie: a.cookie, body: { voiceProvider: 'skype' } })).statusCode).toBe(400);
  });
});
