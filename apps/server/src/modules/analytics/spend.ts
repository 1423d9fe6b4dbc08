import { sql } from 'kysely';
import { dollarsToCents, wallTimeToInstant, type Spend, type SpendBody } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { OrgContext } from '../../http/context';
import { audit } from '../audit/audit';
import { readSection } from '../settings/repo';
import { instant } from './repo';

/** The spend a team entered per source and month (source_spend, migration 0037): read by year, written by admins. */

/** A year's spend rows, and the sources to enter spend for: those with leads created in the year or spend in it. */
export async function readSpend(tx: Tx, organizationId: string, year: number): Promise<Spend> {
  const { timeZone } = await readSection(tx, organizationId, 'reporting');
  // The year's local days, as the reports read them: a lead at 23:30 on December 31 is that year's.
  const start = wallTimeToInstant(timeZone, { year, month: 1, day: 1 }, 0);
  const end = wallTimeToInstant(timeZone, { year: year + 1, month: 1, day: 1 }, 0);
  const [rows, seen] = await Promise.all([
    sql<{ source: string; month: string; amount_cents: number; updated_by_name: string | null; updated_at: Date }>`
      select s.source, to_char(s.month, 'YYYY-MM') as month, s.amount_cents::float8 as amount_cents, u.name as updated_by_name, s.updated_at
      from source_spend s left join users u on u.id = s.updated_by
      where s.organization_id = ${organizationId} and s.month >= make_date(${year}::int, 1, 1) and s.month < make_date(${year + 1}::int, 1, 1)
      order by s.month, s.source`.execute(tx),
    // Each source of the organization once, skipping through analytics_source_hours_source_idx, kept when it had a
    // lead in the year: a few probes per source rather than a year of hours.
    sql<{ source: string }>`
      with recursive s(source) as (
        (select h.source from analytics_source_hours h where h.organization_id = ${organizationId} order by h.source limit 1)
        union all
        select (select h.source from analytics_source_hours h where h.organization_id = ${organizationId} and h.source > s.source order by h.source limit 1)
        from s where s.source is not null
      )
      select s.source from s
      cross join lateral (
        select 1 from analytics_source_hours h
        where h.organization_id = ${organizationId} and h.source = s.source and h.hour >= ${instant(start)} and h.hour < ${instant(end)} and h.leads > 0
        limit 1
      ) had
      where s.source is not null`.execute(tx),
  ]);
  const sources = [...new Set([...seen.rows.map((r) => r.source), ...rows.rows.map((r) => r.source)])].sort((a, b) => a.localeCompare(b));
  return { year, sources, rows: rows.rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) })) };
}

/** Sets a source's spend for a month (0 removes it), audited with the amount before; answers the month's year. */
export async function saveSpend(tx: Tx, ctx: OrgContext, body: SpendBody): Promise<Spend> {
  const amountCents = dollarsToCents(body.amount)!;
  const month = `${body.month}-01`;
  const before = await tx
    .selectFrom('source_spend')
    .select(sql<number>`amount_cents::float8`.as('amount_cents'))
    .where('organization_id', '=', ctx.organizationId)
    .where('source', '=', body.source)
    .where('month', '=', month)
    .forUpdate()
    .executeTakeFirst();
  if (amountCents === 0) {
    await tx.deleteFrom('source_spend').where('organization_id', '=', ctx.organizationId).where('source', '=', body.source).where('month', '=', month).execute();
  } else {
    await tx
      .insertInto('source_spend')
      .values({ organization_id: ctx.organizationId, source: body.source, month, amount_cents: amountCents, updated_by: ctx.user.id })
      .onConflict((oc) => oc.columns(['organization_id', 'source', 'month']).doUpdateSet({ amount_cents: amountCents, updated_by: ctx.user.id, updated_at: sql`now()` }))
      .execute();
  }
  await audit(tx, ctx, 'analytics.spend_saved', { type: 'source_spend', id: `${body.month} ${body.source}` }, {
    source: body.source, month: body.month, amount_cents: amountCents, before_cents: before?.amount_cents ?? 0,
  });
  return readSpend(tx, ctx.organizationId, Number(body.month.slice(0, 4)));
}
