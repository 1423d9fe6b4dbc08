import { describe, expect, it } from 'vitest';
import type { CompsResponse } from '@wholesail/domain';
import { useTestApp } from '../test/harness';
import { seedDemo } from './seed';
import { NEIGHBORHOOD_SOURCE } from './seed-comps';

describe('the demo seed', () => {
  const t = useTestApp('pglite');

  it('gives every demo lead nearby sales that make comps and an ARV, without crowding the top 10 or the list', async () => {
    await seedDemo(t.database.db, 'demo-comps@example.com', 'wholesail-demo');
    const cookie = await t.signIn('demo-comps@example.com', 'wholesail-demo');
    const get = async (url: string) => {
      const res = await t.request('GET', url, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const demo = await t.database.db.selectFrom('leads').select('id').where('source', '=', 'demo').execute();
    const firstPage = (await get('/api/leads?limit=30')).items as Array<{ id: string }>;
    expect(firstPage.map((l) => l.id).sort()).toEqual(demo.map((l) => l.id).sort());
    expect((await get('/api/leads?limit=1')).total).toBe(30 + 30 * 12);
    const top = (await get('/api/leads/top?limit=10')).items as Array<{ id: string; source: string }>;
    expect(top.every((l) => demo.some((d) => d.id === l.id))).toBe(true);
    expect(top.map((l) => l.source)).not.toContain(NEIGHBORHOOD_SOURCE);
    const found = await Promise.all(firstPage.map((l) => get(`/api/leads/${l.id}/comps`) as Promise<CompsResponse>));
    // Nine sales lie within half a mile of each; the size and 12-month filters keep a few of them.
    expect(found.every((r) => r.comps.length >= 2 && r.arv.value !== null)).toBe(true);
    const wider = (await get(`/api/leads/${firstPage[0]!.id}/comps?radius_miles=1.5&months=24&sqft_pct=50`)) as CompsResponse;
    // Its own twelve, and neighbours of demo leads nearby.
    expect(wider.comps.length).toBeGreaterThanOrEqual(12);
  });
});
