import { leadWriteBody, type Lead, type LeadFieldName, type LeadWrite } from '@wholesail/domain';
import type { EnrichedProperty } from '../../providers/enrichment';

export function present(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const INTEGER_FIELDS = new Set<string>(['building_square_feet', 'year_built']);

/** Fields an enrichment fills: each with a value, never cleared. */
export type FilledFields = { [K in keyof LeadWrite]?: NonNullable<LeadWrite[K]> };

/** The lookup's values for the lead's empty fields, each checked by the lead field's own rule; the rest are dropped. */

export function emptyFieldsFrom(lead: Lead, data: EnrichedProperty): FilledFields {
  const out: Record<string, unknown> = {};
  const shape = leadWriteBody.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } } | undefined>;
  for (const [field, raw] of Object.entries(data) as Array<[LeadFieldName, unknown]>) {
    if (raw === null || raw === undefined || present(lead[field])) continue;
    const value = INTEGER_FIELDS.has(field) && typeof raw === 'number' ? Math.round(raw) : raw;
    const parsed = shape[field]?.safeParse(value);
    if (parsed?.success && parsed.data !== null && parsed.data !== undefined) out[field] = parsed.data;
  }
  // Each value passed its field's schema and is not null.
  return out as FilledFields;
}

/** The address a property lookup is asked about. */
export function lookupAddress(lead: Lead): string | null {
  if (present(lead.property_address_full)) return lead.property_address_full!.trim();
  const street = [lead.property_address, lead.property_address_line_1, lead.property_address_street, lead.address].find(present);
  if (!street) return null;
  const zip = lead.property_address_zipcode ?? lead.property_address_zip;
  const stateZip = [lead.property_address_state, zip].filter(present).join(' ');
  return [street, lead.property_address_city, stateZip].filter(present).join(', ');
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
