/**
 * Suite 5, faults: a full PostgreSQL restart (needs TEST_DATABASE_URL, as the other PostgreSQL suites, and
 * PostgreSQL's binaries for a cluster of the test's own). Under steady write traffic the real server process
 * loses its database entirely: a fast shutdown closes every connection and new ones are refused until the
 * cluster is started again. The process stays up, requests meanwhile answer 503 DATABASE_UNAVAILABLE (never
 * 500), it answers 2xx again within 5 s of PostgreSQL accepting connections, every write acknowledged with
 * 2xx is there afterwards, and the change feed's LISTEN and the job queue are back.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../e2e/support/server';
import { openDatabase, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { provisionOrganization } from '../../src/modules/organizations/provision';
import { privateClusterAvailable, startPrivateCluster, type PrivateCluster } from './private-cluster';
import { signIn, sleep, startWriteTraffic, until } from './write-traffic';

const RECOVERY_BUDGET_MS = 5000;
const DOWN_MS = 1500;

describe.skipIf(!process.env.TEST_DATABASE_URL || !privateClusterAvailable())('a full PostgreSQL restart (a cluster of its own)', () => {
  let cluster: PrivateCluster | undefined;
  let database: Database | undefined;
  let server: RunningServer | undefined;
  let url: string;
  const org = { email: `restart-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery' };

  /** A fresh connection for each check: the test's own connections do not survive the restart either. */
  const q = async (text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE wholesail');
    await admin.end();
    url = cluster.url.replace(/\/postgres$/, '/wholesail');
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await migrate(database.db);
    await provisionOrganization(database.db, { name: 'Restart Realty', ...org });
    await database.close();
    database = undefined;
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.close();
    cluster?.destroy();
  });

  it('answers 503 (never 500) while PostgreSQL is down, recovers within 5 s of its return and keeps every acknowledged write', async () => {
    server = await startServer({ DATABASE_URL: url, AUTH_SECRET: 'restart-secret-restart-secret-restart-0123', LOG_LEVEL: 'error' });
    const cookie = await signIn(server.url, org.email, org.password);
    const traffic = startWriteTraffic(server.url, cookie);
    await sleep(1000);
    const before = traffic.acknowledged.length;

    const downAt = Date.now();
    cluster!.stop();
    await sleep(DOWN_MS);
    const duringDown = traffic.unavailable.length;
    cluster!.start();
    const upAt = Date.now();
    const firstOk = await until('a 2xx after PostgreSQL is back', async () => traffic.okAt.find((t) => t > upAt), RECOVERY_BUDGET_MS + 5000, 10);
    await sleep(1000);
    await traffic.stop();

    const present = await q('select count(*)::int as n from leads where id = any($1::uuid[])', [traffic.acknowledged]);
    const listening = await until('the LISTEN connection to come back', async () => {
      const rows = await q(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
      return (rows[0]!.n as number) > 0 ? rows[0]!.n : null;
    }, 10_000);
    const lastId = traffic.acknowledged.at(-1)!;
    const scored = await until('the last lead to be scored by its job', async () => {
      const rows = await q('select ai_scored_at from leads where id = $1', [lastId]);
      return rows[0]?.ai_scored_at ? rows[0] : null;
    }, 60_000); // through the outbox: the event's delivery, then the scoring job, each a pg-boss hop

    console.log(
      `restart: PostgreSQL down ${upAt - downAt} ms; ${traffic.acknowledged.length} acknowledged writes checked (${before} before the stop), ` +
        `${traffic.unavailable.length} answered 503 (${duringDown} while it was down), first 2xx ${firstOk - upAt} ms after it was back; ` +
        `statuses ${JSON.stringify(Object.fromEntries(traffic.statuses))}`,
    );
    expect(server.alive()).toBe(true);
    expect(traffic.others).toEqual([]);
    expect(duringDown).toBeGreaterThan(0);
    for (const e of traffic.unavailable) {
      expect(e.code).toBe('DATABASE_UNAVAILABLE');
      expect(e.message).toMatch(/database is unavailable/i);
    }
    expect(firstOk - upAt).toBeLessThan(RECOVERY_BUDGET_MS);
    expect(present[0]!.n).toBe(traffic.acknowledged.length);
    expect(listening).toBeGreaterThan(0);
    expect(scored.ai_scored_at).toBeTruthy();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
  }, 150_000);
});
