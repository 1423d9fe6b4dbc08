import { describe, expect, it } from 'vitest';
import { certaintyFactors, rankBuyerOffers, type RankableOffer } from './rank';

const today = '2026-03-01';
const offer = (o: Partial<RankableOffer> & { id: string }): RankableOffer => ({
  buyer_id: `buyer-${o.id}`,
  amount: 112_000,
  earnest_money: 5_000,
  close_by: '2026-03-15',
  financing: 'cash',
  proof_of_funds: 'Bank letter',
  status: 'received',
  ...o,
});
const points = (o: RankableOffer, history: Record<string, number> = {}) =>
  Object.fromEntries(certaintyFactors(o, { today, history }).map((f) => [f.factor, f.points]));

describe('certaintyFactors', () => {
  it('gives each factor its points: proof of funds, earnest money, days to close, financing and history', () => {
    expect(points(offer({ id: 'a' }), { 'buyer-a': 2 })).toEqual({ proof_of_funds: 25, earnest_money: 25, days_to_close: 20, financing: 15, history: 10 });
  });

  it('scales earnest money below 1 % of the offer and steps the days to close down', () => {
    // 1 % of 100,000 is 1,000: 500 is half the points.
    expect(points(offer({ id: 'a', amount: 100_000, earnest_money: 500 })).earnest_money).toBe(13);
    expect(points(offer({ id: 'a', close_by: '2026-03-31' })).days_to_close).toBe(15);
    expect(points(offer({ id: 'a', close_by: '2026-04-15' })).days_to_close).toBe(8);
    expect(points(offer({ id: 'a', close_by: '2026-05-01' })).days_to_close).toBe(0);
  });

  it('gives a close-by date already passed no points and says so', () => {
    const late = offer({ id: 'a', close_by: '2026-02-20' });
    expect(certaintyFactors(late, { today, history: {} }).find((f) => f.factor === 'days_to_close')).toEqual({ factor: 'days_to_close', points: 0, detail: 'Close-by date has passed' });
    expect(rankBuyerOffers([late], { contractPrice: 100_000, today, history: {} })[0]!.reason).toBe('Best net fee ($12,000) with proof of funds, cash and a close-by date that has passed');
  });

  it('scores financing and caps the history at 15', () => {
    expect(points(offer({ id: 'a', financing: 'hard_money' })).financing).toBe(10);
    expect(points(offer({ id: 'a', financing: 'private_money' })).financing).toBe(10);
    expect(points(offer({ id: 'a', financing: 'conventional' })).financing).toBe(3);
    expect(points(offer({ id: 'a', financing: 'other' })).financing).toBe(5);
    expect(points(offer({ id: 'a' }), { 'buyer-a': 7 }).history).toBe(15);
    expect(points(offer({ id: 'a', proof_of_funds: '  ' })).proof_of_funds).toBe(0);
  });
});

describe('rankBuyerOffers', () => {
  it('ranks by net fee × certainty: a sure smaller fee beats an unsure larger one', () => {
    const sure = offer({ id: 'sure' }); // net 12,000 × 85 % = 10,200
    const big = offer({ id: 'big', amount: 118_000, earnest_money: 0, proof_of_funds: null, financing: 'conventional', close_by: '2026-05-01' }); // 18,000 × 3 %
    const ranked = rankBuyerOffers([big, sure], { contractPrice: 100_000, today, history: {} });
    expect(ranked.map((r) => [r.id, r.rank, r.net_fee, r.certainty])).toEqual([
      ['big', 2, 18_000, 3],
      ['sure', 1, 12_000, 85],
    ]);
    expect(ranked[1]!.reason).toBe('Best net fee ($12,000) with proof of funds, cash and a 14-day close');
    expect(ranked[0]!.reason).toBe('Net fee ($18,000) with no proof of funds and a 61-day close');
  });

  it('leaves declined and withdrawn offers unranked and ranks the rest 1..n', () => {
    const ranked = rankBuyerOffers(
      [offer({ id: 'a', status: 'declined' }), offer({ id: 'b', amount: 105_000 }), offer({ id: 'c', status: 'backup' }), offer({ id: 'd', status: 'withdrawn' })],
      { contractPrice: 100_000, today, history: {} },
    );
    expect(ranked.map((r) => [r.id, r.rank, r.reason.split(' ')[0]])).toEqual([
      ['a', null, 'Declined'],
      ['b', 2, 'Net'],
      ['c', 1, 'Best'],
      ['d', null, 'Withdrawn'],
    ]);
  });

  it('without a contract price ranks by amount × certainty and has no net fee', () => {
    const ranked = rankBuyerOffers([offer({ id: 'low', amount: 90_000 }), offer({ id: 'high', amount: 95_000 })], { contractPrice: null, today, history: {} });
    expect(ranked.map((r) => [r.id, r.rank, r.net_fee])).toEqual([
      ['low', 2, null],
      ['high', 1, null],
    ]);
    expect(ranked[1]!.reason).toBe('Best offer ($95,000) with proof of funds, cash and a 14-day close');
  });

  it('counts the buyer’s history: the same offer from a buyer who closed with you ranks first', () => {
    const ranked = rankBuyerOffers([offer({ id: 'new' }), offer({ id: 'known' })], { contractPrice: 100_000, today, history: { 'buyer-known': 3 } });
    expect(ranked.find((r) => r.id === 'known')!.rank).toBe(1);
    expect(ranked.find((r) => r.id === 'known')!.certainty).toBe(100);
  });
});
