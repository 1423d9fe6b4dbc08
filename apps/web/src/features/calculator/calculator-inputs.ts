import { type Deal, type DealSettings, type Lead, REHAB_TIERS, REPAIR_CATEGORIES } from '@wholesail/domain';
import { z } from 'zod';
import { leadAddress } from '@/features/leads/lead-format';

/**
 * What the calculator holds: every input as typed (a blank number is null), saved whole as an analysis's `inputs`
 * so a version reopens exactly as it was.
 */
const amount = z.number().finite().min(0).nullable();
const percent = z.number().finite().min(0).max(100);
const repairItemSchema = z.object({ id: z.string(), category: z.enum(REPAIR_CATEGORIES), quantity: amount, unitCost: amount });

export const calculatorInputsSchema = z.object({
  address: z.string().max(500),
  sqft: amount,
  beds: amount,
  baths: amount,
  yearBuilt: amount,
  arv: amount,
  targetFee: amount,
  /** Your offer to the seller (or the contract price); blank means the max offer. */
  offerPrice: amount,
  maoPercent: percent,
  closingCostPercent: percent,
  holdingCostPercent: percent,
  profitPercent: percent,
  repairMode: z.enum(['items', 'tier']),
  items: z.array(repairItemSchema).max(200),
  tier: z.enum(REHAB_TIERS),
  tierRates: z.object({ cosmetic: amount, moderate: amount, fullGut: amount }),
  contingencyPercent: percent,
  rental: z.object({
    monthlyRent: amount,
    vacancyPercent: percent,
    monthlyExpenses: amount,
    targetCapRatePercent: percent,
    financed: z.boolean(),
    downPaymentPercent: percent,
    ratePercent: percent,
    years: amount,
  }),
});
export type CalculatorInputs = z.infer<typeof calculatorInputsSchema>;
export type RepairItem = CalculatorInputs['items'][number];
export type RentalInputs = CalculatorInputs['rental'];

let lastItemId = 0;
/** Ids only key the rows on screen; loaded items get fresh ones so they never clash with new rows. */
export function newItemId(): string {
  lastItemId += 1;
  return `line-${lastItemId}`;
}

/** A blank calculator with the organization's defaults (and common rental assumptions). */
export function blankInputs(settings: DealSettings): CalculatorInputs {
  return {
    address: '',
    sqft: null,
    beds: null,
    baths: null,
    yearBuilt: null,
    arv: null,
    targetFee: settings.defaultTargetFee,
    offerPrice: null,
    maoPercent: settings.maoPercent,
    closingCostPercent: settings.closingCostPercent,
    holdingCostPercent: settings.holdingCostPercent,
    profitPercent: settings.profitPercent,
    repairMode: 'items',
    items: [],
    tier: 'moderate',
    tierRates: { ...settings.rehabTiers },
    contingencyPercent: settings.contingencyPercent,
    rental: {
      monthlyRent: null,
      vacancyPercent: 8,
      monthlyExpenses: null,
      targetCapRatePercent: 8,
      financed: false,
      downPaymentPercent: 20,
      ratePercent: 7,
      years: 30,
    },
  };
}

/** The property as the lead knows it: size, rooms, age, its estimated value as a first ARV and its rent estimate. */
export function withLead(inputs: CalculatorInputs, lead: Lead): CalculatorInputs {
  const sqft = lead.building_square_feet ?? inputs.sqft;
  return {
    ...inputs,
    address: leadAddress(lead) ?? inputs.address,
    sqft,
    beds: lead.total_bedrooms ?? inputs.beds,
    baths: lead.total_baths ?? inputs.baths,
    yearBuilt: lead.year_built ?? inputs.yearBuilt,
    arv: lead.estimated_value ?? inputs.arv,
    // With the square feet known, a tier gives a first repair figure at once.
    repairMode: sqft ? 'tier' : inputs.repairMode,
    rental: { ...inputs.rental, monthlyRent: lead.rental_estimate ?? inputs.rental.monthlyRent },
  };
}

/** The deal's own figures win over the lead's: ARV (from comps), repairs, fee and contract price. */
export function withDeal(inputs: CalculatorInputs, deal: Deal): CalculatorInputs {
  const repairs = deal.repair_estimate;
  return {
    ...inputs,
    address: deal.property_address ?? inputs.address,
    arv: deal.arv ?? inputs.arv,
    targetFee: deal.target_fee ?? inputs.targetFee,
    offerPrice: deal.contract_price ?? inputs.offerPrice,
    // A repair figure without its breakdown becomes one line, with no contingency on top, so the total stays the deal's.
    ...(repairs === null
      ? {}
      : { repairMode: 'items' as const, items: [{ id: newItemId(), category: 'other' as const, quantity: 1, unitCost: repairs }], contingencyPercent: 0 }),
  };
}

/** A saved version's inputs over the defaults; null when they are not a calculator's. */
export function fromSaved(saved: Record<string, unknown>, defaults: CalculatorInputs): CalculatorInputs | null {
  const parsed = calculatorInputsSchema.safeParse({ ...defaults, ...saved, rental: { ...defaults.rental, ...(isRecord(saved.rental) ? saved.rental : {}) } });
  if (!parsed.success) return null;
  return { ...parsed.data, items: parsed.data.items.map((item) => ({ ...item, id: newItemId() })) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
