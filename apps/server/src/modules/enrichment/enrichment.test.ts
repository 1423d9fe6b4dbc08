import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';

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
  });

  it('has no maps key unless GOOGLE_MAPS_API_KEY is set', async () => {
    const res = await t.request('GET', '/api/maps/key');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MAPS_NOT_CONFIGURED');
  });
});

describe('maps key when configured', () => {
  const t = useTestApp('pglite', { GOOGLE_MAPS_API_KEY: 'AIza-test-key-123456' });
  it('returns it', async () => {
    expect((await t.request('GET', '/api/maps/key')).json()).toEqual({ key: 'AIza-test-key-123456' });
  });
});
