import { describe, expect, it } from 'vitest';
import { batchDataComparables, toCandidate } from './batchdata-comps';

const property = {
  _id: 'abc-123',
  address: { street: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701', latitude: 30.27, longitude: -97.74 },
  building: { bedroomCount: 3, bathroomCount: 2, livingAreaSquareFeet: 1450, yearBuilt: 1988 },
  sale: { lastSale: { saleDate: '2024-02-10T00:00:00Z', price: 310000 } },
};

describe('BatchData comparables', () => {
  it('maps a searched property onto a comp candidate, and skips one without coordinates or a sale', () => {
    expect(toCandidate(property)).toEqual({
      id: 'batchdata:abc-123',
      address: '12 Oak St, Austin, TX 78701',
      latitude: 30.27,
      longitude: -97.74,
      sale_date: '2024-02-10',
      sale_price: 310000,
      building_square_feet: 1450,
      total_bedrooms: 3,
      total_baths: 2,
      year_built: 1988,
    });
    expect(toCandidate({ ...property, address: { street: '1 A St' } })).toBeNull();
    expect(toCandidate({ ...property, sale: {} })).toBeNull();
  });

  it('searches by compAddress within the radius and sale date, and reports a refusal as an answer', async () => {
    const sent: unknown[] = [];
    const answer = (status: number, body: unknown) => (async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(_url), body: JSON.parse(String(init!.body)), auth: (init!.headers as Record<string, string>).authorization });
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
    const found = await batchDataComparables('key-1', answer(200, { results: { properties: [property, { _id: 'x' }] } }))({
      address: '1 Main St, Austin, TX 78701',
      radiusMiles: 0.5,
      soldSince: '2023-06-01',
    });
    expect(found).toEqual({ success: true, sales: [expect.objectContaining({ id: 'batchdata:abc-123' })] });
    expect(sent[0]).toEqual({
      url: 'https://api.batchdata.com/api/v1/property/search',
      auth: 'Bearer key-1',
      body: {
        searchCriteria: { compAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, intel: { lastSoldDate: { minDate: '2023-06-01' } } },
        options: { useDistance: true, distanceMiles: 0.5, skip: 0, take: 50, dateFormat: 'iso-date' },
      },
    });
    const refused = await batchDataComparables('key-1', answer(402, { status: { message: 'Insufficient balance' } }))({ address: 'x', radiusMiles: 1, soldSince: '2024-01-01' });
    expect(refused).toEqual({ success: false, error: 'Insufficient balance' });
  });
});
