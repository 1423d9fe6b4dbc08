import { z } from 'zod';
import { OPEN_DEAL_STAGES } from './deal-api';

const pct = (field: string, max = 100) =>
  z.number({ error: `${field}: expected a percent` }).finite().min(0, `${field}: must be 0 or more`).max(max, `${field}: must be at most ${max}`);
const perUnit = (field: string) =>
  z.number({ error: `${field}: expected an amount in dollars` }).finite().min(0, `${field}: must be 0 or more`).max(1_000_000, `${field}: must be at most 1,000,000`);

/**
 * The organization's deal defaults (settings section `deals`): the rule behind MAO, the full formula's costs,
 * the rehab tiers by square foot, the comps adjustments and each open stage's chance of closing.
 */
export const dealSettingsSchema = z
  .object({
    maoPercent: pct('maoPercent'),
    closingCostPercent: pct('closingCostPercent', 50),
    holdingCostPercent: pct('holdingCostPercent', 50),
    profitPercent: pct('profitPercent', 50),
    contingencyPercent: pct('contingencyPercent', 50),
    defaultTargetFee: perUnit('defaultTargetFee'),
    rehabTiers: z
      .object({ cosmetic: perUnit('rehabTiers.cosmetic'), moderate: perUnit('rehabTiers.moderate'), fullGut: perUnit('rehabTiers.fullGut') })
      .strict(),
    compAdjustments: z
      .object({
        perSqft: perUnit('compAdjustments.perSqft'),
        perBedroom: perUnit('compAdjustments.perBedroom'),
        perBathroom: perUnit('compAdjustments.perBathroom'),
        /** Percent of the comp's price per year of age difference. */
        perYearPercent: pct('compAdjustments.perYearPercent', 5),
      })
      .strict(),
    stageProbabilities: z
      .object(Object.fromEntries(OPEN_DEAL_STAGES.map((s) => [s, pct(`stageProbabilities.${s}`)])) as { [S in (typeof OPEN_DEAL_STAGES)[number]]: ReturnType<typeof pct> })
      .strict(),
  })
  .strict();
export type DealSettings = z.infer<typeof dealSettingsSchema>;

export const DEFAULT_DEAL_SETTINGS: DealSettings = {
  maoPercent: 70,
  closingCostPercent: 5,
  holdingCostPercent: 3,
  profitPercent: 15,
  contingencyPercent: 10,
  defaultTargetFee: 10_000,
  rehabTiers: { cosmetic: 20, moderate: 40, fullGut: 75 },
  compAdjustments: { perSqft: 50, perBedroom: 7_500, perBathroom: 5_000, perYearPercent: 0.5 },
  stageProbabilities: { analyzing: 10, offer_made: 25, under_contract: 60, marketing: 70, assigned: 90 },
};

/** PUT /api/deals/settings: any subset; nested objects are replaced whole. */
export const updateDealSettingsBody = dealSettingsSchema.partial().strict();
