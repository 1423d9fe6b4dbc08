import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('referral partners on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const call = async (org: Org, method: Parameters<TestApp['request']>[0], url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const valid = { name: 'Jo Realtor', brokerage: 'Lone Star Realty', license_number: 'TX-0654321', license_state: 'tx', markets: ['TX', 'Austin'], referral_fee_percent: 30, email: 'Jo@LoneStar.test', phone: '512-555-0142' };

  beforeAll(async () => {
    a = await t.createOrg('Partners A');
    b = await t.createOrg('Partners B');
  });

  it('creates, lists, edits and deletes a partner, normalising the state and email', async () => {
    const created = await call(a, 'POST', '/api/referral-partners', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Jo Realtor', license_state: 'TX', email: 'jo@lonestar.test', markets: ['TX', 'Austin'], referral_fee_percent: 30, is_active: true });
    const id = created.body.id;
    expect((await call(a, 'GET', '/api/referral-partners')).body.items.map((p: { id: string }) => p.id)).toEqual([id]);
    const edited = await call(a, 'PATCH', `/api/referral-partners/${id}`, { referral_fee_percent: 25, markets: ['78701'], is_active: false });
    expect(edited.body).toMatchObject({ referral_fee_percent: 25, markets: ['78701'], is_active: false, name: 'Jo Realtor' });
    expect((await call(a, 'GET', `/api/referral-partners/${id}`)).body.referral_fee_percent).toBe(25);
    expect((await call(a, 'DELETE', `/api/referral-partners/${id}`)).status).toBe(204);
    expect((await call(a, 'GET', `/api/referral-partners/${id}`)).status).toBe(404);
  });

  it('requires the licence number and state, and names the field of every bad value', async () => {
    const refused = async (body: unknown) => {
      const res = await call(a, 'POST', '/api/referral-partners', body);
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await refused({ ...valid, license_number: '' })).toBe('license_number: enter the agent’s licence number');
    expect(await refused({ ...valid, license_state: 'Texas' })).toBe('license_state: enter the two-letter state of the licence, such as TX');
    expect(await refused({ ...valid, referral_fee_percent: 120 })).toBe('referral_fee_percent: must be at most 100');
    expect(await refused({ ...valid, email: 'nope' })).toBe('email: must be a valid email address');
    expect(await refused({ ...valid, markets: [''] })).toMatch(/^markets/);
    const { license_number: _n, ...withoutLicence } = valid;
    expect(await refused(withoutLicence)).toMatch(/^license_number: /);
  });

  it("keeps each organization's partners to itself", async () => {
    const mine = (await call(a, 'POST', '/api/referral-partners', valid)).body;
    expect((await call(b, 'GET', `/api/referral-partners/${mine.id}`)).status).toBe(404);
    expect((await call(b, 'PATCH', `/api/referral-partners/${mine.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await call(b, 'DELETE', `/api/referral-partners/${mine.id}`)).status).toBe(404);
    expect((await call(b, 'GET', '/api/referral-partners')).body.items).toEqual([]);
    expect((await call(a, 'GET', `/api/referral-partners/${mine.id}`)).body.name).toBe('Jo Realtor');
  });
});
