import { sql } from 'kysely';
import { displayName, screenLinks, type DrillItem } from '@wholesail/domain';
import { iso } from '../../db/timestamps';

/** A page of the records behind a number. */
export type Page = { limit: number; offset: number };

/** A lead as a drill item reads it (`at`: the moment the figure counts it). */
export type LeadRow = {
  id: string; at: Date; name: string | null; contact_1_name: string | null; owner_1_name: string | null; owner_1_first_name: string | null;
  owner_1_last_name: string | null; property_address_full: string | null;
};
export const LEAD_COLUMNS = sql`l.id, l.name, l.contact_1_name, l.owner_1_name, l.owner_1_first_name, l.owner_1_last_name, l.property_address_full`;

/** A lead behind a number: what it is counted as, where the property is, and its page. */
export const leadItem = (r: LeadRow, summary: string): DrillItem => ({
  kind: 'lead', id: r.id, at: iso(r.at), lead_id: r.id, lead_name: displayName(r), member_name: null,
  summary: r.property_address_full ? `${summary} · ${r.property_address_full}` : summary, href: screenLinks.lead(r.id),
});
