import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Integration } from '@wholesail/domain';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';
import { TWILIO } from '../../../test/twilio';
import { INTEGRATION_TESTS_PER_MINUTE } from './routes';

const list = async (t: TestApp, cookie: string) => {
  const res = await t.request('GET', '/api/integrations', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, items: res.json().items as Integration[] };
};
const byId = (items: Integration[]) => Object.fromEntries(items.map((i) => [i.id, i]));
const statusRows = (t: TestApp, organizationId: string) =>
  withSystem(t.database.db, (tx) => tx.selectFrom('integration_status').selectAll().where('organization_id', '=', organizationId).execute());

describe.each(DB_KINDS)('integrations with nothing configured on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists every outside service as not configured, names the local fallback, and never says active', async () => {
    const owner = await t.createOrg('Nothing Configured');
    const member = await addMember(t, owner.organizationId, `integrations-member-${Date.now()}@example.com`);
    const { items } = await list(t, member.cookie);
    expect(items.map((i) => i.id)).toEqual(['twilio_voice', 'twilio_messaging', 'llm', 'batchdata', 'google_maps', 'smtp', 'storage']);
    for (const item of items) {
      expect(item.configured, item.id).toBe(false);
      expect(`${item.mode} ${item.detail}`, item.id).not.toMatch(/\bactive\b/i);
      expect(item).toMatchObject({ last_success_at: null, last_error_at: null, last_error: null });
      expect(item.settings.length, item.id).toBeGreaterThan(0);
    }
    const { twilio_voice, twilio_messaging, llm, batchdata, google_maps, smtp, storage } = byId(items);
    expect(twilio_voice!.mode).toBe('Demo line (simulated)');
    expect(twilio_messaging!.mode).toBe('Demo line (simulated)');
    expect(twilio_voice!.settings).toEqual(Object.keys(TWILIO));
    expect(llm!.mode).toBe('Built-in patterns and rules (no model)');
    expect(batchdata!.mode).toBe('Basic property info only (no lookups)');
    expect(google_maps).toMatchObject({ mode: 'Addresses typed as free text', tested_in: 'browser' });
    expect(smtp!.mode).toBe('Mail outbox table (no SMTP)');
    expect(storage!.mode).toBe('Local files in DATA_DIR/uploads');
    expect(storage!.detail).toContain(path.join(path.resolve(t.config.DATA_DIR), 'uploads'));
  });

  it('answers a test of an unconfigured service with what to set, records nothing, and still tests the local storage', async () => {
    const owner = await t.createOrg('Unconfigured Tests');
    const test = async (id: string) => {
      const res = await t.request('POST', `/api/integrations/${id}/test`, { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await test('twilio_voice')).toMatchObject({ ok: false, checked: false, message: `Not configured: set ${Object.keys(TWILIO).join(', ')}`, duration_ms: 0 });
    expect(await test('llm')).toMatchObject({ ok: false, message: 'Not configured: set LLM_BASE_URL' });
    expect(await test('batchdata')).toMatchObject({ ok: false, message: 'Not configured: set BATCHDATA_API_KEY' });
    expect(await test('smtp')).toMatchObject({ ok: false, message: 'Not configured: set SMTP_URL' });
    expect(await test('google_maps')).toMatchObject({ ok: false, message: 'Not configured: set GOOGLE_MAPS_API_KEY' });
    expect(await statusRows(t, owner.organizationId)).toEqual([]);

    const stored = await test('storage');
    expect(stored).toMatchObject({ ok: true, checked: true, message: expect.stringMatching(/^Wrote, read back and deleted a \d+-byte file in the directory /) });
    expect(Date.parse(stored.checked_at)).not.toBeNaN();
    // The check leaves nothing behind.
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'uploads', 'health-check'))).toEqual([]);
    const storage = byId((await list(t, owner.cookie)).items).storage!;
    expect(storage).toMatchObject({ configured: false, last_error: null });
    expect(Date.parse(storage.last_success_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets members read but only owners and admins test, and refuses an unknown service or a stray body', async () => {
    const owner = await t.createOrg('Integration Access');
    const member = await addMember(t, owner.organizationId, `integrations-tester-${Date.now()}@example.com`);
    expect((await t.request('POST', '/api/integrations/storage/test', { cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/integrations')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/integrations/storage/test')).statusCode).toBe(401);
    const unknown = await t.request('POST', '/api/integrations/fax/test', { cookie: owner.cookie });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([400, expect.stringContaining('id: expected one of twilio_voice')]);
    const stray = await t.request('POST', '/api/integrations/storage/test', { cookie: owner.cookie, body: { secret: 'x' } });
    expect(stray.statusCode).toBe(400);
  });

  it(`limits tests to ${INTEGRATION_TESTS_PER_MINUTE} a minute per organization`, async () => {
    const [one, two] = [await t.createOrg('Busy Tester'), await t.createOrg('Other Tester')];
    const codes: number[] = [];
    for (let i = 0; i <= INTEGRATION_TESTS_PER_MINUTE; i += 1) codes.push((await t.request('POST', '/api/integrations/smtp/test', { cookie: one.cookie })).statusCode);
    expect(codes).toEqual([...Array<number>(INTEGRATION_TESTS_PER_MINUTE).fill(200), 429]);
    const limited = await t.request('POST', '/api/integrations/smtp/test', { cookie: one.cookie });
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Your organization tested 10 connections in the last minute\. Try again in \d+ s\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.request('POST', '/api/integrations/smtp/test', { cookie: two.cookie })).statusCode).toBe(200);
  });
});

