import type { DealSettings } from '../deal-settings';
import { type Figure, money, pct, unitPrice, usd } from './figure';

/** The repair estimate's line-item categories (issue 20). */
export const REPAIR_CATEGORIES = [
  'roof', 'hvac', 'electrical', 'plumbing', 'kitchen', 'baths', 'flooring', 'paint',
  'windows_doors', 'exterior', 'foundation', 'permits', 'demolition', 'other',
] as const;
export type RepairCategory = (typeof REPAIR_CATEGORIES)[number];
export const REPAIR_CATEGORY_LABELS: { readonly [C in RepairCategory]: string } = {
  roof: 'Roof',
  hvac: 'HVAC',
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  kitchen: 'Kitchen',
  baths: 'Baths',
  flooring: 'Flooring',
  paint: 'Paint',
  windows_doors: 'Windows and doors',
  exterior: 'Exterior',
  foundation: 'Foundation',
  permits: 'Permits',
  demolition: 'Demolition',
  other: 'Other',
};

/** The quick tiers by square foot; their $/sqft defaults are the organization's `rehabTiers`. */
export const REHAB_TIERS = ['cosmetic', 'moderate', 'fullGut'] as const satisfies readonly (keyof DealSettings['rehabTiers'])[];
export type RehabTier = (typeof REHAB_TIERS)[number];
export const REHAB_TIER_LABELS: { readonly [T in RehabTier]: string } = { cosmetic: 'Cosmetic', moderate: 'Moderate', fullGut: 'Full gut' };

export interface RepairLineItem {
  category: RepairCategory;
  quantity: number;
  unitCost: number;
}

/** One line: quantity × unit cost. */
export function repairLine({ category, quantity, unitCost }: RepairLineItem): Figure {
  return money(quantity * unitCost, `${REPAIR_CATEGORY_LABELS[category]}: ${quantity.toLocaleString('en-US')} × ${unitPrice(unitCost)}`);
}

export type RepairBasis =
  | { mode: 'items'; items: readonly RepairLineItem[] }
  | { mode: 'tier'; tier: RehabTier; sqft: number; perSqft: number };

export interface RepairEstimate {
  subtotal: Figure;
  contingency: Figure;
  total: Figure;
}

/** Line items summed (or square feet × the tier's $/sqft), plus a contingency percent of that subtotal. */
export function repairEstimate(basis: RepairBasis, contingencyPercent: number): RepairEstimate {
  const { raw, formula } = basis.mode === 'items' ? itemsSubtotal(basis.items) : tierSubtotal(basis);
  const contingency = (raw * contingencyPercent) / 100;
  return {
    subtotal: money(raw, formula),
    contingency: money(contingency, `${pct(contingencyPercent)} of ${usd(raw)}`),
    total: money(raw + contingency, `repairs ${usd(raw)} + contingency ${usd(contingency)}`),
  };
}

function itemsSubtotal(items: readonly RepairLineItem[]): { raw: number; formula: string } {
  if (items.length === 0) return { raw: 0, formula: 'No line items yet' };
  const raw = items.reduce((sum, item) => sum + item.quantity * item.unitCost, 0);
  if (items.length === 1) return { raw, formula: repairLine(items[0]!).formula };
  return { raw, formula: items.map((item) => `${REPAIR_CATEGORY_LABELS[item.category]} ${usd(item.quantity * item.unitCost)}`).join(' + ') };
}

function tierSubtotal({ tier, sqft, perSqft }: { tier: RehabTier; sqft: number; perSqft: number }): { raw: number; formula: string } {
  return { raw: sqft * perSqft, formula: `${REHAB_TIER_LABELS[tier]}: ${sqft.toLocaleString('en-US')} sqft × ${unitPrice(perSqft)}/sqft` };
}
