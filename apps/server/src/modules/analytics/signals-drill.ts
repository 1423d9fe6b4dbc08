import { sql, type RawBuilder } from 'kysely';
import {
  displayName,
  leadStatusLabel,
  screenLinks,
  signalKeyInfo,
  type SignalLeads,
  type SignalLeadsQuery,
  type SignalMeasure,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';

/**
 * The leads behind a number of the signals report, newest first. A lead is listed when migration 0038's own
 * functions put it under the key (and the outcome), so a page lists exactly what the figure counted; the total is
 * the figure itself, read from the counter row.
 */

/** The position of each outcome in analytics_signal_outcomes(); the leads themselves have none. */
const OUTCOME_INDEX: Record<SignalMeasure, number | null> = { leads: null, contacted: 1, offered: 2, contracted: 3 };

/**
 * Whether a lead is under the key, as the counters put it: a tag is the lead's badge, any other key is one of
 * analytics_signal_keys(); a distress flag is tested on its column first, so the function runs only for leads that match.
 */
function underKey(key: string): RawBuilder<boolean>[] {
  const info = signalKeyInfo(key)!;
  if (info.kind === 'tag') return [sql<boolean>`l.badges @> array[${key.slice('tag:'.length)}]::text[]`];
  const keys = sql<boolean>`analytics_signal_keys(l, coalesce(c.lists, 0)) @> array[${key}]::text[]`;
  if (key === 'vacant') return [sql<boolean>`(l.vacant or l.vacancy_flag)`, keys];
  if (info.kind === 'distress') return [sql<boolean>`${sql.ref(`l.${key}`)}`, keys];
  return key === 'all' ? [] : [keys];
}

type LeadRow = {
  id: string;
  name: string | null;
  contact_1_name: string | null;
  owner_1_name: string | null;
  owner_1_first_name: string | null;
  owner_1_last_name: string | null;
  address: string | null;
  status: string;
  last_contacted_at: Date | string | null;
};

export async function signalLeads(tx: Tx, organizationId: string, query: SignalLeadsQuery): Promise<SignalLeads> {
  const { key, measure, limit, offset } = query;
  const index = OUTCOME_INDEX[measure];
  const lists = /^lists:(\d+)$/.exec(key);
  // Leads on at least one list are found through their list counts; every other key walks the leads newest first.
  const source = lists && lists[1] !== '0'
    ? sql`analytics_lead_lists c join leads l on l.organization_id = c.organization_id and l.id = c.lead_id and c.lists = ${Number(lists[1])}`
    : sql`leads l left join analytics_lead_lists c on c.organization_id = l.organization_id and c.lead_id = l.id`;
  const conditions = [
    sql<boolean>`l.organization_id = ${organizationId}`,
    sql<boolean>`l.status <> 'deleted'`,
    ...underKey(key),
    index === null ? null : sql<boolean>`(analytics_signal_outcomes(l))[${sql.lit(index)}] = 1`,
  ].filter((c) => c !== null);
  const [items, counted] = await Promise.all([
    sql<LeadRow>`
      select l.id, l.name, l.contact_1_name, l.owner_1_name, l.owner_1_first_name, l.owner_1_last_name,
        coalesce(l.property_address_full, l.property_address, l.address) as address, l.status, l.last_contacted_at
      from ${source}
      where ${sql.join(conditions, sql` and `)}
      order by l.created_at desc, l.id
      limit ${limit} offset ${offset}`.execute(tx),
    sql<{ n: number }>`
      select ${sql.ref(measure)} as n from analytics_signal_counts where organization_id = ${organizationId} and key = ${key}`.execute(tx),
  ]);
  return {
    items: items.rows.map((r) => ({
      id: r.id, name: displayName(r), address: r.address, status: r.status, status_label: leadStatusLabel(r.status),
      last_contacted_at: r.last_contacted_at === null ? null : iso(r.last_contacted_at), href: screenLinks.lead(r.id),
    })),
    total: counted.rows[0]?.n ?? 0,
  };
}
