import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('buy boxes and matching on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const ok = async (org: Org, method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.body ? res.json() : null;
  };
  const buyer = (org: Org, contact_name: string, buyer_score: number, buy_box: unknown) => ok(org, 'POST', '/api/buyers', { contact_name, buyer_score, buy_box }, 201);
  /** A lead in Austin and its deal under contract at $180,000 with a $10,000 fee: $190,000 to buyers. */
  const dealUnderContract = async (org: Org, street: string, facts: Record<string, unknown>) => {
    const lead = await ok(org, 'POST', '/api/leads', {
      owner_1_name: `Owner of ${street}`, property_address_full: `${street}, Austin, TX 78701`, property_address_city: 'Austin', property_address_state: 'TX',
      property_address_zip: '78701', ...facts,
    }, 201);
    const deal = await ok(org, 'POST', '/api/deals', { lead_id: lead.id, arv: 300_000, repair_estimate: 45_000, target_fee: 10_000 }, 201);
    await ok(org, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract', fields: { contract_price: 180_000 } });
    return deal;
  };

  let deal: { id: string };
  let ids: Record<string, string>;
  beforeAll(async () => {
    a = await t.createOrg('Match A');
    b = await t.createOrg('Match B');
    deal = await dealUnderContract(a, '5 Match Street', { property_type: 'SFR', total_bedrooms: 3, total_baths: 2 });
    ids = {
      exact: (await buyer(a, 'Exact Fit', 40, { cities: ['Austin'], property_kinds: ['single_family'], price_max: 200_000, min_beds: 3, max_repairs: 50_000 })).id,
      // $190,000 is $40,000 over its $150,000 maximum (off 27 %): 1 + 0.73 of 2.
      pricey: (await buyer(a, 'Price Miss', 90, { states: ['TX'], price_max: 150_000 })).id,
      wrongKind: (await buyer(a, 'Condo Only', 99, { property_kinds: ['condo'] })).id,
      open: (await buyer(a, 'Anything Goes', 10, {})).id,
    };
    await ok(a, 'POST', '/api/buyers', { contact_name: 'Retired', is_active: false, buy_box: { states: ['TX'] } }, 201);
  });

  it('stores a buy box with its defaults and refuses a bad one by name', async () => {
    const stored = await ok(a, 'GET', `/api/buyers/${ids.exact}`);
    expect(stored.buy_box).toMatchObject({ cities: ['Austin'], states: [], price_min: null, price_max: 200_000, radius: null, proof_of_funds: null });
    const bad = await t.request('PATCH', `/api/buyers/${ids.exact}`, { cookie: a.cookie, body: { buy_box: { zip_codes: ['7870'] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/zip_codes: each must be a 5-digit ZIP code/);
    const updated = await ok(a, 'PATCH', `/api/buyers/${ids.exact}`, {
      buy_box: { ...stored.buy_box, strategies: ['flip'], proof_of_funds: { amount: 500_000, dated: '2026-11-01', document: 'Chase letter' }, close_within_days: 14 },
    });
    expect(updated.buy_box).toMatchObject({ strategies: ['flip'], proof_of_funds: { amount: 500_000, dated: '2026-11-01' }, close_within_days: 14, cities: ['Austin'] });
  });

  it("ranks a deal's active buyers by fit, each criterion with its reason", async () => {
    const matches = await ok(a, 'GET', `/api/deals/${deal.id}/matches`);
    expect(matches.property).toMatchObject({ state: 'TX', city: 'Austin', zip: '78701', property_type: 'SFR', beds: 3, baths: 2, price: 190_000, repairs: 45_000 });
    const rows = matches.items.map((m: { buyer: { contact_name: string }; fit: { fit: number; reason: string } }) => [m.buyer.contact_name, m.fit.fit, m.fit.reason]);
    expect(rows).toEqual([
      ['Exact Fit', 100, 'Meets all 5 criteria'],
      ['Anything Goes', 100, 'No buy box yet: open to any deal'],
      ['Price Miss', 87, 'Meets 1 of 2: $190,000 is $40,000 above the $150,000 maximum'],
      ['Condo Only', 0, 'Meets 0 of 1: Single family is not a type bought'],
    ]);
  });

  it("ranks the open deals for a buyer, and counts the deals a buyer took", async () => {
    const other = await dealUnderContract(a, '9 Far Road', { property_type: 'Condominium', total_bedrooms: 1 });
    const forExact = (await ok(a, 'GET', `/api/buyers/${ids.exact}/matches`)).items;
    expect(forExact.map((m: { deal: { id: string } }) => m.deal.id)).toEqual([deal.id, other.id]);
    expect(forExact[0]).toMatchObject({ deal: { stage: 'under_contract', price: 190_000, lead_name: 'Owner of 5 Match Street' }, fit: { fit: 100 } });
    expect(forExact[1].fit.missed).toBe(2);
    // Assigned to a buyer, the deal is no longer for sale, and counts as one that buyer took.
    await ok(a, 'POST', `/api/deals/${other.id}/stage`, { stage: 'assigned', fields: { buyer_id: ids.wrongKind, buyer_price: 200_000, assignment_fee: 20_000 } });
    expect((await ok(a, 'GET', `/api/buyers/${ids.wrongKind}/matches`)).items.map((m: { deal: { id: string } }) => m.deal.id)).toEqual([deal.id]);
    const condo = (await ok(a, 'GET', `/api/deals/${deal.id}/matches`)).items.find((m: { buyer: { id: string } }) => m.buyer.id === ids.wrongKind);
    expect(condo).toMatchObject({ deals_taken: 1, closes: 0 });
  });

  it("answers 404 for another organization's deal or buyer, and 400 for a malformed id", async () => {
    expect((await t.request('GET', `/api/deals/${deal.id}/matches`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/buyers/${ids.exact}/matches`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/deals/nope/matches', { cookie: a.cookie })).statusCode).toBe(400);
  });
});
