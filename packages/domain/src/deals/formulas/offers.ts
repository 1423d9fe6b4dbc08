import { DEFAULT_DEAL_SETTINGS, type DealSettings } from '../deal-settings';
import { type Figure, minus, money, pct, roundMoney, usd } from './figure';

type Rule = Pick<DealSettings, 'maoPercent'>;
type FullRule = Pick<DealSettings, 'closingCostPercent' | 'holdingCostPercent' | 'profitPercent'>;

export interface MaoInput {
  arv: number;
  repairs: number;
  settings?: Partial<Rule>;
}

const ruleOf = (settings?: Partial<Rule>): number => settings?.maoPercent ?? DEFAULT_DEAL_SETTINGS.maoPercent;
const maoRaw = ({ arv, repairs, settings }: MaoInput): number => (arv * ruleOf(settings)) / 100 - repairs;

/** The flip buyer's rule: MAO = ARV × rule % − repairs (organization setting `maoPercent`, default 70). */
export function mao(input: MaoInput): Figure {
  return money(maoRaw(input), `ARV ${usd(input.arv)} × ${pct(ruleOf(input.settings))} ${minus('repairs', input.repairs)}`);
}

/** A wholesaler's maximum offer to the seller: the buyer's MAO less the fee they want to keep. */
export function maxOffer(input: MaoInput & { targetFee: number }): Figure {
  return money(maoRaw(input) - input.targetFee, `MAO ${usd(maoRaw(input))} ${minus('target fee', input.targetFee)}`);
}

export interface FullMao extends Figure {
  closingCosts: number;
  holdingCosts: number;
  profit: number;
}

/** The full form: ARV − repairs − closing − holding − profit, each cost a percent of ARV (organization defaults 5, 3, 15). */
export function fullMao({ arv, repairs, settings }: { arv: number; repairs: number; settings?: Partial<FullRule> }): FullMao {
  const rates: FullRule = {
    closingCostPercent: settings?.closingCostPercent ?? DEFAULT_DEAL_SETTINGS.closingCostPercent,
    holdingCostPercent: settings?.holdingCostPercent ?? DEFAULT_DEAL_SETTINGS.holdingCostPercent,
    profitPercent: settings?.profitPercent ?? DEFAULT_DEAL_SETTINGS.profitPercent,
  };
  const closing = (arv * rates.closingCostPercent) / 100;
  const holding = (arv * rates.holdingCostPercent) / 100;
  const profit = (arv * rates.profitPercent) / 100;
  const formula = [
    `ARV ${usd(arv)}`,
    minus('repairs', repairs),
    minus(`closing ${pct(rates.closingCostPercent)}`, closing),
    minus(`holding ${pct(rates.holdingCostPercent)}`, holding),
    minus(`profit ${pct(rates.profitPercent)}`, profit),
  ].join(' ');
  return {
    ...money(arv - repairs - closing - holding - profit, formula),
    closingCosts: roundMoney(closing),
    holdingCosts: roundMoney(holding),
    profit: roundMoney(profit),
  };
}

/** What the wholesaler earns on an assignment: the end buyer's price − the contract price with the seller. */
export function assignmentFee({ buyerPrice, contractPrice }: { buyerPrice: number; contractPrice: number }): Figure {
  return money(buyerPrice - contractPrice, `buyer price ${usd(buyerPrice)} ${minus('contract price', contractPrice)}`);
}

/**
 * Typical costs of a double close when none are given: each of the two closings costs about 2 % of its price, and
 * transactional funding for the first purchase costs 1–2 % of it (wave2.md).
 */
export const DOUBLE_CLOSE_DEFAULTS = { closingCostPercent: 2, fundingPercent: 1.5 } as const;

export interface DoubleCloseInput {
  resalePrice: number;
  purchasePrice: number;
  /** Percent of each closing's price (A→B on the purchase, B→C on the resale). */
  closingCostPercent?: number;
  /** Percent of the purchase price paid for the same-day funding of A→B. */
  fundingPercent?: number;
}

/** A double close's net: resale − purchase − two sets of closing costs − transactional funding. */
export function doubleCloseNet(input: DoubleCloseInput): Figure & { closingCosts: number; funding: number } {
  const { resalePrice, purchasePrice } = input;
  const closingRate = input.closingCostPercent ?? DOUBLE_CLOSE_DEFAULTS.closingCostPercent;
  const fundingRate = input.fundingPercent ?? DOUBLE_CLOSE_DEFAULTS.fundingPercent;
  const buyingCosts = (purchasePrice * closingRate) / 100;
  const sellingCosts = (resalePrice * closingRate) / 100;
  const funding = (purchasePrice * fundingRate) / 100;
  const formula = [
    `resale ${usd(resalePrice)}`,
    minus('purchase', purchasePrice),
    minus(`purchase closing ${pct(closingRate)}`, buyingCosts),
    minus(`resale closing ${pct(closingRate)}`, sellingCosts),
    minus(`funding ${pct(fundingRate)}`, funding),
  ].join(' ');
  return {
    ...money(resalePrice - purchasePrice - buyingCosts - sellingCosts - funding, formula),
    closingCosts: roundMoney(buyingCosts + sellingCosts),
    funding: roundMoney(funding),
  };
}
