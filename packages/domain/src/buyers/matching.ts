import { haversineMiles } from '../comps/geo';
import { formatUsd } from '../leads/display';
import { PROPERTY_KIND_LABELS, propertyKind, type BuyBox } from './buy-box';

/** The facts of a deal's property a buy box is checked against; null where the record does not say. */
export interface MatchProperty {
  state: string | null;
  city: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  property_type: string | null;
  beds: number | null;
  baths: number | null;
  /** What a buyer would pay: the deal's price to buyers. */
  price: number | null;
  repairs: number | null;
}

export const MATCH_CRITERIA = ['market', 'property_kind', 'price', 'beds', 'baths', 'repairs'] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

export interface CriterionFit {
  criterion: MatchCriterion;
  /** null: the deal's record does not say, so it can be neither met nor missed. */
  met: boolean | null;
  /** How far off a missed criterion is, 0 (just) to 1 (far or wholly); 0 when met. */
  off: number;
  detail: string;
}

export interface BuyBoxFit {
  /** 0–100: each criterion the box sets counts equally, a missed one by how close it came, an unknown one half. */
  fit: number;
  met: number;
  missed: number;
  unknown: number;
  criteria: CriterionFit[];
  /** One sentence on why the buyer ranks where it does. */
  reason: string;
}

const norm = (s: string | null) => (s ?? '').trim().toLowerCase();
const share = (by: number, of: number) => Math.min(1, Math.max(0, by / Math.max(of, 1)));

function market(box: BuyBox, p: MatchProperty): CriterionFit | null {
  const { states, cities, zip_codes: zips, radius } = box;
  if (states.length + cities.length + zips.length === 0 && !radius) return null;
  const where = [p.city, p.state, p.zip].filter(Boolean).join(', ');
  if (p.state && states.includes(p.state.toUpperCase())) return { criterion: 'market', met: true, off: 0, detail: `In ${p.state.toUpperCase()}` };
  if (p.city && cities.some((c) => norm(c) === norm(p.city))) return { criterion: 'market', met: true, off: 0, detail: `In ${p.city}` };
  if (p.zip && zips.includes(p.zip.slice(0, 5))) return { criterion: 'market', met: true, off: 0, detail: `In ZIP ${p.zip.slice(0, 5)}` };
  let distance: number | null = null;
  if (radius && p.latitude !== null && p.longitude !== null) {
    distance = haversineMiles(radius, { latitude: p.latitude, longitude: p.longitude });
    const miles = distance.toFixed(1);
    if (distance <= radius.miles) return { criterion: 'market', met: true, off: 0, detail: `${miles} mi from ${radius.label ?? 'the centre of the area'}` };
  }
  const known = Boolean(p.state || p.city || p.zip || distance !== null);
  if (!known) return { criterion: 'market', met: null, off: 0, detail: 'The property has no recorded location' };
  const off = distance !== null && radius ? share(distance - radius.miles, radius.miles) : 1;
  const detail = distance !== null && radius ? `${distance.toFixed(1)} mi away, outside the ${radius.miles} mi area` : `${where || 'The property'} is outside the markets`;
  return { criterion: 'market', met: false, off, detail };
}

function kind(box: BuyBox, p: MatchProperty): CriterionFit | null {
  if (box.property_kinds.length === 0) return null;
  const k = propertyKind(p.property_type);
  if (k === null) return { criterion: 'property_kind', met: null, off: 0, detail: 'The property type is not recorded' };
  const met = box.property_kinds.includes(k);
  return { criterion: 'property_kind', met, off: met ? 0 : 1, detail: met ? PROPERTY_KIND_LABELS[k] : `${PROPERTY_KIND_LABELS[k]} is not a type bought` };
}

function price(box: BuyBox, p: MatchProperty): CriterionFit | null {
  const { price_min: min, price_max: max } = box;
  if (min === null && max === null) return null;
  if (p.price === null) return { criterion: 'price', met: null, off: 0, detail: 'The deal has no price for buyers yet' };
  if (max !== null && p.price > max) return { criterion: 'price', met: false, off: share(p.price - max, max), detail: `${formatUsd(p.price)} is ${formatUsd(p.price - max)} above the ${formatUsd(max)} maximum` };
  if (min !== null && p.price < min) return { criterion: 'price', met: false, off: share(min - p.price, min), detail: `${formatUsd(p.price)} is ${formatUsd(min - p.price)} below the ${formatUsd(min)} minimum` };
  return { criterion: 'price', met: true, off: 0, detail: `${formatUsd(p.price)} is in range` };
}

function atLeast(criterion: 'beds' | 'baths', min: number | null, value: number | null, noun: string): CriterionFit | null {
  if (min === null) return null;
  if (value === null) return { criterion, met: null, off: 0, detail: `The number of ${noun} is not recorded` };
  const met = value >= min;
  return { criterion, met, off: met ? 0 : share(min - value, min), detail: met ? `${value} ${noun} (${min}+ wanted)` : `${value} ${noun}, ${min}+ wanted` };
}

function repairs(box: BuyBox, p: MatchProperty): CriterionFit | null {
  const max = box.max_repairs;
  if (max === null) return null;
  if (p.repairs === null) return { criterion: 'repairs', met: null, off: 0, detail: 'No repair estimate yet' };
  const met = p.repairs <= max;
  return met
    ? { criterion: 'repairs', met, off: 0, detail: `Repairs ${formatUsd(p.repairs)} within ${formatUsd(max)}` }
    : { criterion: 'repairs', met, off: share(p.repairs - max, max), detail: `Repairs ${formatUsd(p.repairs)} are ${formatUsd(p.repairs - max)} over the ${formatUsd(max)} limit` };
}

/** How well a property fits a buy box, criterion by criterion. */
export function fitBuyBox(box: BuyBox, p: MatchProperty): BuyBoxFit {
  const criteria = [market(box, p), kind(box, p), price(box, p), atLeast('beds', box.min_beds, p.beds, 'beds'), atLeast('baths', box.min_baths, p.baths, 'baths'), repairs(box, p)].filter(
    (c): c is CriterionFit => c !== null,
  );
  const met = criteria.filter((c) => c.met === true).length;
  const missed = criteria.filter((c) => c.met === false);
  const unknown = criteria.filter((c) => c.met === null).length;
  const points = criteria.reduce((sum, c) => sum + (c.met === true ? 1 : c.met === null ? 0.5 : 1 - c.off), 0);
  const fit = criteria.length === 0 ? 100 : Math.round((100 * points) / criteria.length);
  let reason: string;
  if (criteria.length === 0) reason = 'No buy box yet: open to any deal';
  else if (missed.length === 0) reason = unknown === 0 ? `Meets all ${criteria.length} criteria` : `Meets ${met} of ${criteria.length}; ${unknown} not known for this deal`;
  else reason = `Meets ${met} of ${criteria.length}: ${missed.map((c) => c.detail).join('; ')}`;
  return { fit, met, missed: missed.length, unknown, criteria, reason };
}

/** Best fit first; then the more criteria actually met, then the higher buyer score, then more closes together. */
export function compareMatches(a: { fit: BuyBoxFit; buyer_score: number; closes: number }, b: typeof a): number {
  return b.fit.fit - a.fit.fit || b.fit.met - a.fit.met || b.buyer_score - a.buyer_score || b.closes - a.closes;
}
