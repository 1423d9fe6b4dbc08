import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

describe.each(DB_KINDS)('tenant wall on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Awaited<ReturnType<TestApp['createOrg']>>;
  let b: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    a = await t.createOrg('Org A');
    b = await t.createOrg('Org B');
  });

  it("answers 404 when org A's user reads org B's organization or settings", async () => {
    expect((await t.request('GET', `/api/organizations/${a.organizationId}/settings`, { cookie: a.cookie })).statusCode).toBe(200);
    const settings = await t.request('GET', `/api/organizations/${b.organizationId}/settings`, { cookie: a.cookie });
    expect(settings.statusCode).toBe(404);
    expect(settings.json().error.code).toBe('NOT_FOUND');
    expect((await t.request('GET', `/api/organizations/${b.organizationId}`, { cookie: a.cookie })).statusCode).toBe(404);
  });

  it("cannot update org B's settings or name from org A", async () => {
    const put = await t.request('PUT', `/api/organizations/${b.organizationId}/settings`, {
      cookie: a.cookie,
      body: { aiIntegration: { enableRealTimeCoaching: false } },
    });
    expect(put.statusCode).toBe(404);
    const rename = await t.request('PATCH', `/api/organizations/${b.organizationId}`, { cookie: a.cookie, body: { name: 'Owned by A' } });
    expect(rename.statusCode).toBe(404);
    const own = await t.request('GET', '/api/organization/settings', { cookie: b.cookie });
    expect(own.json().aiIntegration.enableRealTimeCoaching).toBe(true);
    expect((await t.request('GET', '/api/organization', { cookie: b.cookie })).json().name).toBe('Org B');
  });

  it("the database itself returns none of org B's rows to a query under org A's setting, even without a WHERE", async () => {
    const rows = await withTenant(t.database.db, a.organizationId, async (tx) => ({
      settings: await tx.selectFrom('organization_settings').select('organization_id').execute(),
      organizations: await tx.selectFrom('organizations').select('id').execute(),
      logs: await tx.selectFrom('activity_logs').select('organization_id').execute(),
      profiles: await tx.selectFrom('user_profiles').select('organization_id').execute(),
    }));
    expect(rows.settings.map((r) => r.organization_id)).toEqual([a.organizationId]);
    expect(rows.organizations.map((r) => r.id)).toEqual([a.organizationId]);
    expect(new Set(rows.logs.map((r) => r.organization_id))).toEqual(new Set([a.organizationId]));
    expect(new Set(rows.profiles.map((r) => r.organization_id))).toEqual(new Set([a.organizationId]));

    const updated = await withTenant(t.database.db, a.organizationId, (tx) =>
      tx.updateTable('organization_settings').set({ settings: '{}' }).execute(),
    );
    expect(updated.reduce((n, r) => n + Number(r.numUpdatedRows), 0)).toBe(1);
    await expect(
      withTenant(t.database.db, a.organizationId, (tx) =>
        tx.insertInto('activity_logs').values({ organization_id: b.organizationId, action: 'forged' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('runs tenant queries as a role that cannot switch the wall off', async () => {
    const role = await withTenant(t.database.db, a.organizationId, async (tx) => {
      const r = await sql<{ current_user: string; bypass: boolean; owns: number }>`
        select current_user,
               (select rolbypassrls or rolsuper from pg_roles where rolname = current_user) as bypass,
               (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owns`.execute(tx);
      return r.rows[0]!;
    });
    expect(role).toEqual({ current_user: 'wholesail_app', bypass: false, owns: 0 });
    await expect(
      withTenant(t.database.db, a.organizationId, (tx) => sql`alter table organization_settings no force row level security`.execute(tx)),
    ).rejects.toThrow(/must be owner/);
  });

  it('walls off every table that has an organization_id: forced RLS with both policies', async () => {
    const rows = await sql<{ table: string; rls: boolean; forced: boolean; policies: string[] }>`
      select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             coalesce(array_agg(p.polname::text order by p.polname) filter (where p.polname is not null), '{}'::text[]) as policies
      from pg_class c
      join information_schema.columns col on col.table_name = c.relname and col.table_schema = 'public' and col.column_name = 'organization_id'
      left join pg_policy p on p.polrelid = c.oid
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      group by c.relname, c.relrowsecurity, c.relforcerowsecurity
      order by c.relname`.execute(t.database.db);
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const row of rows.rows) {
      expect({ table: row.table, rls: row.rls, forced: row.forced, policies: row.policies }).toEqual({
        table: row.table, rls: true, forced: true, policies: ['system_access', 'tenant_isolation'],
      });
    }
  });
});
