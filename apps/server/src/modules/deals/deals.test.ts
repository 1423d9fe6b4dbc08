import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('deals API on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const call = async (org: Org, method: Parameters<TestApp['request']>[0], url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (org: Org, method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await call(org, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  const newLead = (org: Org, street: string) =>
    ok(org, 'POST', '/api/leads', { owner_1_name: `Owner of ${street}`, property_address_full: `${street}, Austin, TX 78701`, status: 'discovery' }, 201);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    a = await t.createOrg('Deals A');
    b = await t.createOrg('Deals B');
  });

  it('starts one open deal per lead, computes MAO from the organization rule, and keeps other organizations out', async () => {
    const lead = await newLead(a, '12 Quartz Lane');
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: lead.id, arv: 200_000, repair_estimate: 30_000, target_fee: 10_000 }, 201);
    expect(deal).toMatchObject({ stage: 'analyzing', lead_name: 'Owner of 12 Quartz Lane', owner_user_id: a.userId, mao: 110_000, max_offer: 100_000, offers: [] });
    const second = await call(a, 'POST', '/api/deals', { lead_id: lead.id });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain(deal.id);
    expect(second.body.error.message).toMatch(/already has an open deal \(Analyzing/);
    // The lead follows its deal.
    expect((await ok(a, 'GET', `/api/leads/${lead.id}`)).status).toBe('interested-set-offer');
    // 65 % rule: MAO follows the setting.
    await ok(a, 'PUT', '/api/deals/settings', { maoPercent: 65 });
    expect((await ok(a, 'GET', `/api/deals/${deal.id}`)).mao).toBe(100_000);
    await ok(a, 'PUT', '/api/deals/settings', { maoPercent: 70 });
    // Organization B sees none of it.
    expect((await call(b, 'GET', `/api/deals/${deal.id}`)).status).toBe(404);
    expect((await call(b, 'PATCH', `/api/deals/${deal.id}`, { notes: 'x' })).status).toBe(404);
    expect((await call(b, 'POST', '/api/deals', { lead_id: lead.id })).status).toBe(404);
    expect(await ok(b, 'GET', '/api/deals')).toEqual({ items: [], total: 0 });
    // Another organization's buyer or a non-member owner is refused by name.
    const buyerB = await ok(b, 'POST', '/api/buyers', { contact_name: 'B buyer' }, 201);
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}`, { buyer_id: buyerB.id })).body.error.message).toMatch(/^buyer_id: /);
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}`, { owner_user_id: b.userId })).body.error.message).toMatch(/^owner_user_id: /);
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}`, { arv: -5 })).body.error.message).toBe('arv: must be 0 or more');
  });

  it('refuses a stage move that lacks its data, naming it, and accepts the data with the move', async () => {
    const lead = await newLead(a, '40 Flint Road');
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    const refused = async (body: unknown) => (await call(a, 'POST', `/api/deals/${deal.id}/stage`, body)).body.error.message;
    expect(await refused({ stage: 'under_contract' })).toBe('Under contract needs a contract price');
    expect(await refused({ stage: 'assigned' })).toBe('Assigned needs a contract price, a buyer and an assignment fee');
    expect(await refused({ stage: 'dead' })).toBe('Dead needs a reason');
    expect(await refused({ stage: 'sold' })).toMatch(/^stage: expected one of analyzing/);

    const dates = { earnest_money: 2000, earnest_money_due: inDays(1), inspection_ends: inDays(7), closing_date: inDays(30) };
    const contracted = await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract', fields: { contract_price: 150_000, ...dates } });
    expect(contracted).toMatchObject({ stage: 'under_contract', contract_price: 150_000, earnest_money_due: dates.earnest_money_due });
    expect(contracted.contracted_at).toBeTruthy();
    expect((await ok(a, 'GET', `/api/leads/${lead.id}`)).status).toBe('under-contract');

    // Three deadline tasks, one per date; a moved date moves its task.
    const tasks = async () => (await ok(a, 'GET', `/api/tasks?leadId=${lead.id}`)).items.filter((x: { deal_id: string | null }) => x.deal_id === deal.id);
    expect((await tasks()).map((x: { reason: string }) => x.reason.split(' — ')[0]).sort()).toEqual(['Closing', 'Earnest money due', 'Inspection period ends']);
    await ok(a, 'PATCH', `/api/deals/${deal.id}`, { closing_date: inDays(45) });
    const closing = (await tasks()).find((x: { reason: string }) => x.reason.startsWith('Closing'));
    expect(closing.proposed_time.slice(0, 10)).toBe(inDays(45));
    expect(await tasks()).toHaveLength(3);
    // The earnest money is due tomorrow: the deal needs action today.
    const due = await ok(a, 'GET', '/api/deals/due');
    expect(due.items.find((d: { id: string }) => d.id === deal.id).next_deadline).toEqual({ kind: 'earnest_money', date: dates.earnest_money_due });

    const buyer = await ok(a, 'POST', '/api/buyers', { contact_name: 'Cash Carl' }, 201);
    const assigned = await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'assigned', fields: { buyer_id: buyer.id, buyer_price: 165_000, assignment_fee: 15_000 } });
    expect(assigned).toMatchObject({ stage: 'assigned', buyer_name: 'Cash Carl', assignment_fee: 15_000 });
    const closed = await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'closed' });
    expect(closed).toMatchObject({ stage: 'closed', assignment_fee_actual: 15_000 });
    expect(closed.closed_at).toBeTruthy();
    expect(await tasks()).toEqual([]);
    expect((await ok(a, 'GET', `/api/leads/${lead.id}`)).status).toBe('closed');
    // A closed deal frees the lead for a new one.
    await ok(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);

    const timeline = (await ok(a, 'GET', `/api/deals/${deal.id}/timeline`)).items;
    expect(timeline.map((e: { summary: string }) => e.summary)).toEqual([
      'Moved from Assigned to Closed',
      'Moved from Under contract to Assigned',
      'Changed closing date',
      'Moved from Analyzing to Under contract',
      'Deal started',
    ]);
    expect(timeline[2]).toMatchObject({ kind: 'updated', user_id: a.userId, changes: { closing_date: { from: dates.closing_date, to: inDays(45) } } });
  });

  it('records offers (the first moves the deal to Offer made; an accepted one sets the contract price) and versioned analyses', async () => {
    const lead = await newLead(a, '7 Slate Street');
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    const offer = await ok(a, 'POST', `/api/deals/${deal.id}/seller-offers`, { amount: 120_000, terms: 'Cash, 14 days' }, 201);
    expect(offer).toMatchObject({ amount: 120_000, status: 'sent', terms: 'Cash, 14 days' });
    expect((await ok(a, 'GET', `/api/deals/${deal.id}`)).stage).toBe('offer_made');
    await ok(a, 'PATCH', `/api/deals/${deal.id}/seller-offers/${offer.id}`, { status: 'countered', counter_amount: 128_000 });
    await ok(a, 'PATCH', `/api/deals/${deal.id}/seller-offers/${offer.id}`, { status: 'accepted' });
    const read = await ok(a, 'GET', `/api/deals/${deal.id}`);
    expect(read).toMatchObject({ contract_price: 128_000, offers: [{ id: offer.id, status: 'accepted', counter_amount: 128_000 }] });
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}/seller-offers/${crypto.randomUUID()}`, { status: 'rejected' })).status).toBe(404);

    for (const arv of [210_000, 220_000]) {
      await ok(a, 'POST', `/api/deals/${deal.id}/analyses`, { inputs: { arv, lines: [{ category: 'roof', qty: 1, unit: 9000 }] }, arv, repair_estimate: 25_000, target_fee: 8_000 }, 201);
    }
    const analyses = (await ok(a, 'GET', `/api/deals/${deal.id}/analyses`)).items;
    expect(analyses.map((x: { version: number; arv: number }) => [x.version, x.arv])).toEqual([[2, 220_000], [1, 210_000]]);
    expect(analyses[0].inputs).toEqual({ arv: 220_000, lines: [{ category: 'roof', qty: 1, unit: 9000 }] });
    expect(await ok(a, 'GET', `/api/deals/${deal.id}`)).toMatchObject({ arv: 220_000, repair_estimate: 25_000, target_fee: 8_000, mao: 129_000, max_offer: 121_000 });
    expect((await call(b, 'GET', `/api/deals/${deal.id}/analyses`)).status).toBe(404);
    expect((await call(b, 'POST', `/api/deals/${deal.id}/seller-offers`, { amount: 1 })).status).toBe(404);
  });

  it('lists by stage, owner and search, and sums revenue by month, member and weighted stage', async () => {
    const c = await t.createOrg('Deals C');
    const make = async (street: string, fields: Record<string, unknown>, stage?: Record<string, unknown>) => {
      const lead = await newLead(c, street);
      const deal = await ok(c, 'POST', '/api/deals', { lead_id: lead.id, ...fields }, 201);
      return stage ? ok(c, 'POST', `/api/deals/${deal.id}/stage`, stage) : deal;
    };
    const buyer = await ok(c, 'POST', '/api/buyers', { contact_name: 'Buyer C' }, 201);
    const sold = { buyer_id: buyer.id, contract_price: 100_000 };
    await make('1 Onyx Ave', { ...sold, assignment_fee: 10_000 }, { stage: 'closed' });
    await make('2 Onyx Ave', { ...sold, assignment_fee: 20_000, assignment_fee_actual: 18_000 }, { stage: 'closed' });
    await make('3 Onyx Ave', { target_fee: 10_000 });
    await make('4 Onyx Ave', { assignment_fee: 12_000 }, { stage: 'under_contract', fields: { contract_price: 90_000 } });
    await make('5 Onyx Ave', {}, { stage: 'dead', reason: 'Seller sold to a retail buyer' });

    const list = async (q: string) => (await ok(c, 'GET', `/api/deals${q}`)) as { items: { property_address: string; stage: string }[]; total: number };
    expect((await list('?stage=open')).total).toBe(2);
    expect((await list('?stage=closed')).total).toBe(2);
    expect((await list('?stage=dead')).items[0]).toMatchObject({ stage: 'dead', dead_reason: 'Seller sold to a retail buyer' });
    expect((await list('?search=4%20onyx')).items.map((d) => d.property_address)).toEqual(['4 Onyx Ave, Austin, TX 78701']);
    expect((await list(`?owner=${c.userId}&limit=2`)).items).toHaveLength(2);
    expect((await call(c, 'GET', '/api/deals?limit=0')).body.error.message).toBe('limit: must be 1 or more');

    const r = await ok(c, 'GET', '/api/deals/revenue?months=3');
    expect(r.closedByMonth).toHaveLength(3);
    expect(r.closedByMonth[2]).toEqual({ month: new Date().toISOString().slice(0, 7), fees: 28_000, deals: 2 });
    expect(r.closedByMember).toEqual([{ user_id: c.userId, name: expect.any(String), fees: 28_000, deals: 2 }]);
    expect(r.averageFee).toBe(14_000);
    expect(r.closedDeals).toBe(2);
    // Open: analyzing with a 10,000 target fee at 10 %, under contract with a 12,000 fee at 60 %.
    expect(r.pipeline.byStage.find((s: { stage: string }) => s.stage === 'analyzing')).toEqual({ stage: 'analyzing', deals: 1, fees: 10_000, probability: 10, weighted: 1_000 });
    expect(r.pipeline.weighted).toBe(1_000 + 7_200);
    expect(r.pipeline.unweighted).toBe(22_000);
    expect(r.averageDays.contractToClose).toBe(0);
  });
});
