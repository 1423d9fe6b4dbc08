import { beforeAll, describe, expect, it } from 'vitest';
import type { Integration, IntegrationId } from '@wholesail/domain';
import { DAYTIME, newCallingLead } from '../../../test/calling';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';
import { useFakeLlm } from '../../../test/llm-server';
import { SMTP_PASSWORD, useFakeSmtp } from '../../../test/smtp-server';
import { fakeTwilioAccount, TWILIO } from '../../../test/twilio';
import { AiStatusRecord } from '../ai/status';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('real uses record the integrations status on %s', (kind) => {
  const env: Record<string, string> = { ...TWILIO, BATCHDATA_API_KEY: 'batchdata-recording-token' };
  useFakeLlm(env);
  const smtp = useFakeSmtp(env);
  const t = useTestApp(kind, env);
  const FROM = '+15125550141';
  let failText: string | null = null;

  beforeAll(() => {
    fakeTwilioAccount(t, { incoming: [FROM] });
    t.app.services.conversations.clock = () => DAYTIME;
    // Twilio's Messages API without the network: a sid, or Twilio's refusal when asked.
    t.app.services.conversations.twilio!.create = async () => {
      if (failText) throw Object.assign(new Error(failText), { code: 21211 });
      return { sid: `SM${'a'.repeat(32)}` };
    };
  });

  const rows = async (owner: Owner) =>
    Object.fromEntries(((await t.request('GET', '/api/integrations', { cookie: owner.cookie })).json().items as Integration[]).map((i) => [i.id, i])) as Record<IntegrationId, Integration>;
  const expectFresh = (at: string | null) => expect(Date.parse(at ?? '')).toBeGreaterThan(Date.now() - 60_000);

  it('records a mail sent for an organization through SMTP, and a refused one', async () => {
    const owner = await t.createOrg('Mail Recording');
    const invite = await t.request('POST', '/api/organization/invitations', { cookie: owner.cookie, body: { email: `invitee-${Date.now()}@example.com`, role: 'member' } });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(smtp.messages.length).toBeGreaterThan(0);
    expectFresh((await rows(owner)).smtp.last_success_at);

    smtp.password = 'changed-on-the-server';
    try {
      await expect(t.app.services.mail.send({ organizationId: owner.organizationId, to: 'x@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow();
    } finally {
      smtp.password = SMTP_PASSWORD;
    }
    const { smtp: status } = await rows(owner);
    expect(status.last_error).toMatch(/^A mail could not be sent: Invalid login: 535/);
    expect(status.last_error).not.toContain(SMTP_PASSWORD);
  });

  it("records a text through Twilio and Twilio's refusal, and the number check as voice", async () => {
    const owner = await t.createOrg('Text Recording');
    expect((await t.request('POST', '/api/phone-numbers', { cookie: owner.cookie, body: { phone_number: FROM, is_primary: true } })).statusCode).toBe(201);
    expectFresh((await rows(owner)).twilio_voice.last_success_at);
    const seller = await newCallingLead(t, owner.cookie, 1, {}, '43');
    const sent = await t.request('POST', '/api/conversations', { cookie: owner.cookie, body: { lead_id: seller.id, body: 'Hello from the recording test' } });
    expect(sent.json().status, sent.body).toBe('sent');
    expectFresh((await rows(owner)).twilio_messaging.last_success_at);

    failText = "The 'To' number is not a valid phone number.";
    try {
      const failed = await t.request('POST', '/api/conversations', { cookie: owner.cookie, body: { lead_id: seller.id, body: 'This one fails' } });
      expect(failed.json().status, failed.body).toBe('failed');
    } finally {
      failText = null;
    }
    expect((await rows(owner)).twilio_messaging.last_error).toBe("Twilio did not accept a text: The 'To' number is not a valid phone number. (Twilio error 21211)");
  });

  it("records a member's BatchData lookup, found or refused, but not a visitor's", async () => {
    const owner = await t.createOrg('Lookup Recording');
    const lookup = (address: string, cookie?: string) => t.request('POST', '/api/enrichment/property', { cookie, body: { address } });
    const provider = t.app.services.enrichment;
    const original = provider.lookupProperty;
    try {
      provider.lookupProperty = async () => ({ success: false, error: 'Insufficient balance' });
      await lookup('1 Visitor Way, Austin, TX 78701');
      expect((await rows(owner)).batchdata.last_error).toBeNull();
      await lookup('2 Member Way, Austin, TX 78701', owner.cookie);
      expect((await rows(owner)).batchdata.last_error).toBe('BatchData answered: Insufficient balance');
      provider.lookupProperty = async () => ({ success: true });
      await lookup('3 Member Way, Austin, TX 78701', owner.cookie);
      expectFresh((await rows(owner)).batchdata.last_success_at);
    } finally {
      provider.lookupProperty = original;
    }
  });

  it('records an upload stored for a CSV import', async () => {
    const owner = await t.createOrg('Upload Recording');
    const res = await t.app.inject({
      method: 'POST', url: '/api/leads/import?filename=owners.csv',
      headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'text/csv' },
      payload: 'Owner Name,Property Address\nAda Upload,1 Storage Ln\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    expectFresh((await rows(owner)).storage.last_success_at);
  });

  it("shows the language model's failures and recoveries the AI status recorded", async () => {
    const owner = await t.createOrg('Model Recording');
    const status = new AiStatusRecord(t.database.db);
    await status.report(owner.organizationId, 'coaching', false);
    const failed = (await rows(owner)).llm;
    expect(failed).toMatchObject({ configured: true, last_error: 'A coaching call to the language model failed (the server log has its answer)' });
    expectFresh(failed.last_error_at);
    await status.report(owner.organizationId, 'analysis', true);
    const recovered = (await rows(owner)).llm;
    expect(Date.parse(recovered.last_success_at!)).toBeGreaterThanOrEqual(Date.parse(failed.last_error_at!));
    expect((await rows(owner)).batchdata.last_error).toBeNull();
  });
});
