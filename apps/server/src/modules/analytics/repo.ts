import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../db/scope';

/** The hourly rollups of migration 0036: one row per organization, UTC hour and member ('' = no member). */
export type RollupTable = 'analytics_call_hours' | 'analytics_text_hours' | 'analytics_deal_hours';

/** The rows a figure adds up: an organization's hours in [start, end) (whole UTC hours), of one member or of all. */
export interface Scope {
  organizationId: string;
  start: Date;
  end: Date;
  member?: string | null;
}

/** Named aggregate expressions over a rollup aliased `h`. */
export type Figures<K extends string> = Record<K, RawBuilder<unknown>>;
export type Sums<K extends string> = Record<K, number>;

/**
 * An instant as SQL, sent as epoch seconds: every day a range may name (year 100 to 9999, and the midnight after)
 * reaches the database as a plain number, whatever text a driver would make of such a Date.
 */
export const instant = (at: Date) => sql<Date>`to_timestamp(${at.getTime() / 1000}::float8)`;

/** The sum of one rollup column. */
export const total = (column: string) => sql`sum(${sql.ref(`h.${column}`)})`;

/** Each figure as a float8 (counts stay exact far past any rollup's size), 0 when no row matched. */
const selectFigures = (figures: Figures<string>) =>
  sql.join(Object.entries(figures).map(([name, expr]) => sql`coalesce(${expr}, 0)::float8 as ${sql.ref(name)}`));

const whereScope = (scope: Scope) => sql`h.organization_id = ${scope.organizationId}
  and h.hour >= ${instant(scope.start)} and h.hour < ${instant(scope.end)}${scope.member ? sql` and h.user_id = ${scope.member}` : sql``}`;

/** The figures over the whole scope. */
export async function sums<K extends string>(tx: Tx, table: RollupTable, figures: Figures<K>, scope: Scope): Promise<Sums<K>> {
  const { rows } = await sql<Sums<K>>`select ${selectFigures(figures)} from ${sql.table(table)} h where ${whereScope(scope)}`.execute(tx);
  return rows[0]!;
}

/** The figures per member whose rows make `active` true, with the member's name (null for no member or a removed user). */
export async function sumsByMember<K extends string>(
  tx: Tx, table: RollupTable, figures: Figures<K>, scope: Scope, active: RawBuilder<unknown>,
): Promise<Array<Sums<K> & { user_id: string; name: string | null }>> {
  const { rows } = await sql<Sums<K> & { user_id: string; name: string | null }>`
    select h.user_id, u.name, ${selectFigures(figures)}
    from ${sql.table(table)} h left join users u on u.id = h.user_id
    where ${whereScope(scope)}
    group by h.user_id, u.name
    having ${active}
    order by h.user_id`.execute(tx);
  return rows;
}

/**
 * The figures per local day of `timeZone` ('YYYY-MM-DD'), for the days that have rows. An hour belongs wholly to one
 * local day: the allowed zones' offsets are whole hours.
 */
export async function sumsByDay<K extends string>(tx: Tx, table: RollupTable, figures: Figures<K>, scope: Scope, timeZone: string): Promise<Array<Sums<K> & { date: string }>> {
  const { rows } = await sql<Sums<K> & { date: string }>`
    select to_char((h.hour at time zone ${timeZone}::text)::date, 'YYYY-MM-DD') as date, ${selectFigures(figures)}
    from ${sql.table(table)} h
    where ${whereScope(scope)}
    group by 1`.execute(tx);
  return rows;
}
