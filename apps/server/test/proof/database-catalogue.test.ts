import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem, withTenant } from '../../src/db/scope';
import type { DB } from '../../src/db/types';
import { DB_KINDS } from '../harness';
import { FAST_DEMO_ENV, LOOK_A, LOOK_B, useProofApp } from './seed';
import { APP_ROLE, tenantTables, wallProblems } from './tenant-tables';

/** Runs `fn` in a transaction that is always rolled back. */
async function rolledBack(db: Kysely<DB>, fn: (tx: Kysely<DB>) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await db.transaction().execute(async (tx) => {
    await fn(tx);
    throw rollback;
  }).catch((error: unknown) => {
    if (error !== rollback) throw error;
  });
}

describe.each(DB_KINDS)('database catalogue on %s', (kind) => {
  const p = useProofApp(kind, FAST_DEMO_ENV, [LOOK_A, LOOK_B]);
  const { t } = p;

  beforeAll(async () => {
    const { a, b } = p;
    // Tables no API request of the seed fills: a Twilio status event (signed webhooks only) and a notification.
    await withSystem(t.database.db, async (tx) => {
      for (const org of [a, b]) {
        await tx.insertInto('twilio_status_events').values({ organization_id: org.ids.organizationId, call_sid: org.ids.callSid, sequence_number: 1, call_id: org.ids.callId, status: 'completed' }).execute();
        await tx.insertInto('system_notifications').values({ organization_id: org.ids.organizationId, user_id: org.ids.userId, title: `Proof notice ${crypto.randomUUID()}` }).execute();
      }
    });
  }, 120_000);

  it('walls off every tenant table: forced row-level security, USING and WITH CHECK on the organization, no wider policy', async () => {
    const tables = await tenantTables(t.database.db);
    expect(tables.length).toBeGreaterThan(15);
    expect(await wallProblems(t.database.db)).toEqual([]);
  });

  it('flags a new tenant table left outside the wall, or with a policy that is incomplete or too wide', async () => {
    await rolledBack(t.database.db, async (tx) => {
      await sql`create table proof_unwalled (organization_id uuid not null, note text)`.execute(tx);
      await sql`create table proof_not_forced (organization_id uuid not null)`.execute(tx);
      await sql`alter table proof_not_forced enable row level security`.execute(tx);
      await sql`create policy tenant_isolation on proof_not_forced to wholesail_app using (organization_id = app_current_organization()) with check (organization_id = app_current_organization())`.execute(tx);
      await sql`create table proof_no_check (organization_id uuid not null)`.execute(tx);
      await sql`alter table proof_no_check enable row level security`.execute(tx);
      await sql`alter table proof_no_check force row level security`.execute(tx);
      await sql`create policy tenant_read on proof_no_check for select to wholesail_app using (organization_id = app_current_organization())`.execute(tx);
      await sql`create table proof_too_wide (organization_id uuid not null)`.execute(tx);
      await sql`select secure_tenant_table('proof_too_wide')`.execute(tx);
      await sql`create policy everyone on proof_too_wide to public using (true)`.execute(tx);
      const problems = await wallProblems(tx);
      expect(problems).toEqual([
        'proof_no_check: no policy for wholesail_app with USING and WITH CHECK on organization_id = app_current_organization()',
        'proof_no_check: policy tenant_read lets wholesail_app through without the organization (USING (organization_id = app_current_organization()), WITH CHECK -)',
        'proof_not_forced: row-level security is not forced',
        'proof_too_wide: policy everyone lets wholesail_app through without the organization (USING true, WITH CHECK -)',
        'proof_unwalled: row-level security is not enabled',
        'proof_unwalled: row-level security is not forced',
        'proof_unwalled: no policy for wholesail_app with USING and WITH CHECK on organization_id = app_current_organization()',
      ]);
    });
    expect(await wallProblems(t.database.db)).toEqual([]);
  });

  it('runs tenant queries as a role that owns nothing, is no superuser, cannot bypass row-level security nor switch it off', async () => {
    const { a } = p;
    const role = await withTenant(t.database.db, a.ids.organizationId, async (tx) => {
      const r = await sql<{ current_user: string; super: boolean; bypass: boolean; owns: number }>`
        select current_user, rolsuper as super, rolbypassrls as bypass,
               (select count(*)::int from pg_class where relowner = r.oid) as owns
        from pg_roles r where rolname = current_user`.execute(tx);
      return r.rows[0]!;
    });
    expect(role).toEqual({ current_user: APP_ROLE, super: false, bypass: false, owns: 0 });
    await expect(
      withTenant(t.database.db, a.ids.organizationId, (tx) => sql`alter table leads no force row level security`.execute(tx)),
    ).rejects.toThrow(/must be owner/);
    await expect(
      withTenant(t.database.db, a.ids.organizationId, (tx) => sql`set local row_security = off`.execute(tx).then(() => sql`select 1 from leads`.execute(tx))),
    ).rejects.toThrow(/row-level security/);
  });

  it("returns, updates and deletes none of org B's rows in any tenant table under org A's setting without a WHERE, and refuses moving a row to B", async () => {
    const { a, b } = p;
    const db = t.database.db;
    const tables = await tenantTables(db);
    const countOf = (tx: Kysely<DB>, table: string, column: string, org: string) =>
      sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${org}`.execute(tx).then((r) => r.rows[0]!.n);
    const counts = await withSystem(db, async (tx) => {
      const out: Record<string, [number, number]> = {};
      for (const { table, column } of tables) out[table] = [await countOf(tx, table, column, a.ids.organizationId), await countOf(tx, table, column, b.ids.organizationId)];
      return out;
    });
    // Every tenant table has rows of both organizations, so no check below is vacuous.
    expect(Object.entries(counts).filter(([, [ofA, ofB]]) => ofA === 0 || ofB === 0)).toEqual([]);
    const seenByA: Record<string, string[]> = {};
    for (const { table, column } of tables) {
      const [ofA, ofB] = counts[table]!;
      const seen = await withTenant(db, a.ids.organizationId, (tx) => sql<{ org: string }>`select ${sql.ref(column)}::text as org from ${sql.table(table)}`.execute(tx));
      seenByA[table] = [...new Set(seen.rows.map((r) => r.org))];
      expect(seen.rows.length, table).toBe(ofA);

      // Writes without a WHERE touch A's rows only (rolled back), and no row can be moved to B.
      await rolledBack(db, async (tx) => {
        await sql`set local role wholesail_app`.execute(tx);
        await sql`select set_config('app.organization_id', ${a.ids.organizationId}, true)`.execute(tx);
        const updated = await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)}`.execute(tx);
        expect(Number(updated.numAffectedRows), `update ${table}`).toBe(ofA);
        const deleted = await sql`delete from ${sql.table(table)}`.execute(tx).catch((error: Error) => error);
        // A foreign key may refuse deleting a parent row; what is deleted is A's.
        if (!(deleted instanceof Error)) expect(Number(deleted.numAffectedRows), `delete ${table}`).toBe(ofA);
      });
      await expect(
        withTenant(db, a.ids.organizationId, (tx) => sql`update ${sql.table(table)} set ${sql.ref(column)} = ${b.ids.organizationId}`.execute(tx)),
        `moving a row of ${table} to B`,
      ).rejects.toThrow(/row-level security/);
      expect(await withSystem(db, (tx) => countOf(tx, table, column, b.ids.organizationId)), table).toBe(ofB);
    }
    expect(Object.entries(seenByA).filter(([, orgs]) => orgs.some((o) => o !== a.ids.organizationId))).toEqual([]);
    // Outside a tenant transaction the app role sees nothing at all.
    const outside = await db.transaction().execute(async (tx) => {
      await sql`set local role wholesail_app`.execute(tx);
      return (await sql<{ n: number }>`select count(*)::int as n from leads`.execute(tx)).rows[0]!.n;
    });
    expect(outside).toBe(0);
    await expect(
      withTenant(db, a.ids.organizationId, (tx) => tx.insertInto('activity_logs').values({ organization_id: b.ids.organizationId, action: 'forged' }).execute()),
    ).rejects.toThrow(/row-level security/);
  });
});
