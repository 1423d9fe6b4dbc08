/** Typical agent commission on a sale, in percent: the default of a referral's commission_percent. */
export const DEFAULT_COMMISSION_PERCENT = 3;

/**
 * The referral fee a partner owes: the sale price (or, before a sale, the lead's estimated value) × the agent's
 * commission % × the referral fee %, in dollars to the cent; null when there is no price to start from.
 */
export function referralFee(price: number | null | undefined, commissionPercent: number, referralPercent: number): number | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null;
  return Math.round((price * commissionPercent * referralPercent) / 100) / 100;
}

/** Where a lead's property is, as a partner's markets are matched against it. */
export interface LeadPlace {
  state?: string | null;
  city?: string | null;
  zip?: string | null;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** Whether one of a partner's markets (free text: "TX", "Austin", "78701") names the lead's state, city or ZIP code. */
export function servesPlace(markets: readonly string[], place: LeadPlace): boolean {
  const wanted = new Set([norm(place.state), norm(place.city), norm(place.zip).slice(0, 5)].filter(Boolean));
  return markets.some((market) => wanted.has(norm(market)));
}
