import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { createLead, type Owner } from './ai-jobs.fixtures';

type Line = { speaker: 'agent' | 'lead'; transcript: string; is_partial?: boolean };

describe.each(DB_KINDS)("a finished call's transcript and its analysis on %s", (kind) => {
  const t = useTestApp(kind);
  let a: Owner;
  let b: Owner;
  beforeAll(async () => {
    a = await t.createOrg('Call analysis A');
    b = await t.createOrg('Call analysis B');
  });

  /** A completed call of organization A with these lines (stored as Twilio's callbacks would store them). */
  const finishedCall = async (lines: Line[]) => {
    const leadId = await createLead(t.request, a, { owner_1_name: 'Carla Caller' });
    const sid = `CA${crypto.randomBytes(16).toString('hex')}`;
    const call = await t.database.db
      .insertInto('calls')
      .values({ organization_id: a.organizationId, lead_id: leadId, user_id: a.userId, from_e164: '+15125550121', to_e164: '+15125550199', call_sid: sid, provider: 'twilio', status: 'completed', duration_sec: 95, disposition: 'interested', notes: 'Call back Friday' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = Date.now() - 60_000;
    if (lines.length > 0) {
      await t.database.db
        .insertInto('call_transcriptions')
        .values(lines.map((l, i) => ({
          organization_id: a.organizationId, call_id: call.id, call_sid: sid, transcript: l.transcript, timestamp: new Date(start + i * 1000),
          confidence: 0.9, speaker: l.speaker, is_partial: l.is_partial ?? false, sequence: i, source: 'twilio' as const,
        })))
        .execute();
    }
    return { callId: call.id, leadId };
  };

  const TALK: Line[] = [
    { speaker: 'agent', transcript: 'Hi, this is Sam. Are you the owner of the house on Oak Street?' },
    { speaker: 'lead', transcript: 'Yes, and we need to sell, the roof leaks.' },
    { speaker: 'lead', transcript: 'not interest', is_partial: true },
    { speaker: 'agent', transcript: 'I am sorry to hear that. We buy as is.' },
    { speaker: 'lead', transcript: 'How much would you pay?' },
  ];

  it('answers the call with its final lines in order, then analyzes the seller and shows the stored analysis', async () => {
    const { callId, leadId } = await finishedCall(TALK);
    const before = await t.request('GET', `/api/calls/${callId}/transcript`, { cookie: a.cookie });
    expect(before.statusCode, before.body).toBe(200);
    const body = before.json();
    expect(body.call).toMatchObject({ id: callId, lead_id: leadId, status: 'completed', duration_sec: 95, disposition: 'interested', notes: 'Call back Friday' });
    expect(body.lines.map((l: Line) => [l.speaker, l.transcript])).toEqual(TALK.filter((l) => !l.is_partial).map((l) => [l.speaker, l.transcript]));
    expect(body.analysis).toBeNull();

    const analyzed = await t.request('POST', `/api/calls/${callId}/analyze`, { cookie: a.cookie });
    expect(analyzed.statusCode, analyzed.body).toBe(200);
    expect(analyzed.json()).toMatchObject({
      call_id: callId, lead_id: leadId, sentiment: 'positive', source: 'rules', model: null,
      motivation_signals: ['Wants to sell', 'Property needs repairs', 'Asked about an offer'], objections: [],
      next_step: 'Call now to discuss price and make a cash offer.',
    });
    const after = (await t.request('GET', `/api/calls/${callId}/transcript`, { cookie: a.cookie })).json();
    expect(after.analysis).toEqual(analyzed.json());
  });

  it('refuses to analyze a call without transcript lines (partial ones do not count)', async () => {
    const { callId } = await finishedCall([{ speaker: 'lead', transcript: 'hello there', is_partial: true }]);
    const res = await t.request('POST', `/api/calls/${callId}/analyze`, { cookie: a.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This call has no transcript to analyze');
    expect((await t.request('GET', `/api/calls/${callId}/transcript`, { cookie: a.cookie })).json()).toMatchObject({ lines: [], analysis: null });
  });

  it("hides another organization's call and names a bad id", async () => {
    const { callId } = await finishedCall(TALK);
    for (const [method, path] of [['GET', 'transcript'], ['POST', 'analyze']] as const) {
      const other = await t.request(method, `/api/calls/${callId}/${path}`, { cookie: b.cookie });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe('Call not found');
      const unknown = await t.request(method, `/api/calls/${crypto.randomUUID()}/${path}`, { cookie: a.cookie });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.request(method, `/api/calls/nope/${path}`, { cookie: a.cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/id: expected a call id/);
    }
    expect((await t.request('GET', `/api/calls/${callId}/transcript`, { cookie: a.cookie })).json().analysis).toBeNull();
  });
});
