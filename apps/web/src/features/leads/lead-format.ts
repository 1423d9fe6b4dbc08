/** Display helpers of the leads screens; the rules themselves come from @wholesail/domain. */
import {
  derivedEquity, formatDateTime, formatPhone, isPopulated, LEAD_FIELD_NAMES, toE164ForCall, type Lead, type LeadFieldGroup, type LeadFieldName,
  type LeadListItem,
} from '@wholesail/domain';

export const MISSING = '—';

export { isPopulated };

export function populatedFields(lead: Partial<Lead>): LeadFieldName[] {
  return LEAD_FIELD_NAMES.filter((name) => isPopulated(lead[name]));
}

export const FIELD_GROUP_LABELS: Readonly<Record<LeadFieldGroup, string>> = {
  owner: 'Owner',
  contact: 'Contact',
  address: 'Address',
  property: 'Property',
  financial: 'Financial',
  distress: 'Distress',
  sales: 'Sales',
  schools: 'Schools',
  market: 'Market and investment',
  scoring: 'Scoring and lists',
  calls: 'Calls',
  metadata: 'Metadata',
};

/** property_address_full, else the address parts joined. List rows show it, so it reads list fields only. */
export function leadAddress(lead: Partial<LeadListItem>): string | null {
  if (isPopulated(lead.property_address_full)) return lead.property_address_full!;
  const street = [lead.property_address_line_1, lead.property_address, lead.property_address_street, lead.address].find(isPopulated) ?? null;
  const stateZip = [lead.property_address_state, lead.property_address_zipcode ?? lead.property_address_zip].filter(isPopulated).join(' ');
  const parts = [street, lead.property_address_city, stateZip].filter(isPopulated);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function mailingAddress(lead: Partial<Lead>): string | null {
  if (isPopulated(lead.mailing_address_full)) return lead.mailing_address_full!;
  const stateZip = [lead.mailing_address_state, lead.mailing_address_zip].filter(isPopulated).join(' ');
  const parts = [lead.mailing_address_line_1, lead.mailing_address_city, stateZip].filter(isPopulated);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The number a call goes to: phone, else contact_1_phone1, else phone_number (list fields, like leadAddress). */
export function primaryPhone(lead: Partial<LeadListItem>): string | null {
  return [lead.phone, lead.contact_1_phone1, lead.phone_number].find(isPopulated) ?? null;
}

export function primaryEmail(lead: Partial<LeadListItem>): string | null {
  return [lead.email, lead.contact_1_email1, lead.contact_1_email].find(isPopulated) ?? null;
}

/** '1 (xxx) xxx-xxxx', the raw text when it is not a callable number, '—' when missing. */
export function phoneText(value: string | null | undefined): string {
  if (!isPopulated(value)) return MISSING;
  return toE164ForCall(value) ? formatPhone(value) : value!;
}

export function leadEquity(lead: Pick<Lead, 'equity_amount' | 'estimated_value' | 'mortgage_balance'>): number | null {
  return lead.equity_amount ?? derivedEquity(lead);
}

/** property_lat/property_lng, else latitude/longitude, else lat/lng. */
export function leadCoordinates(lead: Partial<Lead>): { lat: number; lng: number } | null {
  const pairs = [
    [lead.property_lat, lead.property_lng],
    [lead.latitude, lead.longitude],
    [lead.lat, lead.lng],
  ] as const;
  for (const [lat, lng] of pairs) {
    if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)) return { lat, lng };
  }
  return null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Dates ('YYYY-MM-DD') are shown as calendar days, without a time zone shift. */
export function dateText(value: string | null | undefined): string {
  if (!isPopulated(value)) return MISSING;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value!) ? new Date(`${value}T12:00:00`) : new Date(value!);
  return Number.isNaN(day.getTime()) ? value! : dateFormat.format(day);
}

export function dateTimeText(value: string | null | undefined): string {
  if (!isPopulated(value)) return MISSING;
  const date = new Date(value!);
  return Number.isNaN(date.getTime()) ? value! : formatDateTime(date);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago", "yesterday", "just now"; '—' when missing. */
export function relativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!isPopulated(value)) return MISSING;
  const date = new Date(value!);
  if (Number.isNaN(date.getTime())) return value!;
  const diff = date.getTime() - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function numberText(value: number | null | undefined, suffix = ''): string {
  return value === null || value === undefined || Number.isNaN(value) ? MISSING : `${numberFormat.format(value)}${suffix}`;
}

export function yesNo(value: boolean | null | undefined): string {
  return value === null || value === undefined ? MISSING : value ? 'Yes' : 'No';
}

export function text(value: string | null | undefined): string {
  return isPopulated(value) ? value! : MISSING;
}

export const SEGMENT_LABELS = { luxury: 'Luxury', high_value: 'High value', mid_market: 'Mid market', affordable: 'Affordable' } as const;
