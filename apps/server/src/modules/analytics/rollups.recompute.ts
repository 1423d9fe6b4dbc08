import { sql, type Kysely } from 'kysely';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';

/**
 * The rollups as the property test expects them: each recomputed from the raw rows with plain SQL written apart from
 * migration 0036's functions (the hour is the epoch second divided down, not date_trunc), and each rollup table as
 * stored, both without rows whose counts are all zero. Rows are JSON text, sorted.
 */
const HOUR = (column: string) => sql`(floor(extract(epoch from ${sql.ref(column)}) / 3600) * 3600)::bigint`;

const RECOMPUTED = {
  analytics_call_hours: sql`
    select organization_id::text as org, ${HOUR('started_at')} as hour, coalesce(user_id, '') as user_id,
      count(*)::int as dials,
      (count(*) filter (where answered_at is not null))::int as connects,
      (count(*) filter (where answered_at is not null and duration_sec > 60))::int as conversations,
      (coalesce(sum(duration_sec) filter (where answered_at is not null), 0))::int as talk_time_sec,
      (count(*) filter (where disposition = 'interested'))::int as outcome_interested,
      (count(*) filter (where disposition = 'maybe'))::int as outcome_maybe,
      (count(*) filter (where disposition = 'not_interested'))::int as outcome_not_interested,
      (count(*) filter (where disposition = 'callback_requested'))::int as outcome_callback_requested,
      (count(*) filter (where disposition = 'appointment_scheduled'))::int as outcome_appointment_scheduled,
      (count(*) filter (where disposition = 'offer_made'))::int as outcome_offer_made,
      (count(*) filter (where disposition = 'no_answer'))::int as outcome_no_answer,
      (count(*) filter (where disposition = 'wrong_number'))::int as outcome_wrong_number
    from calls group by 1, 2, 3`,
  analytics_text_hours: sql`
    select org, hour, user_id, sum(sent)::int as sent, sum(delivered)::int as delivered, sum(failed)::int as failed, sum(replies)::int as replies, sum(opt_outs)::int as opt_outs
    from (
      select organization_id::text as org, ${HOUR('created_at')} as hour, coalesce(user_id, '') as user_id,
        (status in ('sent', 'delivered'))::int as sent, (status = 'delivered')::int as delivered, (status = 'failed')::int as failed, 0 as replies, 0 as opt_outs
      from conversations where direction = 'outbound'
      union all
      select organization_id::text, ${HOUR('created_at')}, reply_to_user_id, 0, 0, 0, 1, 0
      from conversations where direction = 'inbound' and reply_to_user_id is not null
      union all
      select organization_id::text, ${HOUR('created_at')}, '', 0, 0, 0, 0, 1
      from dnc_numbers where source = 'sms_opt_out' and (opt_out_from is null or opt_out_from = phone_e164)
    ) t group by 1, 2, 3`,
  analytics_deal_hours: sql`
    select org, hour, user_id, sum(offers)::int as offers, sum(under_contract)::int as under_contract, sum(closed)::int as closed
    from (
      select organization_id::text as org, ${HOUR('created_at')} as hour, coalesce(created_by, '') as user_id, 1 as offers, 0 as under_contract, 0 as closed
      from deal_offers
      union all
      select organization_id::text, ${HOUR('created_at')}, coalesce(user_id, ''),
        0, (changes -> 'stage' ->> 'to' = 'under_contract')::int, (changes -> 'stage' ->> 'to' = 'closed')::int
      from deal_events where kind = 'stage' and changes -> 'stage' ->> 'to' in ('under_contract', 'closed')
    ) t group by 1, 2, 3`,
};

const COUNTS: Record<keyof typeof RECOMPUTED, string[]> = {
  analytics_call_hours: [
    'dials', 'connects', 'conversations', 'talk_time_sec', 'outcome_interested', 'outcome_maybe', 'outcome_not_interested', 'outcome_callback_requested',
    'outcome_appointment_scheduled', 'outcome_offer_made', 'outcome_no_answer', 'outcome_wrong_number',
  ],
  analytics_text_hours: ['sent', 'delivered', 'failed', 'replies', 'opt_outs'],
  analytics_deal_hours: ['offers', 'under_contract', 'closed'],
};

export type RollupName = keyof typeof RECOMPUTED;
export const ROLLUPS = Object.keys(RECOMPUTED) as RollupName[];

/** What a rollup table holds, and what the raw rows say it should hold. */
export async function rollupAndRecomputation(db: Kysely<DB>, table: RollupName): Promise<{ stored: string[]; recomputed: string[] }> {
  const counts = COUNTS[table];
  const nonZero = (alias: string) => sql.join(counts.map((c) => sql`${sql.ref(`${alias}.${c}`)} <> 0`), sql` or `);
  const columns = (alias: string) => sql.join(counts.map((c) => sql`${sql.ref(`${alias}.${c}`)}::int as ${sql.ref(c)}`));
  return withSystem(db, async (tx) => {
    const stored = await sql<{ row: string }>`
      select to_jsonb(x)::text as row from (
        select h.organization_id::text as org, extract(epoch from h.hour)::bigint as hour, h.user_id, ${columns('h')}
        from ${sql.table(table)} h where ${nonZero('h')}
      ) x`.execute(tx);
    const recomputed = await sql<{ row: string }>`
      select to_jsonb(x)::text as row from (select r.org, r.hour, r.user_id, ${columns('r')} from (${RECOMPUTED[table]}) r where ${nonZero('r')}) x`.execute(tx);
    return { stored: stored.rows.map((r) => r.row).sort(), recomputed: recomputed.rows.map((r) => r.row).sort() };
  });
}
