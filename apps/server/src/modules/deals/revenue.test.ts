import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';

type Caller = { cookie: string; userId: string };
const DAY = 86_400_000;

/**
 * GET /api/deals/revenue?owner=: two members' deals with hand-set dates, and the figures for each and for all.
 * Closed deals (fee, closed in, days lead → contract, days contract → close):
 *   Ann  A1 10,000 this month 10 / 30;  A2 18,000 actual (20,000 expected) last month 20 / 20
 *   Max  M1  6,000 this month  4 / 16
 * Open: Ann analyzing (target 10,000 × 10 %), Max under contract (12,000 × 60 %), nobody's marketing (5,000 × 70 %).
 * Ann's dead deal counts nowhere. Referrals: Ann sent one expecting 3,000; Max one expecting 1,500, 1,000 received.
 */
describe.each(DB_KINDS)('revenue by owner on %s', (kind) => {
  const t = useTestApp(kind);
  let ann: Caller;
  let max: Caller;
  let other: Caller;
  const now = new Date();
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12));
  const key = (d: Date) => d.toISOString().slice(0, 7);

  const call = async (who: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: who.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (who: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, status = 200) => {
    const res = await call(who, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  const newLead = (who: Caller, street: string, estimated_value?: number) =>
    ok(who, 'POST', '/api/leads', { owner_1_name: `Owner of ${street}`, property_address_full: `${street}, Austin, TX 78701`, estimated_value }, 201);
  const deal = async (who: Caller, street: string, fields: Record<string, unknown>, stage?: Record<string, unknown>) => {
    const lead = await newLead(who, street);
    const made = await ok(who, 'POST', '/api/deals', { lead_id: lead.id, ...fields }, 201);
    return stage ? ok(who, 'POST', `/api/deals/${made.id}/stage`, stage) : made;
  };
  /** Dates a closed deal: closed at `closedAt`, contracted `toClose` days before, its lead created `toContract` days before that. */
  const dated = (d: { id: string; lead_id: string }, closedAt: Date, toContract: number, toClose: number) =>
    withSystem(t.database.db, async (tx) => {
      const contractedAt = new Date(closedAt.getTime() - toClose * DAY);
      await tx.updateTable('deals').set({ closed_at: closedAt, contracted_at: contractedAt }).where('id', '=', d.id).execute();
      await tx.updateTable('leads').set({ created_at: new Date(contractedAt.getTime() - toContract * DAY) }).where('id', '=', d.lead_id).execute();
    });
  const revenue = async (who: Caller, owner?: string) => ok(who, 'GET', `/api/deals/revenue?months=12${owner ? `&owner=${encodeURIComponent(owner)}` : ''}`);
  const months = (r: { closedByMonth: { month: string; fees: number; deals: number }[] }) => r.closedByMonth.filter((m) => m.deals > 0);
  const stages = (r: { pipeline: { byStage: { stage: string; deals: number; fees: number; weighted: number }[] } }) =>
    Object.fromEntries(r.pipeline.byStage.filter((s) => s.deals > 0).map((s) => [s.stage, [s.deals, s.fees, s.weighted]]));

  beforeAll(async () => {
    const org = await t.createOrg('Revenue by owner');
    ann = { cookie: org.cookie, userId: org.userId };
    max = await addMember(t, org.organizationId, 'max@revenue.test');
    const foreign = await t.createOrg('Revenue elsewhere');
    other = { cookie: foreign.cookie, userId: foreign.userId };
    await deal(other, '1 Elsewhere Road', { assignment_fee: 50_000 });

    const buyer = await ok(ann, 'POST', '/api/buyers', { contact_name: 'Cash Buyer' }, 201);
    const sold = (fee: number) => ({ buyer_id: buyer.id, contract_price: 100_000, assignment_fee: fee });
    await dated(await deal(ann, '1 Ann Street', sold(10_000), { stage: 'closed' }), thisMonth, 10, 30);
    await dated(await deal(ann, '2 Ann Street', { ...sold(20_000), assignment_fee_actual: 18_000 }, { stage: 'closed' }), lastMonth, 20, 20);
    await dated(await deal(max, '1 Max Street', sold(6_000), { stage: 'closed' }), thisMonth, 4, 16);
    await deal(ann, '3 Ann Street', { target_fee: 10_000 });
    await deal(ann, '4 Ann Street', { assignment_fee: 99_000 }, { stage: 'dead', reason: 'Seller kept the house' });
    await deal(max, '2 Max Street', { assignment_fee: 12_000 }, { stage: 'under_contract', fields: { contract_price: 90_000 } });
    const nobody = await deal(ann, '5 Ann Street', { assignment_fee: 5_000, owner_user_id: null }, { stage: 'marketing', fields: { contract_price: 80_000 } });
    expect(nobody.owner_user_id).toBeNull();

    const partner = await ok(ann, 'POST', '/api/referral-partners', { name: 'Jo Realtor', license_number: 'TX-1', license_state: 'TX', referral_fee_percent: 25, email: 'jo@realty.test' }, 201);
    const refer = async (who: Caller, street: string, value: number) =>
      (await ok(who, 'POST', '/api/referrals', { partner_id: partner.id, lead_id: (await newLead(who, street, value)).id }, 201)).referral;
    await refer(ann, '9 Ann Street', 400_000); // 400,000 × 3 % × 25 % = 3,000
    const maxs = await refer(max, '9 Max Street', 200_000); // 1,500
    await ok(max, 'PATCH', `/api/referrals/${maxs.id}`, { fee_received: 1_000 });
  });

  it("narrows every figure to one owner's deals", async () => {
    const a = await revenue(max, ann.userId);
    expect(months(a)).toEqual([
      { month: key(lastMonth), fees: 18_000, deals: 1 },
      { month: key(thisMonth), fees: 10_000, deals: 1 },
    ]);
    expect(a.closedByMember).toEqual([{ user_id: ann.userId, name: expect.any(String), fees: 28_000, deals: 2 }]);
    expect(a).toMatchObject({ closedDeals: 2, averageFee: 14_000, averageDays: { leadToContract: 15, contractToClose: 25 } });
    expect(stages(a)).toEqual({ analyzing: [1, 10_000, 1_000] });
    expect(a.pipeline).toMatchObject({ weighted: 1_000, unweighted: 10_000 });
    expect(a.referralFees).toEqual({ expected: 3_000, expectedReferrals: 1, received: 0, receivedReferrals: 0 });

    const m = await revenue(ann, max.userId);
    expect(months(m)).toEqual([{ month: key(thisMonth), fees: 6_000, deals: 1 }]);
    expect(m.closedByMember).toEqual([{ user_id: max.userId, name: 'max', fees: 6_000, deals: 1 }]);
    expect(m).toMatchObject({ closedDeals: 1, averageFee: 6_000, averageDays: { leadToContract: 4, contractToClose: 16 } });
    expect(stages(m)).toEqual({ under_contract: [1, 12_000, 7_200] });
    expect(m.pipeline).toMatchObject({ weighted: 7_200, unweighted: 12_000 });
    expect(m.referralFees).toEqual({ expected: 1_500, expectedReferrals: 1, received: 1_000, receivedReferrals: 1 });
  });

  it("counts everyone's deals, the unowned included, without an owner", async () => {
    const all = await revenue(ann);
    expect(months(all)).toEqual([
      { month: key(lastMonth), fees: 18_000, deals: 1 },
      { month: key(thisMonth), fees: 16_000, deals: 2 },
    ]);
    expect(all.closedByMember.map((x: { user_id: string; fees: number; deals: number }) => [x.user_id, x.fees, x.deals])).toEqual([
      [ann.userId, 28_000, 2],
      [max.userId, 6_000, 1],
    ]);
    // 34,000 / 3; (10 + 20 + 4) / 3 days to contract; (30 + 20 + 16) / 3 to close.
    expect(all).toMatchObject({ closedDeals: 3, averageFee: 11_333, averageDays: { leadToContract: 11.3, contractToClose: 22 } });
    expect(stages(all)).toEqual({ analyzing: [1, 10_000, 1_000], under_contract: [1, 12_000, 7_200], marketing: [1, 5_000, 3_500] });
    expect(all.pipeline).toMatchObject({ weighted: 11_700, unweighted: 27_000 });
    expect(all.referralFees).toEqual({ expected: 4_500, expectedReferrals: 2, received: 1_000, receivedReferrals: 1 });
  });

  it("finds nothing of ours for another organization's member, and refuses a malformed owner", async () => {
    const empty = await revenue(ann, other.userId);
    expect(months(empty)).toEqual([]);
    expect(empty).toMatchObject({ closedByMember: [], closedDeals: 0, averageFee: null, averageDays: { leadToContract: null, contractToClose: null } });
    expect(empty.pipeline).toMatchObject({ weighted: 0, unweighted: 0 });
    expect(empty.referralFees).toEqual({ expected: 0, expectedReferrals: 0, received: 0, receivedReferrals: 0 });
    // And the other organization, asking for our member, sees none of our deals (its own deal is not hers).
    expect((await revenue(other, ann.userId)).pipeline.unweighted).toBe(0);
    expect((await revenue(other)).pipeline.unweighted).toBe(50_000);

    for (const bad of ['owner=', `owner=${'x'.repeat(101)}`, 'owner=a&owner=b']) {
      const res = await call(ann, 'GET', `/api/deals/revenue?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('owner: expected a member id');
    }
  });
});
