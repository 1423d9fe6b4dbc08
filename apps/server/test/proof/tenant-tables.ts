import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types';

/**
 * The tenant tables as the catalogue lists them: every table of the public schema with an organization_id
 * column, and organizations itself (its tenant column is id).
 */
export async function tenantTables(db: Kysely<DB>): Promise<Array<{ table: string; column: string }>> {
  const rows = await sql<{ table: string }>`
    select c.relname as table
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
    where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace
    order by c.relname`.execute(db);
  return [{ table: 'organizations', column: 'id' }, ...rows.rows.map((r) => ({ table: r.table, column: 'organization_id' }))];
}

export const APP_ROLE = 'wholesail_app';

/**
 * What is wrong with the tenant wall, one line per problem: every tenant table must have row-level security
 * enabled and forced, a policy for the app role on every command whose USING and WITH CHECK both confine rows
 * to app_current_organization(), and no other policy that lets the app role (or PUBLIC) see more.
 */
export async function wallProblems(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  for (const { table, column } of await tenantTables(db)) {
    const rel = await sql<{ rls: boolean; forced: boolean; owner: string }>`
      select relrowsecurity as rls, relforcerowsecurity as forced, pg_get_userbyid(relowner) as owner
      from pg_class where oid = ${`public.${table}`}::regclass`.execute(db);
    const { rls, forced, owner } = rel.rows[0]!;
    if (!rls) problems.push(`${table}: row-level security is not enabled`);
    if (!forced) problems.push(`${table}: row-level security is not forced`);
    if (owner === APP_ROLE) problems.push(`${table}: owned by ${APP_ROLE}`);
    const policies = await sql<{ name: string; cmd: string; permissive: boolean; roles: string[]; using: string | null; check: string | null }>`
      select p.polname as name, p.polcmd as cmd, p.polpermissive as permissive,
             array(select case when r = 0 then 'public' else pg_get_userbyid(r)::text end from unnest(p.polroles) r) as roles,
             pg_get_expr(p.polqual, p.polrelid) as using, pg_get_expr(p.polwithcheck, p.polrelid) as check
      from pg_policy p where p.polrelid = ${`public.${table}`}::regclass`.execute(db);
    const confined = (expr: string | null) => expr !== null && expr.includes('app_current_organization()') && new RegExp(`\\b${column}\\b`).test(expr);
    const forApp = policies.rows.filter((p) => p.roles.includes(APP_ROLE) || p.roles.includes('public'));
    const wall = forApp.filter((p) => p.cmd === '*' && p.permissive && confined(p.using) && confined(p.check));
    if (wall.length === 0) problems.push(`${table}: no policy for ${APP_ROLE} with USING and WITH CHECK on ${column} = app_current_organization()`);
    for (const p of forApp.filter((q) => q.permissive && !wall.includes(q))) {
      problems.push(`${table}: policy ${p.name} lets ${APP_ROLE} through without the organization (USING ${p.using ?? '-'}, WITH CHECK ${p.check ?? '-'})`);
    }
  }
  return problems;
}
