import { publicRoomSchema } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { repairLines } from './public-room';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

/** What the seller and the organization keep to themselves: none of it may reach a buyer. */
const PRIVATE = {
  sellerFirst: 'Zenobia',
  sellerLast: 'Quackenbush',
  sellerPhone: '5125550173',
  sellerEmail: 'zenobia.q@sellers.example',
  mailing: '77 Secret Mailing Blvd',
  mailingCity: 'Hiddenville',
  notes: 'Seller is motivated by a divorce',
  dealNotes: 'Walk away below 150k',
};

describe.each(DB_KINDS)('the public deal room on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  const ok = async (method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await t.request(method, url, { cookie: a.cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };

  beforeAll(async () => {
    a = await t.createOrg('Leak Test Realty');
  });

  it('shows the property, the figures a buyer needs and the room, and nothing of the seller or the organization', async () => {
    const lead = await ok('POST', '/api/leads', {
      owner_1_name: `${PRIVATE.sellerFirst} ${PRIVATE.sellerLast}`, owner_1_first_name: PRIVATE.sellerFirst, owner_1_last_name: PRIVATE.sellerLast,
      contact_1_name: `${PRIVATE.sellerFirst} ${PRIVATE.sellerLast}`, contact_1_phone1: PRIVATE.sellerPhone, contact_1_email1: PRIVATE.sellerEmail,
      mailing_address_full: `${PRIVATE.mailing}, ${PRIVATE.mailingCity}, TX 78799`, mailing_address_line_1: PRIVATE.mailing, mailing_address_city: PRIVATE.mailingCity,
      property_address_full: '808 Larkspur Ave, Austin, TX 78702', property_address: '808 Larkspur Ave', property_address_city: 'Austin', property_address_state: 'TX',
      property_address_zipcode: '78702', property_type: 'Single Family', total_bedrooms: 3, total_baths: 2, building_square_feet: 1450, year_built: 1962, lot_square_feet: 6500,
      notes: PRIVATE.notes,
    }, 201);
    const deal = await ok('POST', '/api/deals', { lead_id: lead.id, contract_price: 187_654, target_fee: 23_456, assignment_fee: 31_337, notes: PRIVATE.dealNotes }, 201);
    await ok('POST', `/api/deals/${deal.id}/analyses`, {
      inputs: { repairMode: 'items', items: [{ id: 'l1', category: 'roof', quantity: 1, unitCost: 9_000 }, { id: 'l2', category: 'paint', quantity: 1450, unitCost: 3 }], contingencyPercent: 10 },
      arv: 320_000, repair_estimate: 14_685,
    }, 201);
    await ok('POST', `/api/deals/${deal.id}/room`, { asking_price: 215_000, earnest_money_required: 5_000, closing_date: '2030-02-01', contact_phone: '512-555-0100' }, 201);
    const comp = { address: '812 Larkspur Ave', sold_price: 318_000, sold_on: '2026-08-14', beds: 3, baths: 2, sqft: 1500, distance_miles: 0.1 };
    expect((await ok('PATCH', `/api/deals/${deal.id}/room`, { comps: [comp] })).comps).toEqual([comp]);
    const room = await ok('GET', `/api/deals/${deal.id}/room`);

    const res = await t.app.inject({ method: 'GET', url: `/api/public/deal-rooms/${room.slug}` });
    expect(res.statusCode).toBe(200);
    const answer = publicRoomSchema.strict().parse(res.json());
    expect(answer).toMatchObject({
      headline: '808 Larkspur Ave, Austin, TX 78702',
      organization_name: 'Leak Test Realty',
      property: { address: '808 Larkspur Ave', city: 'Austin', state: 'TX', zip: '78702', property_type: 'Single Family', beds: 3, baths: 2, sqft: 1450, year_built: 1962, lot_size: 6500 },
      asking_price: 215_000, arv: 320_000, repair_estimate: 14_685, earnest_money_required: 5_000, closing_date: '2030-02-01',
      contact: { name: expect.any(String), phone: '512-555-0100', email: a.email },
      comps: [{ address: '812 Larkspur Ave', sold_price: 318_000, sold_on: '2026-08-14', beds: 3, baths: 2, sqft: 1500, distance_miles: 0.1 }],
      repairs: [{ label: 'Roof', amount: 9_000 }, { label: 'Paint', amount: 4_350 }, { label: 'Contingency (10%)', amount: 1_335 }],
    });

    const serialized = res.body;
    const forbidden = [
      ...Object.values(PRIVATE), '555-0173', '512) 555', lead.id, deal.id, a.organizationId, a.userId,
      '187654', '187,654', '23456', '23,456', '31337', '31,337', 'contract_price', 'assignment_fee', 'target_fee', 'buyer_price', '"notes"', '"status"', '"owner_', 'mailing',
    ];
    expect(forbidden.filter((s) => serialized.includes(s))).toEqual([]);
  });

  it('reads the repair lines of a tier estimate, and none from an analysis saved in another form', () => {
    expect(repairLines({ repairMode: 'tier', tier: 'moderate', sqft: 1000, tierRates: { moderate: 30 }, contingencyPercent: 0 })).toEqual([{ label: 'Moderate rehab, 1,000 sq ft', amount: 30_000 }]);
    expect(repairLines({ note: 'free text' })).toEqual([]);
    expect(repairLines(null)).toEqual([]);
  });
});
