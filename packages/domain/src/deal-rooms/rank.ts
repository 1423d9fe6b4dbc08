import { formatUsd } from '../leads/display';
import type { BuyerOffer, BuyerOfferStatus, Financing } from './offer-api';

/** What ranking needs of an offer. */
export interface RankableOffer {
  id: string;
  buyer_id: string;
  amount: number;
  earnest_money: number;
  close_by: string;
  financing: Financing;
  proof_of_funds: string | null;
  status: BuyerOfferStatus;
}

export interface RankContext {
  /** The deal's contract price; without one offers rank by amount × certainty. */
  contractPrice: number | null;
  /** YYYY-MM-DD, for the days to close. */
  today: string;
  /** Per buyer id: deals the buyer took from or closed with the organization. */
  history: Readonly<Record<string, number>>;
}

type Ranked = Pick<BuyerOffer, 'net_fee' | 'certainty' | 'factors' | 'rank' | 'reason'>;
type Factor = BuyerOffer['factors'][number];

const IN_PLAY: readonly BuyerOfferStatus[] = ['received', 'accepted', 'backup'];
const FINANCING_POINTS: { readonly [F in Financing]: number } = { cash: 15, hard_money: 10, private_money: 10, conventional: 3, other: 5 };
const FINANCING_WORDS: { readonly [F in Financing]: string } = {
  cash: 'cash', hard_money: 'hard money', private_money: 'private money', conventional: 'a conventional loan', other: 'other financing',
};

/** Whole days from `today` to `date` (both YYYY-MM-DD). */
export const daysUntil = (today: string, date: string) => Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);

/** A close-by date already passed earns nothing: the buyer has not said when they can close now. */
function closePoints(days: number): number {
  if (days < 0) return 0;
  if (days <= 14) return 20;
  if (days <= 30) return 15;
  if (days <= 45) return 8;
  return 0;
}

/**
 * An offer's certainty, 0–100: proof of funds 25; earnest money of 1 % of the amount or more 25 (less scales down);
 * days to close up to 20; financing up to 15; the buyer's deals with the organization 5 each, up to 15.
 */
export function certaintyFactors(offer: RankableOffer, ctx: Pick<RankContext, 'today' | 'history'>): Factor[] {
  const days = daysUntil(ctx.today, offer.close_by);
  const onePercent = offer.amount / 100;
  const deals = ctx.history[offer.buyer_id] ?? 0;
  const pof = Boolean(offer.proof_of_funds?.trim());
  return [
    { factor: 'proof_of_funds', points: pof ? 25 : 0, detail: pof ? 'Proof of funds given' : 'No proof of funds' },
    {
      factor: 'earnest_money',
      points: onePercent <= 0 ? 0 : Math.round(25 * Math.min(1, offer.earnest_money / onePercent)),
      detail: `${formatUsd(offer.earnest_money)} earnest money (${offer.amount > 0 ? ((offer.earnest_money / offer.amount) * 100).toFixed(1) : '0'} % of the offer)`,
    },
    { factor: 'days_to_close', points: closePoints(days), detail: days < 0 ? 'Close-by date has passed' : `Closes in ${days} day${days === 1 ? '' : 's'}` },
    { factor: 'financing', points: FINANCING_POINTS[offer.financing], detail: `Pays with ${FINANCING_WORDS[offer.financing]}` },
    { factor: 'history', points: Math.min(15, 5 * deals), detail: deals === 0 ? 'No deals with you yet' : `${deals} deal${deals === 1 ? '' : 's'} with you` },
  ];
}

function reasonOf(offer: RankableOffer, netFee: number | null, rank: number | null, today: string): string {
  if (rank === null) return offer.status === 'declined' ? 'Declined' : 'Withdrawn';
  const figure = netFee === null ? `offer (${formatUsd(offer.amount)})` : `net fee (${formatUsd(netFee)})`;
  const lead = rank === 1 ? `Best ${figure}` : `${figure[0]!.toUpperCase()}${figure.slice(1)}`;
  const terms = [
    offer.proof_of_funds?.trim() ? 'proof of funds' : 'no proof of funds',
    ...(offer.financing === 'cash' ? ['cash'] : []),
    ...(daysUntil(today, offer.close_by) < 0 ? ['a close-by date that has passed'] : [`a ${daysUntil(today, offer.close_by)}-day close`]),
  ];
  return `${lead} with ${terms.slice(0, -1).join(', ')} and ${terms.at(-1)}`;
}

/**
 * Ranks a deal's offers by net fee × certainty (amount × certainty without a contract price): offers still in play
 * (received, accepted, backup) get 1..n, declined and withdrawn ones none. The offers keep their order.
 */
export function rankBuyerOffers<T extends RankableOffer>(offers: readonly T[], ctx: RankContext): (T & Ranked)[] {
  const scored = offers.map((offer) => {
    const factors = certaintyFactors(offer, ctx);
    const certainty = factors.reduce((sum, f) => sum + f.points, 0);
    const netFee = ctx.contractPrice === null ? null : offer.amount - ctx.contractPrice;
    return { offer, factors, certainty, netFee, score: ((netFee ?? offer.amount) * certainty) / 100 };
  });
  const order = scored
    .filter((s) => IN_PLAY.includes(s.offer.status))
    .sort((a, b) => b.score - a.score || b.certainty - a.certainty || b.offer.amount - a.offer.amount || a.offer.id.localeCompare(b.offer.id));
  const ranks = new Map(order.map((s, i) => [s.offer.id, i + 1]));
  return scored.map(({ offer, factors, certainty, netFee }) => {
    const rank = ranks.get(offer.id) ?? null;
    return { ...offer, net_fee: netFee, certainty, factors, rank, reason: reasonOf(offer, netFee, rank, ctx.today) };
  });
}
