import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Integration } from '@wholesail/domain';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { completion, useFakeLlm } from '../../../test/llm-server';
import { SMTP_PASSWORD, useFakeSmtp } from '../../../test/smtp-server';
import { TWILIO } from '../../../test/twilio';
import { LocalTwilioClient, useFakeTwilioApi } from '../../../test/twilio-server';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('Test connection against local fakes on %s', (kind) => {
  const env: Record<string, string> = { ...TWILIO, BATCHDATA_API_KEY: 'batchdata-proof-token-0123', GOOGLE_MAPS_API_KEY: 'AIzaBrowserKeyForTests0123' };
  const llm = useFakeLlm(env);
  const smtp = useFakeSmtp(env);
  const twilioApi = useFakeTwilioApi();
  const t = useTestApp(kind, env);
  let owner: Owner;
  /** What the fake BatchData answers the empty lookup. */
  let batchData = { status: 400, body: { status: { code: 400, message: 'requests must contain at least 1 item' } } as unknown };

  // Tests are limited per organization: each case tests as an organization of its own.
  beforeEach(async () => {
    owner = await t.createOrg('Connection Tests');
  });
  beforeAll(() => {
    const checks = t.app.services.integrationChecks;
    checks.twilioHttpClient = new LocalTwilioClient(twilioApi.baseUrl);
    const realFetch = checks.fetch;
    // BatchData's host is fixed in the adapter: its requests are answered here, everything else goes out as it is.
    checks.fetch = async (input, init) =>
      String(input).startsWith('https://api.batchdata.com/')
        ? new Response(JSON.stringify(batchData.body), { status: batchData.status, headers: { 'content-type': 'application/json' } })
        : realFetch(input, init);
  });

  const test = async (id: string, body?: unknown) => {
    const res = await t.request('POST', `/api/integrations/${id}/test`, { cookie: owner.cookie, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: boolean; message: string; duration_ms: number; checked_at: string };
  };
  const row = async (id: string) => ((await t.request('GET', '/api/integrations', { cookie: owner.cookie })).json().items as Integration[]).find((i) => i.id === id)!;

  it('verifies the SMTP server and its sign-in without sending mail, and names a refused password', async () => {
    expect(await test('smtp')).toMatchObject({ ok: true, message: `The mail server 127.0.0.1:${smtp.port} accepted the connection and the sign-in; no mail was sent.` });
    expect(smtp.messages).toEqual([]);
    smtp.password = 'another-password';
    try {
      const refused = await test('smtp');
      expect(refused).toEqual(expect.objectContaining({ ok: false, message: `The mail server 127.0.0.1:${smtp.port} refused the user name or password (535)` }));
      expect(refused.message).not.toContain(SMTP_PASSWORD);
      expect(await row('smtp')).toMatchObject({ last_error: refused.message, last_success_at: expect.any(String) });
    } finally {
      smtp.password = SMTP_PASSWORD;
    }
  });

  it('lists the models of the language model API, falls back to a one-token completion on a 404, and names a refused key', async () => {
    llm.reply = (r) => (r.path === '/v1/models' ? { status: 200, json: { object: 'list', data: [{ id: 'other-model' }, { id: 'test-model' }] } } : completion('OK'));
    expect(await test('llm')).toMatchObject({ ok: true, message: expect.stringContaining('accepted the key and lists the model test-model') });
    expect(llm.requests.at(-1)).toMatchObject({ path: '/v1/models', authorization: 'Bearer sk-test-key' });

    llm.reply = (r) => (r.path === '/v1/models' ? { status: 404, json: { error: 'not found' } } : completion('OK'));
    expect(await test('llm')).toMatchObject({ ok: true, message: expect.stringContaining('has no model list, but answered a one-token chat completion with test-model') });
    expect(llm.requests.at(-1)!.body).toMatchObject({ model: 'test-model', max_tokens: 1 });

    llm.reply = () => ({ status: 401, json: { error: { message: 'Incorrect API key provided: sk-test-key' } } });
    const refused = await test('llm');
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^The language model API at 127\.0\.0\.1:\d+ refused the API key \(401\)$/) });
    expect(await row('llm')).toMatchObject({ last_error: refused.message });
  });

  it('fetches the Twilio account for voice and one number for messaging, and says why Twilio refuses', async () => {
    expect(await test('twilio_voice')).toMatchObject({ ok: true, message: 'Twilio accepted the credentials: account “Proof Realty” (AC…1111) is active.' });
    expect(await test('twilio_messaging')).toMatchObject({ ok: true, message: expect.stringContaining('(+15125550100 is one)') });
    expect(twilioApi.requests.slice(-2)).toEqual([`/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}.json`, `/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}/IncomingPhoneNumbers.json`]);

    twilioApi.status = 'suspended';
    twilioApi.numbers = [];
    try {
      expect(await test('twilio_voice')).toMatchObject({ ok: false, message: 'Twilio accepted the credentials, but account “Proof Realty” (AC…1111) is suspended.' });
      expect(await test('twilio_messaging')).toMatchObject({ ok: false, message: expect.stringContaining('has no phone number to text from') });
      twilioApi.authToken = 'a-rotated-auth-token-0123456789';
      expect(await test('twilio_voice')).toMatchObject({ ok: false, message: 'Twilio refused the credentials (401, Twilio error 20003): check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN' });
    } finally {
      Object.assign(twilioApi, { status: 'active', numbers: ['+15125550100'], authToken: TWILIO.TWILIO_AUTH_TOKEN });
    }
    const checks = t.app.services.integrationChecks;
    const client = checks.twilioHttpClient;
    checks.twilioHttpClient = new LocalTwilioClient('http://127.0.0.1:1');
    try {
      const unreachable = await test('twilio_messaging');
      expect(unreachable).toMatchObject({ ok: false, message: expect.stringMatching(/^Twilio could not be reached: .*ECONNREFUSED/) });
      expect(await row('twilio_messaging')).toMatchObject({ last_error: unreachable.message });
    } finally {
      checks.twilioHttpClient = client;
    }
  });

  it('checks the BatchData token with an empty lookup that returns nothing, and names a refused token', async () => {
    expect(await test('batchdata')).toMatchObject({ ok: true, message: expect.stringContaining('BatchData accepted the API token (it answered 400 to an empty lookup') });
    batchData = { status: 401, body: { status: { code: 401, message: 'Unauthorized' } } };
    expect(await test('batchdata')).toMatchObject({ ok: false, message: 'BatchData refused the API token (401)' });
  });

  it("records the Maps key's check as the admin's browser reports it", async () => {
    const browser = { ok: false, message: 'Google refused the key: RefererNotAllowedMapError', duration_ms: 840 };
    expect(await test('google_maps', { browser })).toMatchObject(browser);
    expect(await row('google_maps')).toMatchObject({ last_error: browser.message, last_success_at: null });
    expect(await test('google_maps', { browser: { ok: true, message: 'Google Maps loaded with this key.', duration_ms: 300 } })).toMatchObject({ ok: true });
    expect((await row('google_maps')).last_success_at).not.toBeNull();
  });
});

describe.each(DB_KINDS)('Test connection of an unreachable S3 bucket on %s', (kind) => {
  const t = useTestApp(kind, { S3_BUCKET: 'unreachable-bucket', S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY_ID: 'AKIAPROOF', S3_SECRET_ACCESS_KEY: 'proof-s3-secret-key', S3_FORCE_PATH_STYLE: '1' });

  it('answers the storage error in words, never a 500, and records it', async () => {
    const owner = await t.createOrg('Bucket Gone');
    const res = await t.request('POST', '/api/integrations/storage/test', { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, message: expect.stringMatching(/^The bucket unreachable-bucket at 127\.0\.0\.1:1 refused the check file: .+/) });
    expect(res.body).not.toContain('proof-s3-secret-key');
  }, 30_000);
});
