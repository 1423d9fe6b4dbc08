import { beforeAll, describe, expect, it } from 'vitest';
import { monthsBefore, type CompsResponse } from '@wholesail/domain';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/scope';
import type { EnrichmentProvider } from '../../providers/enrichment';
import { mergeSection } from '../settings/repo';

const MILE = 1 / 69.093418985531; // degrees of latitude per mile
const today = new Date().toISOString().slice(0, 10);
const sold = (monthsAgo: number) => monthsBefore(today, monthsAgo);
/** A house like the subject (1,500 sqft, 3 bd, 2 ba, 1990), `miles` north of it, sold two months ago for $300,000. */
const house = (name: string, miles: number, fields: Record<string, unknown> = {}) => ({
  owner_1_name: `Owner ${name}`,
  property_address_full: `${name} Comp St, Austin, TX 78701`,
  latitude: 30 + miles * MILE,
  longitude: -97,
  building_square_feet: 1500,
  total_bedrooms: 3,
  total_baths: 2,
  year_built: 1990,
  last_sale_price: 300_000,
  last_sale_date: sold(2),
  ...fields,
});

describe.each(DB_KINDS)('comps API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;
  const ids: Record<string, string> = {};

  const create = async (cookie: string, name: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/leads', { cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  };
  const comps = async (lead: string, q = '', cookie = a.cookie) => t.request('GET', `/api/leads/${ids[lead] ?? lead}/comps${q}`, { cookie });
  const ok = async (lead: string, q = '') => {
    const res = await comps(lead, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompsResponse;
  };
  const names = (r: CompsResponse) => r.comps.map((c) => Object.entries(ids).find(([, id]) => id === c.id)?.[0] ?? c.id).sort();

  beforeAll(async () => {
    a = await t.createOrg('Comps A');
    b = await t.createOrg('Comps B');
    await create(a.cookie, 'subject', { ...house('1 Subject', 0), last_sale_price: null, last_sale_date: null });
    await create(a.cookie, 'A1', house('A1', 0.1)); // adjusted 300,000
    await create(a.cookie, 'A2', house('A2', 0.2, { building_square_feet: 1600, last_sale_price: 320_000 })); // −5,000 → 315,000
    await create(a.cookie, 'A3', house('A3', 0.3, { building_square_feet: 1400, last_sale_price: 270_000 })); // +5,000 → 275,000
    // The other two coordinate pairs a lead may carry.
    const { latitude, longitude, ...rest } = house('A4', 0.4, { building_square_feet: 1550, last_sale_price: 310_000 }); // −2,500 → 307,500
    await create(a.cookie, 'A4', { ...rest, property_lat: latitude, property_lng: longitude });
    const a5 = house('A5', 0.25, { building_square_feet: 1450, last_sale_price: 290_000 }); // +2,500 → 292,500
    await create(a.cookie, 'A5', { ...a5, latitude: undefined, longitude: undefined, lat: a5.latitude, lng: a5.longitude });
    await create(a.cookie, 'A6', house('A6', 0.15, { last_sale_price: 600_000 })); // $400/sqft: the outlier
    await create(a.cookie, 'far', house('far', 0.7));
    await create(a.cookie, 'old', house('old', 0.1, { last_sale_date: sold(14) }));
    await create(a.cookie, 'big', house('big', 0.1, { building_square_feet: 1850, last_sale_price: 370_000 }));
    await create(a.cookie, 'unsold', house('unsold', 0.1, { last_sale_price: null }));
    await create(a.cookie, 'deleted', house('deleted', 0.1));
    expect((await t.request('DELETE', `/api/leads/${ids.deleted}`, { cookie: a.cookie })).statusCode).toBe(204);
    await create(a.cookie, 'no-coordinates', { ...house('nc', 0), latitude: null, longitude: null });
    await create(a.cookie, 'no-sqft', { ...house('ns', 0), building_square_feet: null });
    await create(a.cookie, 'nothing', { owner_1_name: 'Bare Lead' });
    // Organization B: a subject on the same spot and a sale next door.
    await create(b.cookie, 'B-subject', house('B subject', 0, { last_sale_price: null }));
    await create(b.cookie, 'B1', house('B1', 0.05));
  });

  it('finds the sales within 0.5 miles, 12 months and ±20 % of the subject, and values the median adjusted price', async () => {
    const r = await ok('subject');
    expect(names(r)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    expect(r.subject).toMatchObject({ id: ids.subject, latitude: 30, longitude: -97, building_square_feet: 1500, address: '1 Subject Comp St, Austin, TX 78701' });
    const byId = new Map(r.comps.map((c) => [c.id, c]));
    expect(byId.get(ids.A2!)).toMatchObject({ distance_miles: 0.2, sale_price: 320_000, price_per_sqft: 200, adjusted_price: 315_000, adjustments: { sqft: -5_000, total: -5_000 } });
    expect(byId.get(ids.A3!)).toMatchObject({ adjusted_price: 275_000, price_per_sqft: 192.86 });
    // $/sqft 200, 200, 192.86, 200, 200, 400: mean 232.14, σ 75.11; A6 is 167.86 away (> 150.22).
    expect(r.comps.filter((c) => c.outlier).map((c) => c.id)).toEqual([ids.A6]);
    // Used 275,000 292,500 300,000 307,500 315,000: median 300,000; 25th 292,500; 75th 307,500.
    expect(r.arv).toMatchObject({ value: 300_000, low: 292_500, high: 307_500, used: 5 });
    expect(r.arv.method).toBe('Median adjusted price of 5 comparable sales (1 outlier left out); the range is their 25th to 75th percentile.');
    expect(r.source).toEqual({ kind: 'records', message: expect.stringContaining('No property-data provider is configured') });
    expect(r.comps[0]!.similarity).toBeGreaterThanOrEqual(r.comps.at(-1)!.similarity);
  });

  it('widens with the radius, the months and the size range', async () => {
    expect(names(await ok('subject', '?radius_miles=1'))).toContain('far');
    expect(names(await ok('subject', '?months=18'))).toContain('old');
    expect(names(await ok('subject', '?sqft_pct=25'))).toContain('big');
    expect(names(await ok('subject', '?radius_miles=0.12'))).toEqual(['A1']);
  });

  it('uses a pinned outlier and leaves an excluded comp out', async () => {
    const pinned = await ok('subject', `?pin=${ids.A6}`);
    // 275,000 292,500 300,000 307,500 315,000 600,000: median 303,750; 25th 294,375; 75th 313,125.
    expect(pinned.arv).toMatchObject({ value: 303_750, low: 294_375, high: 313_125, used: 6 });
    expect(pinned.comps.find((c) => c.id === ids.A6)).toMatchObject({ pinned: true, outlier: true });
    // Without A1 five $/sqft remain, too few for an outlier: A6 counts again.
    const excluded = await ok('subject', `?exclude=${ids.A1}`);
    expect(excluded.comps.find((c) => c.id === ids.A1)).toMatchObject({ excluded: true });
    expect(excluded.comps.some((c) => c.outlier)).toBe(false);
    // 275,000 292,500 307,500 315,000 600,000: median 307,500; 25th 292,500; 75th 315,000.
    expect(excluded.arv).toMatchObject({ value: 307_500, low: 292_500, high: 315_000, used: 5 });
    const both = await comps('subject', `?pin=${ids.A1}&exclude=${ids.A1}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toMatch(/^exclude: a comp cannot be pinned and excluded/);
  });

  it("adjusts with the organization's deal settings", async () => {
    await withTenant(t.database.db, a.organizationId, (tx) =>
      mergeSection(tx, a.organizationId, 'deals', { compAdjustments: { perSqft: 100, perBedroom: 7_500, perBathroom: 5_000, perYearPercent: 0.5 } }),
    );
    const r = await ok('subject');
    expect(r.comps.find((c) => c.id === ids.A2)).toMatchObject({ adjustments: { sqft: -10_000 }, adjusted_price: 310_000 });
    await withTenant(t.database.db, a.organizationId, (tx) =>
      mergeSection(tx, a.organizationId, 'deals', { compAdjustments: { perSqft: 50, perBedroom: 7_500, perBathroom: 5_000, perYearPercent: 0.5 } }),
    );
  });

  it('answers 400 naming what a lead lacks, and 400 for bad search values', async () => {
    const expect400 = async (lead: string, message: RegExp, q = '') => {
      const res = await comps(lead, q);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    await expect400('no-coordinates', /^This lead has no coordinates \(latitude and longitude\), which comparable sales need/);
    await expect400('no-sqft', /^This lead has no square footage/);
    await expect400('nothing', /no coordinates \(latitude and longitude\) and no square footage/);
    expect((await comps('no-sqft')).json().error.code).toBe('COMPS_MISSING_DATA');
    await expect400('subject', /radius_miles must be at most 5 miles/, '?radius_miles=50');
    await expect400('subject', /months must be a whole number/, '?months=2.5');
    await expect400('subject', /pin: expected comp ids/, '?pin=%3Cscript%3E');
    await expect400('not-a-uuid', /id: expected a lead id/);
  });

  it("keeps organizations apart: another organization's lead is 404 and its sales are never comps", async () => {
    expect((await comps(ids['B-subject']!)).statusCode).toBe(404);
    expect((await comps('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await comps('deleted')).statusCode).toBe(404);
    expect((await comps('subject', '', b.cookie)).statusCode).toBe(404);
    const own = await ok('subject', '?radius_miles=1');
    expect(own.comps.map((c) => c.id)).not.toContain(ids.B1);
    const theirs = (await comps('B-subject', '', b.cookie)).json() as CompsResponse;
    expect(theirs.comps.map((c) => c.id)).toEqual([ids.B1]);
    expect((await t.request('GET', `/api/leads/${ids.subject}/comps`, {})).statusCode).toBe(401);
  });

  it("adds the provider's sales when one is configured, once per address, and says which sources it used", async () => {
    const original = t.app.services.enrichment;
    const searches: unknown[] = [];
    const near = house('P1', 0.05);
    const provider: EnrichmentProvider = {
      kind: 'batchdata',
      lookupProperty: async () => ({ success: true }),
      findComparables: async (search) => {
        searches.push(search);
        const sale = { latitude: near.latitude, longitude: near.longitude, sale_date: sold(1), sale_price: 305_000, building_square_feet: 1500, total_bedrooms: 3, total_baths: 2, year_built: 1990 };
        // The second is A1's address written otherwise: the organization's record stands for it.
        return { success: true, sales: [{ ...sale, id: 'batchdata:p1', address: '5 Provider Rd, Austin, TX 78701' }, { ...sale, id: 'batchdata:p2', address: 'a1 comp st,  austin, tx 78701' }] };
      },
    };
    try {
      t.app.services.enrichment = provider;
      const r = await ok('subject', '?radius_miles=0.5&months=12');
      expect(r.source).toEqual({ kind: 'records+batchdata', message: 'Comparable sales from your own property records and from BatchData.' });
      expect(r.comps.map((c) => c.id)).toContain('batchdata:p1');
      expect(r.comps.map((c) => c.id)).not.toContain('batchdata:p2');
      expect(searches).toEqual([{ address: '1 Subject Comp St, Austin, TX 78701', radiusMiles: 0.5, soldSince: sold(12) }]);
      // Pinning asks nothing new of the provider (its answer is kept for the same search).
      const pinned = await ok('subject', '?pin=batchdata:p1');
      expect(pinned.comps.find((c) => c.id === 'batchdata:p1')).toMatchObject({ pinned: true });
      expect(searches).toHaveLength(1);
      provider.findComparables = async () => ({ success: false, error: 'Insufficient balance' });
      const failed = await ok('subject', '?radius_miles=0.4');
      expect(failed.source).toEqual({ kind: 'records', message: expect.stringContaining('BatchData could not be searched just now (Insufficient balance).') });
      expect(failed.comps.length).toBeGreaterThan(0);
    } finally {
      t.app.services.enrichment = original;
    }
  });
});