describe.each(DB_KINDS)('integrations with every service configured on %s', (kind) => {
  const SECRETS = {
    ...TWILIO,
    LLM_BASE_URL: 'https://llm-user:llm-url-password@llm.example.com/v1',
    LLM_API_KEY: 'sk-live-llm-secret-key-0123456789',
    LLM_MODEL: 'gpt-test',
    BATCHDATA_API_KEY: 'batchdata-secret-token-0123456789',
    GOOGLE_MAPS_API_KEY: 'AIzaSyMapsBrowserKey0123456789wxyz',
    SMTP_URL: 'smtps://mailer%40example.com:smtp-secret-password@smtp.example.com:465',
    S3_BUCKET: 'wholesail-uploads',
    S3_ENDPOINT: 'https://s3-user:s3-url-password@objects.example.com',
    S3_ACCESS_KEY_ID: 'AKIAS3ACCESSKEY0123',
    S3_SECRET_ACCESS_KEY: 's3-secret-access-key-0123456789',
  };
  const t = useTestApp(kind, SECRETS);

  it('says what runs and where, with secrets masked: no key, token, password or full SID in the answer', async () => {
    const owner = await t.createOrg('Everything Configured');
    const { body, items } = await list(t, owner.cookie);
    for (const item of items) expect(item.configured, item.id).toBe(true);
    const secrets = [
      TWILIO.TWILIO_ACCOUNT_SID, TWILIO.TWILIO_API_KEY, TWILIO.TWILIO_API_SECRET, TWILIO.TWILIO_TWIML_APP_SID, TWILIO.TWILIO_AUTH_TOKEN,
      SECRETS.LLM_API_KEY, 'llm-url-password', SECRETS.BATCHDATA_API_KEY, SECRETS.GOOGLE_MAPS_API_KEY, 'smtp-secret-password', 'mailer%40example.com', 'mailer@example.com',
      SECRETS.S3_ACCESS_KEY_ID, SECRETS.S3_SECRET_ACCESS_KEY, 's3-url-password',
    ];
    for (const secret of secrets) expect(body, secret).not.toContain(secret);
    const { twilio_voice, llm, google_maps, smtp, storage } = byId(items);
    expect(twilio_voice).toMatchObject({ mode: 'Twilio', detail: expect.stringContaining('Account AC…1111, TwiML app AP…3333') });
    expect(llm).toMatchObject({ mode: 'OpenAI-compatible API at llm.example.com', detail: expect.stringContaining('Model gpt-test') });
    expect(google_maps!.detail).toContain('Key …wxyz');
    expect(smtp).toMatchObject({ mode: 'SMTP', detail: expect.stringContaining('Server smtp.example.com:465 over TLS') });
    expect(storage).toMatchObject({ mode: 'S3 bucket wholesail-uploads', detail: 'Files go to the bucket wholesail-uploads at objects.example.com.' });
  });

  it('shows the demo line as the mode when the organization chose it, though Twilio is configured', async () => {
    const owner = await t.createOrg('Demo By Choice');
    expect((await t.request('PUT', '/api/calls/settings', { cookie: owner.cookie, body: { voiceProvider: 'demo' } })).statusCode).toBe(200);
    const { twilio_voice, twilio_messaging } = byId((await list(t, owner.cookie)).items);
    expect(twilio_voice).toMatchObject({ configured: true, mode: 'Demo line (simulated): this organization chose it in Settings → Voice & Dialer' });
    expect(twilio_messaging!.mode).toBe(twilio_voice!.mode);
  });

  it('keeps secrets out of a recorded error, and the Maps test without the browser says it runs in the browser', async () => {
    const owner = await t.createOrg('Secret Errors');
    await withSystem(t.database.db, (tx) =>
      tx.insertInto('integration_status')
        .values({ organization_id: owner.organizationId, provider: 'llm', last_error_at: new Date(), last_error: `Refused ${SECRETS.LLM_API_KEY} at https://u:p@llm.example.com` })
        .execute());
    const { llm } = byId((await list(t, owner.cookie)).items);
    expect(llm!.last_error).toBe('Refused [hidden] at https://llm.example.com');
    const maps = await t.request('POST', '/api/integrations/google_maps/test', { cookie: owner.cookie });
    expect(maps.json()).toMatchObject({ ok: false, checked: false, message: expect.stringContaining('so Google refuses it from the server') });
    expect((await statusRows(t, owner.organizationId)).map((r) => r.provider)).toEqual(['llm']);
  });
});
