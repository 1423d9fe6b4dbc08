/** What each editable section of a lead edits, and how its form values become a PATCH body (docs/api-leads.md). */
import { leadStatusLabel, leadWriteBody, type Lead, type LeadFieldName, type LeadWrite } from '@wholesail/domain';
import { z } from 'zod';
import { isPopulated, MISSING } from './lead-format';

export type EditKind = 'text' | 'number' | 'textarea' | 'status' | 'tags' | 'switch';

type FieldSpec = {
  label: string;
  kind?: EditKind;
  /** The fields the screen reads this value from, first first; the one holding the shown value is edited. */
  reads: readonly LeadFieldName[];
  /** The field a value goes to when none of `reads` holds one (default: the first of them). */
  fallback?: LeadFieldName;
};

export type EditField = { name: LeadFieldName; label: string; kind: EditKind };

const f = (label: string, name: LeadFieldName, kind: EditKind = 'text'): FieldSpec => ({ label, kind, reads: [name] });

export const EDIT_SECTIONS = {
  contact: [
    { label: 'Name', reads: ['name', 'contact_1_name', 'owner_1_name'], fallback: 'owner_1_name' },
    { label: 'Phone', reads: ['contact_1_phone1', 'phone', 'phone_number'] },
    f('Alt phone 1', 'contact_1_phone2'),
    f('Alt phone 2', 'contact_1_phone3'),
    { label: 'Email', reads: ['contact_1_email1', 'email', 'contact_1_email'] },
    f('Mailing address', 'mailing_address_full'),
  ],
  property: [
    f('Property address', 'property_address_full'),
    f('City', 'property_address_city'),
    f('State', 'property_address_state'),
    f('ZIP code', 'property_address_zipcode'),
    f('Property type', 'property_type'),
    f('Beds', 'total_bedrooms', 'number'),
    f('Baths', 'total_baths', 'number'),
    f('Sq ft', 'building_square_feet', 'number'),
    f('Lot (sq ft)', 'lot_square_feet', 'number'),
    f('Year built', 'year_built', 'number'),
  ],
  valuation: [f('Estimated value', 'estimated_value', 'number'), f('Assessed value', 'assessed_value', 'number')],
  mortgage: [
    f('Mortgage balance', 'mortgage_balance', 'number'),
    f('Monthly mortgage payment', 'monthly_mortgage_payment', 'number'),
    f('Annual taxes', 'annual_taxes', 'number'),
    f('HOA (monthly)', 'hoa_monthly', 'number'),
  ],
  status: [f('Status', 'status', 'status'), f('Motivation score (0–9)', 'motivation_score', 'number'), f('Tags', 'badges', 'tags')],
  notes: [f('Notes', 'notes', 'textarea')],
  dnc: [f('Do Not Call', 'dnc_status', 'switch')],
} as const satisfies Record<string, readonly FieldSpec[]>;

export type EditSection = keyof typeof EDIT_SECTIONS;

/** The fields a section edits on this lead. */
export function editFields(lead: Lead, section: EditSection): EditField[] {
  return (EDIT_SECTIONS[section] as readonly FieldSpec[]).map((spec) => ({
    label: spec.label,
    kind: spec.kind ?? 'text',
    name: spec.reads.find((name) => isPopulated(lead[name])) ?? spec.fallback ?? spec.reads[0]!,
  }));
}

export type FormValue = string | string[] | boolean;
export type FormValues = Record<string, FormValue>;

/** A lead's values as a section's form holds them: text for text and numbers, a list for tags, a flag for switches. */
export function formValuesOf(lead: Lead, fields: readonly EditField[]): FormValues {
  return Object.fromEntries(
    fields.map(({ name, kind }) => {
      const value = lead[name];
      if (kind === 'tags') return [name, Array.isArray(value) ? value : []];
      if (kind === 'switch') return [name, value === true];
      return [name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** "$350,000" or "1,200" reads as the number; other text goes as it is, for the schema to name. */
function numberOf(text: string): number | string {
  const plain = text.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

function writeValue(kind: EditKind, value: FormValue): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  return kind === 'number' ? numberOf(value) : value;
}

/**
 * The section's form schema: its values as a lead write, checked by the domain's leadWriteBody — so a field's
 * message is the one the API's 400 gives for it.
 */
export function sectionSchema(fields: readonly EditField[]) {
  return z
    .record(z.string(), z.any())
    .transform((values) => Object.fromEntries(fields.map(({ name, kind }) => [name, writeValue(kind, values[name] as FormValue)])))
    .pipe(leadWriteBody);
}

/** Only what the user changed: a field left as it was is not sent (and cannot clash with someone else's change). */
export function changedWrite(write: LeadWrite, initial: FormValues, values: FormValues): LeadWrite {
  const changed = Object.keys(values).filter((name) => JSON.stringify(values[name]) !== JSON.stringify(initial[name]));
  return Object.fromEntries(changed.map((name) => [name, write[name as keyof LeadWrite] ?? null])) as LeadWrite;
}

/** A field's value in words, for the conflict notice. */
export function valueText(kind: EditKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (kind === 'status') return leadStatusLabel(String(value));
  if (kind === 'switch') return value ? 'On' : 'Off';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : MISSING;
  return String(value);
}
