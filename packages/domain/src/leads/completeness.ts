import { COMPLETENESS_KEY_FIELDS, LEAD_FIELD_NAMES, LEAD_FIELDS, type Lead, type LeadFieldGroup, type LeadFieldName } from './lead-fields';

/** A field counts as populated when it holds a value: not null, not blank text, not an empty list. */
export function isPopulated(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

export type FieldCount = { percent: number; populated: LeadFieldName[]; missing: LeadFieldName[] };
export type GroupCoverage = FieldCount & { group: LeadFieldGroup };

function count(lead: Partial<Lead>, fields: readonly LeadFieldName[]): FieldCount {
  const populated = fields.filter((name) => isPopulated(lead[name]));
  const missing = fields.filter((name) => !isPopulated(lead[name]));
  return { percent: fields.length === 0 ? 0 : Math.round((populated.length / fields.length) * 100), populated, missing };
}

/**
 * How complete a lead is: the share of the 12 key fields filled in (dialer.md §9's '% Complete' badge). The data debug
 * dialog shows this same figure with the key fields missing, and beside it how much of every field the record holds.
 */
export function leadCompleteness(lead: Partial<Lead>): FieldCount {
  return count(lead, COMPLETENESS_KEY_FIELDS);
}

/** Every lead field, overall and by group: what the record holds beyond the key fields. */
export function fieldCoverage(lead: Partial<Lead>): FieldCount & { groups: GroupCoverage[] } {
  const byGroup = new Map<LeadFieldGroup, LeadFieldName[]>();
  for (const name of LEAD_FIELD_NAMES) byGroup.set(LEAD_FIELDS[name][1], [...(byGroup.get(LEAD_FIELDS[name][1]) ?? []), name]);
  return { ...count(lead, LEAD_FIELD_NAMES), groups: [...byGroup].map(([group, fields]) => ({ group, ...count(lead, fields) })) };
}
