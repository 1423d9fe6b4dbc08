import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME, newCallingLead } from '../calling';
import { DB_KINDS, useTestApp, type TestApp } from '../harness';
import { fakeTwilioAccount, postTwilioWebhook, TWILIO } from '../twilio';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

const ALPHA_LINE = '+15125550611';
const BETA_LINE = '+15125550612';
const newSid = () => `SM${crypto.randomBytes(16).toString('hex')}`;

/**
 * A phone number has one owner (issue 17): Beta cannot claim Alpha's number, and a seller's signed text to Alpha's
 * number reaches Alpha's thread even when Beta texted that seller last (inbound routing once picked the last texter).
 */
describe.each(DB_KINDS)('one owner per phone number, on %s', (kind) => {
  const t = useTestApp(kind, TWILIO);
  let alpha: Owner;
  let beta: Owner;

  beforeAll(async () => {
    alpha = await t.createOrg('Number Owner Alpha');
    beta = await t.createOrg('Number Owner Beta');
    fakeTwilioAccount(t, { incoming: [ALPHA_LINE, BETA_LINE] });
    t.app.services.conversations.clock = () => DAYTIME;
    t.app.services.conversations.twilio!.create = async () => ({ sid: newSid() });
    expect((await t.request('POST', '/api/phone-numbers', { cookie: alpha.cookie, body: { phone_number: ALPHA_LINE, is_primary: true } })).statusCode).toBe(201);
    expect((await t.request('POST', '/api/phone-numbers', { cookie: beta.cookie, body: { phone_number: BETA_LINE, is_primary: true } })).statusCode).toBe(201);
  });

  const thread = async (owner: Owner, leadId: string) =>
    (await t.request('GET', `/api/conversations?lead_id=${leadId}`, { cookie: owner.cookie })).json().items as Array<{ direction: string; body: string; to_e164: string }>;

  it("answers Beta's claim of Alpha's number with 409 NUMBER_IN_USE, without naming Alpha", async () => {
    const claim = await t.request('POST', '/api/phone-numbers', { cookie: beta.cookie, body: { phone_number: ALPHA_LINE } });
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toEqual({ error: { code: 'NUMBER_IN_USE', message: 'This number is already in use' } });
    expect(claim.body).not.toContain(alpha.organizationId);
    expect(claim.body).not.toContain('Alpha');
  });

  it("puts a signed inbound text to Alpha's number in Alpha's thread, though Beta texted the seller last", async () => {
    const alphaLead = await newCallingLead(t, alpha.cookie, 1, {}, '61');
    const betaLead = await newCallingLead(t, beta.cookie, 1, {}, '61');
    expect(betaLead.to).toBe(alphaLead.to);
    expect((await t.request('POST', '/api/conversations', { cookie: alpha.cookie, body: { lead_id: alphaLead.id, body: 'Alpha here' } })).statusCode).toBe(201);
    expect((await t.request('POST', '/api/conversations', { cookie: beta.cookie, body: { lead_id: betaLead.id, body: 'Beta here' } })).statusCode).toBe(201);

    const params = { AccountSid: TWILIO.TWILIO_ACCOUNT_SID, NumMedia: '0', MessageSid: newSid(), From: alphaLead.to, To: ALPHA_LINE, Body: 'For Alpha only' };
    expect((await postTwilioWebhook(t, '/api/webhooks/twilio/sms', params)).statusCode).toBe(200);
    expect((await thread(alpha, alphaLead.id)).filter((m) => m.direction === 'inbound')).toEqual([expect.objectContaining({ body: 'For Alpha only', to_e164: ALPHA_LINE })]);
    expect((await thread(beta, betaLead.id)).map((m) => m.body)).toEqual(['Beta here']);
  });
});
