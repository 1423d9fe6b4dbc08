/**
 * `npm run bench -- analytics`: every analytics endpoint (issue 23) for 30-day ranges in an organization of
 * 1,000,000 leads, 5,000,000 calls and 2,000,000 texts on PostgreSQL, budget p95 ≤ 100 ms each, with the plan of
 * each endpoint's slowest statement. Seeds (once) the database `wholesail_bench_analytics` on the server of
 * BENCH_DATABASE_URL (default: the local test server) through the tables' own triggers, so the rollups are the ones
 * the writes keep. Times the services as a request runs them (readAsTenant as wholesail_app, row-level security).
 */
import { CompiledQuery, Kysely, PostgresDialect, type Kysely as KyselyDb } from 'kysely';
import pg from 'pg';
import { analyticsQuery, drillQuery, growthDrillQuery, growthQuery, signalLeadsQuery, sourcesQuery } from '@wholesail/domain';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { readAsTenant, type Tx } from '../apps/server/src/db/scope';
import type { DB } from '../apps/server/src/db/types';
import { drill } from '../apps/server/src/modules/analytics/drill';
import { callsAnalytics, funnelAnalytics, textsAnalytics } from '../apps/server/src/modules/analytics/service';
import { signalsAnalytics } from '../apps/server/src/modules/analytics/signals';
import { signalLeads } from '../apps/server/src/modules/analytics/signals-drill';
import { sourcesAnalytics } from '../apps/server/src/modules/analytics/sources';
import { today } from '../apps/server/src/modules/dashboard/service';
import { growthDrill } from '../apps/server/src/modules/growth/drill';
import { growthAnalytics } from '../apps/server/src/modules/growth/service';
import { benchUrl, ensureDatabase, seededWith } from './bench-database';
import { SEED_VERSION, seedAnalytics, type AnalyticsSeed } from './analytics-seed';
import { figure, percentile, type BenchRow } from './report';

export const BENCH_DB = 'wholesail_bench_analytics';
const ITERATIONS = 200;
const WARMUP = 10;
const BUDGET_MS = 100;
const RANGE_DAYS = 30;

type Range = { from: string; to: string; member?: string };
interface Endpoint {
  name: string;
  run: (tx: Tx, organizationId: string, range: Range, seed: AnalyticsSeed) => Promise<unknown>;
}

/** The endpoints as their routes call them (the query parsed by the route's own schema). */
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/analytics/calls', run: (tx, org, r) => callsAnalytics(tx, org, analyticsQuery.parse(r)) },
  { name: 'GET /api/analytics/texts', run: (tx, org, r) => textsAnalytics(tx, org, analyticsQuery.parse(r)) },
  { name: 'GET /api/analytics/funnel', run: (tx, org, r) => funnelAnalytics(tx, org, analyticsQuery.parse(r)) },
  { name: 'GET /api/analytics/drill?metric=connects', run: (tx, org, r) => drill(tx, org, drillQuery.parse({ ...r, metric: 'connects' })) },
  // Sources and lists are the team's: the range without its member.
  { name: 'GET /api/analytics/sources', run: (tx, org, r) => sourcesAnalytics(tx, org, sourcesQuery.parse({ from: r.from, to: r.to })) },
  {
    name: 'GET /api/analytics/drill?metric=source_leads',
    run: (tx, org, r) => drill(tx, org, drillQuery.parse({ from: r.from, to: r.to, metric: 'source_leads', source: 'Direct mail' })),
  },
  // Growth is the team's: the range without its member.
  { name: 'GET /api/analytics/growth', run: (tx, org, r) => growthAnalytics(tx, org, growthQuery.parse({ from: r.from, to: r.to })) },
  { name: 'GET /api/analytics/growth/drill?metric=uncontacted', run: (tx, org) => growthDrill(tx, org, growthDrillQuery.parse({ metric: 'uncontacted' })) },
  // Signals read all-time counters: the range does not apply.
  { name: 'GET /api/analytics/signals', run: (tx, org) => signalsAnalytics(tx, org) },
  { name: 'GET /api/analytics/signals/leads (pre-foreclosure, contracted)', run: (tx, org) => signalLeads(tx, org, signalLeadsQuery.parse({ key: 'pre_foreclosure', measure: 'contracted' })) },
  // The dashboard's day is today's: the range's member (or the owner) is the caller.
  { name: 'GET /api/dashboard/today', run: (tx, org, r, seed) => today(tx, org, r.member ?? seed.members[0]!, new Date()) },
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** 30-day ranges ending on days spread over the seeded two years; every other one filtered to a member. */
function ranges(seed: AnalyticsSeed): Range[] {
  return Array.from({ length: ITERATIONS + WARMUP }, (_, i) => {
    const end = new Date(Date.now() - ((i * 7919) % 700) * 86_400_000);
    const from = new Date(end.getTime() - (RANGE_DAYS - 1) * 86_400_000);
    return { from: day(from), to: day(end), ...(i % 2 === 1 ? { member: seed.members[i % seed.members.length]! } : {}) };
  });
}

