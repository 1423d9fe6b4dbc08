import { mao, maxOffer, type DealSettings } from '@wholesail/domain';

/** A deal's MAO and max offer by the domain formulas and the organization's rule, when their inputs are known. */
export function dealFigures(d: { arv: number | null; repair_estimate: number | null; target_fee: number | null }, settings: DealSettings) {
  if (d.arv === null || d.repair_estimate === null) return { mao: null, maxOffer: null };
  const input = { arv: d.arv, repairs: d.repair_estimate, settings };
  return { mao: mao(input).value, maxOffer: d.target_fee === null ? null : maxOffer({ ...input, targetFee: d.target_fee }).value };
}
