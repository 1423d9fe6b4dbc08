import {
  buyerLenses, type Figure, mao, maxOffer, type RepairEstimate, repairEstimate, rentalLens, sensitivity,
} from '@wholesail/domain';
import type { CalculatorInputs } from './calculator-inputs';

/** Everything the screen shows, computed from the inputs by the shared formulas (blanks count as 0). */
export function calculate(inputs: CalculatorInputs) {
  const repairs = estimateRepairs(inputs);
  const arv = inputs.arv ?? 0;
  const targetFee = inputs.targetFee ?? 0;
  const settings = {
    maoPercent: inputs.maoPercent,
    closingCostPercent: inputs.closingCostPercent,
    holdingCostPercent: inputs.holdingCostPercent,
    profitPercent: inputs.profitPercent,
  };
  const base = { arv, repairs: repairs.total.value, settings };
  const offer = maxOffer({ ...base, targetFee });
  const offerPrice: Figure = inputs.offerPrice === null ? { value: offer.value, formula: `your max offer (${offer.formula})` } : { value: inputs.offerPrice, formula: 'as entered' };
  const { rental } = inputs;
  const income = { monthlyRent: rental.monthlyRent ?? 0, vacancyPercent: rental.vacancyPercent, monthlyExpenses: rental.monthlyExpenses ?? 0 };
  // The landlord pays what a buyer pays on an assignment: your price to the seller plus your fee.
  const buyerPrice = offerPrice.value + targetFee;
  return {
    repairs,
    mao: mao(base),
    maxOffer: offer,
    offerPrice,
    lenses: buyerLenses({ ...base, offerPrice: offerPrice.value, rental: income.monthlyRent > 0 ? { ...income, targetCapRatePercent: rental.targetCapRatePercent } : null }),
    rental: {
      buyerPrice,
      lens: rentalLens({
        ...income,
        price: buyerPrice,
        repairs: repairs.total.value,
        loan: rental.financed ? { downPaymentPercent: rental.downPaymentPercent, ratePercent: rental.ratePercent, years: rental.years ?? 0 } : null,
      }),
    },
    sensitivity: sensitivity({ ...base, targetFee }),
  };
}
export type CalculatorResults = ReturnType<typeof calculate>;

function estimateRepairs(inputs: CalculatorInputs): RepairEstimate {
  if (inputs.repairMode === 'tier') {
    const perSqft = inputs.tierRates[inputs.tier] ?? 0;
    return repairEstimate({ mode: 'tier', tier: inputs.tier, sqft: inputs.sqft ?? 0, perSqft }, inputs.contingencyPercent);
  }
  const items = inputs.items.map((item) => ({ category: item.category, quantity: item.quantity ?? 0, unitCost: item.unitCost ?? 0 }));
  return repairEstimate({ mode: 'items', items }, inputs.contingencyPercent);
}
