import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { withSystem } from '../../db/scope';

describe.each(DB_KINDS)('enrichment and maps endpoints on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers "not configured" without a BatchData key, also to signed-out visitors', async () => {
    const res = await t.request('POST', '/api/enrichment/property', { body: { address: '123 Main St, Austin, TX 78701' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, skipped: true, error: 'Data enrichment service is not configured. Basic property info only.' });
    const bad = await t.request('POST', '/api/enrichment/property', { body: { address: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/address/);
  });

  it('rate-limits lookups per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await t.request('POST', '/api/enrichment/property', { body: { address: '1 Main St, A, TX' }, remoteAddress: '10.3.3.3' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.request('POST', '/api/enrichment/property', { body: { address: '1 Main St, A, TX' }, remoteAddress: '10.3.3.3' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many address lookups from your address. Please wait a minute and try again.' });
    // Kept in the database for every instance to see; a refused lookup is not counted.
    const counter = await withSystem(t.database.db, (tx) => tx.selectFrom('usage_counters').select('count').where('key', '=', 'lookup:client:10.3.3.3').executeTakeFirst());
    expect(counter?.count).toBe(20);
  });

  it('has no maps key unless GOOGLE_MAPS_API_KEY is set', async () => {
    const res = await t.request('GET', '/api/maps/key');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MAPS_NOT_CONFIGURED');
  });
});

describe.each(DB_KINDS)('address lookup daily caps and cache on %s', (kind) => {
  const t = useTestApp(kind, { ADDRESS_LOOKUP_DAILY_CAP_PUBLIC: '3', ADDRESS_LOOKUP_DAILY_CAP_ORG: '2' });
  const looked: string[] = [];
  let n = 0;
  const lookup = (address: string, cookie?: string) =>
    t.request('POST', '/api/enrichment/property', { body: { address }, cookie, remoteAddress: `10.9.0.${++n}` });

  beforeAll(() => {
    t.app.services.enrichment.lookupProperty = async (address) => {
      looked.push(address);
      return { success: true, data: { address } } as unknown as Awaited<ReturnType<typeof t.app.services.enrichment.lookupProperty>>;
    };
  });

  it('answers a normalised address from the day cache without asking the provider or counting it', async () => {
    expect((await lookup('500 Cache Ave., Austin, TX')).json()).toMatchObject({ success: true });
    expect((await lookup('500 cache ave  austin tx')).json()).toEqual({ success: true, data: { address: '500 Cache Ave., Austin, TX' } });
    expect(looked).toEqual(['500 Cache Ave., Austin, TX']);
  });

  it('caps visitors together and each organization by the day: 429 with Retry-After and a message in words', async () => {
    for (const address of ['1 Cap St, Austin, TX', '2 Cap St, Austin, TX']) expect((await lookup(address)).statusCode).toBe(200);
    const over = await lookup('3 Cap St, Austin, TX');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Property lookups for visitors are used up for today. Sign in, or try again tomorrow.' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect((await lookup('1 Cap St, Austin, TX')).statusCode).toBe(200);

    const a = await t.createOrg('Lookup A');
    const b = await t.createOrg('Lookup B');
    for (const address of ['4 Cap St, Austin, TX', '5 Cap St, Austin, TX']) expect((await lookup(address, a.cookie)).statusCode).toBe(200);
    const orgOver = await lookup('6 Cap St, Austin, TX', a.cookie);
    expect(orgOver.statusCode).toBe(429);
    expect(orgOver.json().error.message).toBe('Your organization has used its 2 property lookups for today. Lookups start again at midnight UTC.');
    expect((await lookup('6 Cap St, Austin, TX', b.cookie)).statusCode).toBe(200);
    expect(looked).toHaveLength(6);
  });
});

describe('maps key when configured', () => {
  const t = useTestApp('pglite', { GOOGLE_MAPS_API_KEY: 'AIza-test-key-123456' });
  it('returns it', async () => {
    expect((await t.request('GET', '/api/maps/key')).json()).toEqual({ key: 'AIza-test-key-123456' });
  });
});
