/** Display rules of dialer.md §4–5 and §9. */

export interface DisplayNameInput {
  name?: string | null;
  contact_1_name?: string | null;
  owner_1_name?: string | null;
  owner_1_first_name?: string | null;
  owner_1_last_name?: string | null;
}

function usableName(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.includes('](') || v.includes('http') || v.includes('Repeating') || v.includes('@')) return null;
  if (v.length > 100 || /^\d+$/.test(v)) return null;
  return v;
}

/** name, contact_1_name or owner_1_name if usable; else first + last name; else the fallback. */
export function displayName(lead: DisplayNameInput, fallback: 'Unknown Contact' | 'Unknown Lead' = 'Unknown Lead'): string {
  const direct = usableName(lead.name) ?? usableName(lead.contact_1_name) ?? usableName(lead.owner_1_name);
  if (direct) return direct;
  const full = [lead.owner_1_first_name, lead.owner_1_last_name].map((p) => p?.trim()).filter(Boolean).join(' ');
  return usableName(full) ?? fallback;
}

export interface GreetingInput extends DisplayNameInput {
  property_address_full?: unknown;
  property_address?: unknown;
  property_address_line_1?: unknown;
  property_address_city?: unknown;
}

const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * How a script or a message greets the lead: the owner's first name (else the first word of the display name),
 * the street (else the address up to its first comma) and the city; null for what the lead does not say.
 */
export function leadGreeting(lead: GreetingInput): { firstName: string | null; street: string | null; city: string | null } {
  const name = displayName(lead);
  const address = trimmed(lead.property_address_full) ?? trimmed(lead.property_address);
  return {
    firstName: trimmed(lead.owner_1_first_name) ?? (name === 'Unknown Lead' ? null : name.split(/\s+/)[0]!),
    street: trimmed(lead.property_address_line_1) ?? (address ? address.split(',')[0]!.trim() : null),
    city: trimmed(lead.property_address_city),
  };
}

export type MotivationColour = 'green' | 'amber' | 'red';

/** Indicator colour: green at 8+ or level High, amber at 6+ or Medium, otherwise red. Shown as n/9. */
export function motivationColour(score: number | null, level?: string | null): MotivationColour {
  if ((score ?? 0) >= 8 || level === 'High') return 'green';
  if ((score ?? 0) >= 6 || level === 'Medium') return 'amber';
  return 'red';
}

/** Motivation out of 9: 8+ Very High, 6+ High, 4+ Medium, below 4 Low. */
export function motivationLabel(score: number | null): 'Very High' | 'High' | 'Medium' | 'Low' {
  const s = score ?? 0;
  if (s >= 8) return 'Very High';
  if (s >= 6) return 'High';
  if (s >= 4) return 'Medium';
  return 'Low';
}

/** Currency in USD with no decimals; null shows as an em dash. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
}

/** Derived equity: estimated value minus mortgage balance, or null when either is missing. */
export function derivedEquity(lead: { estimated_value: number | null; mortgage_balance: number | null }): number | null {
  return lead.estimated_value === null || lead.mortgage_balance === null ? null : lead.estimated_value - lead.mortgage_balance;
}

/** Market segment by estimated value (dialer.md §9). */
export function marketSegment(value: number | null): 'luxury' | 'high_value' | 'mid_market' | 'affordable' {
  const v = value ?? 0;
  if (v >= 1_000_000) return 'luxury';
  if (v >= 500_000) return 'high_value';
  if (v >= 200_000) return 'mid_market';
  return 'affordable';
}

/** '% Complete' badge variant: 70%+ default, 40%+ secondary, below that destructive. */
export function completenessVariant(percent: number): 'default' | 'secondary' | 'destructive' {
  if (percent >= 70) return 'default';
  if (percent >= 40) return 'secondary';
  return 'destructive';
}

/** The normalised property address duplicate detection compares (case, spacing, punctuation, suffixes). */
const SUFFIXES: Readonly<Record<string, string>> = {
  street: 'st', avenue: 'ave', road: 'rd', drive: 'dr', lane: 'ln', court: 'ct', boulevard: 'blvd',
  place: 'pl', terrace: 'ter', circle: 'cir', highway: 'hwy', parkway: 'pkwy', north: 'n', south: 's',
  east: 'e', west: 'w', apartment: 'apt', suite: 'ste',
};
export function addressKey(address: string | null | undefined): string | null {
  const words = (address ?? '')
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => SUFFIXES[w] ?? w);
  return words.length > 0 ? words.join(' ') : null;
}
