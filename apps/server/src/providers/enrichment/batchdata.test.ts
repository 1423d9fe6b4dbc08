import { describe, expect, it } from 'vitest';
import { batchDataEnrichment, mapBatchDataProperty, splitUsAddress } from './batchdata';

describe('BatchData enrichment', () => {
  it('splits a US address into street, city, state and zip', () => {
    expect(splitUsAddress('123 Main St, Austin, TX 78701')).toEqual({ street: '123 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    expect(splitUsAddress('9 Elm Rd, Apt 2, Houston, tx, USA')).toEqual({ street: '9 Elm Rd, Apt 2', city: 'Houston', state: 'TX', zip: undefined });
    expect(splitUsAddress('somewhere odd')).toEqual({ street: 'somewhere odd' });
  });

  it('maps a property record and leaves what is missing null', () => {
    const data = mapBatchDataProperty({
      owner: { names: [{ first: 'Ann', last: 'Lee' }], phoneNumbers: [{ number: '5125550100' }], emails: ['ann@example.com'] },
      building: { bedroomCount: 3, bathroomCount: 2, livingAreaSquareFeet: 1500, yearBuilt: 1987 },
      valuation: { estimatedValue: 350000 },
      sale: { lastSale: { saleDate: '2015-06-01T00:00:00Z', price: 180000 } },
      openLien: { totalOpenLienBalance: 120000 },
      general: { propertyTypeDetail: 'Single Family' },
    });
    expect(data).toEqual({
      owner_1_name: 'Ann Lee', contact_1_phone1: '5125550100', contact_1_email1: 'ann@example.com', estimated_value: 350000,
      property_type: 'Single Family', total_bedrooms: 3, total_baths: 2, building_square_feet: 1500, year_built: 1987,
      last_sale_date: '2015-06-01', last_sale_price: 180000, mortgage_balance: 120000, tax_delinquent: null, motivation_score: null,
    });
  });

  it('calls the lookup endpoint with the token and reports errors and empty results as answers', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const answer = (status: number, body: unknown) => async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(JSON.stringify(body), { status });
    };
    const ok = await batchDataEnrichment('key-1234567890', answer(200, { results: { properties: [{ valuation: { estimatedValue: 1 } }] } }) as typeof fetch).lookupProperty('1 A St, B, TX 75001');
    expect(ok).toMatchObject({ success: true, data: { estimated_value: 1 } });
    expect(calls[0]!.url).toBe('https://api.batchdata.com/api/v1/property/lookup/all-attributes');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer key-1234567890');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ requests: [{ address: { street: '1 A St', city: 'B', state: 'TX', zip: '75001' } }] });
    const none = await batchDataEnrichment('key-1234567890', answer(200, { results: { properties: [] } }) as typeof fetch).lookupProperty('x st, y, TX');
    expect(none).toEqual({ success: true });
    const denied = await batchDataEnrichment('key-1234567890', answer(403, { status: { message: 'Insufficient balance' } }) as typeof fetch).lookupProperty('1 A St');
    expect(denied).toEqual({ success: false, error: 'Insufficient balance' });
  });
});
