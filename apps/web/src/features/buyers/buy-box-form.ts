import { buyBoxSchema, type BuyBox, type BuyerStrategy, type PropertyKind } from '@wholesail/domain';
import { moneyText, parseMoney } from '@/features/deals/money';

/** The buy box as its form holds it: lists as comma-separated text, numbers as typed. */
export interface BuyBoxForm {
  states: string;
  cities: string;
  zip_codes: string;
  radius_label: string;
  radius_latitude: string;
  radius_longitude: string;
  radius_miles: string;
  property_kinds: PropertyKind[];
  strategies: BuyerStrategy[];
  price_min: string;
  price_max: string;
  min_beds: string;
  min_baths: string;
  max_repairs: string;
  pof_amount: string;
  pof_dated: string;
  pof_document: string;
  close_within_days: string;
}
export type BuyBoxErrors = Partial<Record<keyof BuyBoxForm, string>>;

const joined = (list: readonly string[]) => list.join(', ');
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function boxToForm(box: BuyBox): BuyBoxForm {
  return {
    states: joined(box.states),
    cities: joined(box.cities),
    zip_codes: joined(box.zip_codes),
    radius_label: box.radius?.label ?? '',
    radius_latitude: text(box.radius?.latitude),
    radius_longitude: text(box.radius?.longitude),
    radius_miles: text(box.radius?.miles),
    property_kinds: [...box.property_kinds],
    strategies: [...box.strategies],
    price_min: moneyText(box.price_min),
    price_max: moneyText(box.price_max),
    min_beds: text(box.min_beds),
    min_baths: text(box.min_baths),
    max_repairs: moneyText(box.max_repairs),
    pof_amount: moneyText(box.proof_of_funds?.amount),
    pof_dated: box.proof_of_funds?.dated ?? '',
    pof_document: box.proof_of_funds?.document ?? '',
    close_within_days: text(box.close_within_days),
  };
}

const items = (s: string) => s.split(/[,;\n]/).map((x) => x.trim()).filter(Boolean);
/** Blank is none; anything else goes to the schema as a number (NaN when it is not one, which it names). */
const number = (s: string) => (s.trim() === '' ? null : Number(s.replace(/,/g, '')));
const money = (s: string) => parseMoney(s);

/** The field of the form an issue of the schema is about. */
const FIELD_OF: Record<string, keyof BuyBoxForm> = {
  radius: 'radius_miles', latitude: 'radius_latitude', longitude: 'radius_longitude', miles: 'radius_miles', label: 'radius_label',
  proof_of_funds: 'pof_amount', amount: 'pof_amount', dated: 'pof_dated', document: 'pof_document',
};

/** The schema's message as a sentence for the screen: "zip_codes: each must be…" → "Each must be…". */
const sentence = (message: string) => {
  const rest = message.replace(/^[a-z_.]+: /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
};

/** The form read into a buy box, or each field's message. */
export function formToBox(f: BuyBoxForm): { box: BuyBox; errors?: undefined } | { box?: undefined; errors: BuyBoxErrors } {
  const errors: BuyBoxErrors = {};
  const anyRadius = [f.radius_latitude, f.radius_longitude, f.radius_miles].some((v) => v.trim() !== '');
  if (anyRadius && [f.radius_latitude, f.radius_longitude, f.radius_miles].some((v) => v.trim() === '')) {
    errors.radius_miles = 'A radius needs its centre (latitude and longitude) and its miles';
  }
  const anyFunds = [f.pof_amount, f.pof_dated, f.pof_document].some((v) => v.trim() !== '');
  if (anyFunds && (f.pof_amount.trim() === '' || f.pof_dated === '')) errors.pof_amount = 'Proof of funds needs its amount and its date';
  if (Object.keys(errors).length > 0) return { errors };

  const parsed = buyBoxSchema.safeParse({
    states: items(f.states),
    cities: items(f.cities),
    zip_codes: items(f.zip_codes),
    radius: anyRadius
      ? { latitude: number(f.radius_latitude), longitude: number(f.radius_longitude), miles: number(f.radius_miles), label: f.radius_label.trim() || null }
      : null,
    property_kinds: f.property_kinds,
    strategies: f.strategies,
    price_min: money(f.price_min),
    price_max: money(f.price_max),
    min_beds: number(f.min_beds),
    min_baths: number(f.min_baths),
    max_repairs: money(f.max_repairs),
    proof_of_funds: anyFunds ? { amount: money(f.pof_amount), dated: f.pof_dated, document: f.pof_document.trim() || null } : null,
    close_within_days: number(f.close_within_days),
  });
  if (parsed.success) return { box: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = String(issue.path.at(-1) === undefined || typeof issue.path.at(-1) === 'number' ? issue.path[0] : issue.path.at(-1));
    const field = FIELD_OF[key] ?? (key as keyof BuyBoxForm);
    errors[field] ??= sentence(issue.message);
  }
  return { errors };
}