/** Each statement one run of `endpoint` executes, with its parameters (a Kysely that records what it runs). */
async function statementsOf(pool: pg.Pool, seed: AnalyticsSeed, endpoint: Endpoint, range: Range): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const recorder: KyselyDb<DB> = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void seen.push(event.query) });
  await readAsTenant(recorder, seed.organizationId, (tx) => endpoint.run(tx, seed.organizationId, range, seed));
  return seen.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
}

/** The plan of the statement of `endpoint` that took longest (explain analyze as wholesail_app). */
async function slowestPlan(db: KyselyDb<DB>, pool: pg.Pool, seed: AnalyticsSeed, endpoint: Endpoint, range: Range): Promise<{ ms: number; plan: string[] }> {
  const statements = await statementsOf(pool, seed, endpoint, range);
  let slowest = { ms: -1, plan: [] as string[] };
  for (const statement of statements) {
    const plan = await readAsTenant(db, seed.organizationId, async (tx) =>
      (await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]))).rows.map((r) => r['QUERY PLAN']),
    );
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? 0);
    if (ms > slowest.ms) slowest = { ms, plan };
  }
  return slowest;
}

export async function runAnalyticsBench(): Promise<BenchRow[]> {
  await ensureDatabase(BENCH_DB);
  const url = benchUrl(BENCH_DB);
  console.log(`database: ${url}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(database.db);
    const seed = await seedAnalytics(database, pool);
    const all = ranges(seed);
    const rows: BenchRow[] = [];
    console.log(`\n${ITERATIONS} runs each after ${WARMUP} warm-up, 30-day ranges over two years, half of them for one member:`);
    for (const endpoint of ENDPOINTS) {
      const times: number[] = [];
      for (const [i, range] of all.entries()) {
        const start = performance.now();
        await readAsTenant(database.db, seed.organizationId, (tx) => endpoint.run(tx, seed.organizationId, range, seed));
        if (i >= WARMUP) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      console.log(`${endpoint.name.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  ${p95 <= BUDGET_MS ? 'OK' : 'OVER'}`);
      const slowest = await slowestPlan(database.db, pool, seed, endpoint, all[WARMUP]!);
      console.log(`  plan of its slowest statement (${slowest.ms.toFixed(2)} ms):`);
      for (const line of slowest.plan) console.log(`    ${line}`);
      rows.push(figure(`${endpoint.name} p95`, Number(p95.toFixed(2)), 'ms', { max: BUDGET_MS }));
    }
    return rows;
  } finally {
    await pool.end();
    await database.close();
  }
}

/** True when the database holds a finished seed (a full `npm run bench` only measures then). */
export const analyticsBenchSeeded = (): Promise<boolean> => seededWith(BENCH_DB, SEED_VERSION);
