import type { DealSettings } from '../deal-settings';
import { type Figure, type MaybeFigure, minus, money, roundMoney, usd } from './figure';
import { fullMao, mao, maxOffer } from './offers';
import { type RentalIncome, rentalMaxPrice } from './rental';

/**
 * Three end buyers look at the same house (issue 20): a flipper by the MAO rule, a landlord by the cap rate the
 * rent earns on their cost, a retail rehabber by the full cost formula. Each lens's most they would pay, less
 * your offer (or contract) price, is the room left for your fee.
 */
export const BUYER_LENSES = ['flip', 'rental', 'retail'] as const;
export type BuyerLensKind = (typeof BUYER_LENSES)[number];
export const BUYER_LENS_LABELS: { readonly [L in BuyerLensKind]: string } = { flip: 'Flip', rental: 'Rental', retail: 'Retail' };

export type LensSettings = Partial<Pick<DealSettings, 'maoPercent' | 'closingCostPercent' | 'holdingCostPercent' | 'profitPercent'>>;

export interface LensInput {
  arv: number;
  repairs: number;
  /** The price you offer the seller (or contracted at). */
  offerPrice: number;
  settings?: LensSettings;
  /** The rental buyer's numbers; without rent the rental lens says what it needs. */
  rental?: (RentalIncome & { targetCapRatePercent: number }) | null;
}

export interface BuyerLens {
  maxPrice: MaybeFigure;
  headroom: MaybeFigure;
}

/** The room for your fee: the lens's price − your offer (from the whole-dollar price shown, so the screen adds up). */
function headroom(kind: BuyerLensKind, maxPrice: MaybeFigure, offerPrice: number): MaybeFigure {
  if (maxPrice.value === null) return maxPrice;
  return money(maxPrice.value - offerPrice, `${BUYER_LENS_LABELS[kind].toLowerCase()} price ${usd(maxPrice.value)} ${minus('your offer', offerPrice)}`);
}

export function buyerLenses({ arv, repairs, offerPrice, settings, rental }: LensInput): Record<BuyerLensKind, BuyerLens> {
  const prices: Record<BuyerLensKind, MaybeFigure> = {
    flip: mao({ arv, repairs, settings }),
    rental: rental
      ? rentalMaxPrice({ ...rental, repairs })
      : { value: null, reason: 'Enter the monthly rent to price a rental buyer.' },
    retail: fullMao({ arv, repairs, settings }),
  };
  const lens = (kind: BuyerLensKind): BuyerLens => ({ maxPrice: prices[kind], headroom: headroom(kind, prices[kind], offerPrice) });
  return { flip: lens('flip'), rental: lens('rental'), retail: lens('retail') };
}

/** The sensitivity table's steps (issue 20): ARV down the side, repairs across the top, in percent. */
export const SENSITIVITY_ARV_STEPS = [-10, -5, 0, 5, 10] as const;
export const SENSITIVITY_REPAIR_STEPS = [-20, -10, 0, 10, 20] as const;

export interface SensitivityCell {
  repairChangePercent: number;
  repairs: number;
  mao: Figure;
  maxOffer: Figure;
}
export interface SensitivityRow {
  arvChangePercent: number;
  arv: number;
  cells: SensitivityCell[];
}

/** MAO and max offer by the flip rule for each ARV × repairs change. */
export function sensitivity(input: { arv: number; repairs: number; targetFee: number; settings?: LensSettings }): SensitivityRow[] {
  const { settings, targetFee } = input;
  return SENSITIVITY_ARV_STEPS.map((arvStep) => {
    const arv = input.arv * (1 + arvStep / 100);
    return {
      arvChangePercent: arvStep,
      arv: roundMoney(arv),
      cells: SENSITIVITY_REPAIR_STEPS.map((repairStep) => {
        const repairs = input.repairs * (1 + repairStep / 100);
        return {
          repairChangePercent: repairStep,
          repairs: roundMoney(repairs),
          mao: mao({ arv, repairs, settings }),
          maxOffer: maxOffer({ arv, repairs, settings, targetFee }),
        };
      }),
    };
  });
}
