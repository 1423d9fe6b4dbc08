/**
 * `npm run bench -- comps`: comparable sales (GET /api/leads/:id/comps, issue 20) for a subject in an organization
 * of 1,000,000 leads on PostgreSQL, budget p95 ≤ 50 ms, and the plan of its sales query. Seeds (once) 1,000,000
 * leads in one organization and 100,000 in another, spread over ten metro areas 15 miles wide, 60 % with a sale
 * in the last five years, in the database `wholesail_bench_comps` on the server of BENCH_DATABASE_URL (default:
 * the local test server). Times the comps service as a request runs it (readAsTenant as wholesail_app, row-level
 * security, the organization's deal settings, the analysis), for subjects drawn across the organization.
 */
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { compsQuery, type CompsSubject } from '@wholesail/domain';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { readAsTenant } from '../apps/server/src/db/scope';
import { requestContext, type RequestContext } from '../apps/server/src/http/context';
import { findSubject, salesQuery } from '../apps/server/src/modules/comps/repo';
import { leadComps, salesSearch } from '../apps/server/src/modules/comps/service';
import { provisionOrganization } from '../apps/server/src/modules/organizations/provision';
import { noEnrichment } from '../apps/server/src/providers/enrichment/enrichment-provider';
import { benchUrl, ensureDatabase, seededWith } from './bench-database';
import { figure, percentile, type BenchRow } from './report';

const BENCH_DB = 'wholesail_bench_comps';
const SEED_VERSION = '1';
const BIG = 1_000_000;
const OTHER = 100_000;
const SUBJECTS = 200;
const ITERATIONS = 400;
const WARMUP = 20;
const BUDGET_MS = 50;
/** Metro centers and their typical $/sqft. */
const METROS: Array<[city: string, state: string, lat: number, lng: number, ppsf: number]> = [
  ['Austin', 'TX', 30.2672, -97.7431, 290], ['Dallas', 'TX', 32.7767, -96.797, 240], ['Houston', 'TX', 29.7604, -95.3698, 190],
  ['Phoenix', 'AZ', 33.4484, -112.074, 260], ['Atlanta', 'GA', 33.749, -84.388, 230], ['Tampa', 'FL', 27.9506, -82.4572, 270],
  ['Charlotte', 'NC', 35.2271, -80.8431, 240], ['Memphis', 'TN', 35.1495, -90.049, 130], ['Columbus', 'OH', 39.9612, -82.9988, 190],
  ['Jacksonville', 'FL', 30.3322, -81.6557, 210],
];

const column = (i: number) => `(array[${METROS.map((m) => (typeof m[i] === 'string' ? `'${m[i]}'` : String(m[i]))).join(',')}])[m]`;

/** One organization's leads in one INSERT … SELECT, without a change-feed notice per row (app.bulk_write). */
async function seedLeads(client: pg.PoolClient, organizationId: string, count: number, seed: number): Promise<void> {
  await client.query('begin');
  await client.query(`select setseed($1), set_config('app.bulk_write', 'on', true)`, [seed]);
  await client.query(`
    insert into leads (organization_id, owner_1_name, property_address, property_address_full, property_address_city,
      property_address_state, latitude, longitude, building_square_feet, total_bedrooms, total_baths, year_built,
      property_type, last_sale_price, last_sale_date, status, source)
    select $1::uuid, 'Owner ' || g, street, street || ', ' || city || ', ' || st, city, st,
      clat + r * cos(t) / 69.0934, clng + r * sin(t) / (69.0934 * cos(radians(clat))),
      sqft, 1 + (sqft / 700), 1 + (sqft / 1100), 1950 + floor(random() * 72)::int, 'Single Family',
      case when sold then round(sqft * ppsf * (0.85 + random() * 0.3) / 500) * 500 end,
      case when sold then current_date - floor(random() * 1826)::int end,
      case when random() < 0.03 then 'deleted' else 'new' end, 'bench'
    from (
      select g, ${column(0)} as city, ${column(1)} as st, ${column(2)} as clat, ${column(3)} as clng, ${column(4)} as ppsf,
        (1 + floor(random() * 9899))::int || ' Bench St' as street,
        15 * sqrt(random()) as r, 2 * pi() * random() as t, (800 + floor(random() * 3000))::int as sqft, random() < 0.6 as sold
      from (select g, 1 + floor(random() * ${METROS.length} + g * 0)::int as m from generate_series(1, $2::int) g) picked
    ) s`, [organizationId, count]);
  await client.query('commit');
}

interface Seeded {
  big: { organizationId: string; userId: string };
}

async function seed(database: Database, pool: pg.Pool): Promise<Seeded> {
  const q = async (text: string, values?: unknown[]) => (await pool.query(text, values)).rows as Array<Record<string, string>>;
  await q('create table if not exists bench_meta (key text primary key, value text not null)');
  const meta = Object.fromEntries((await q('select key, value from bench_meta')).map((r) => [r.key, r.value]));
  if (meta.version === SEED_VERSION && meta.orgs) {
    console.log(`seed: reusing ${BENCH_DB} (seeded ${meta.seeded_at})`);
    return JSON.parse(meta.orgs) as Seeded;
  }
  const started = performance.now();
  await q(`delete from organizations where name like 'Bench Comps %'`);
  await q(`delete from users where email like '%@bench-comps.test'`);
  const make = (name: string) => provisionOrganization(database.db, { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench-comps.test`, password: 'bench-password-1' });
  const orgs: Seeded = { big: await make('Bench Comps Big') };
  const other = await make('Bench Comps Other');
  // Indexes are dropped for the bulk insert and built after it (their definitions kept first, for an interrupted run).
  const indexes: Array<{ name: string; def: string }> = meta.index_defs
    ? JSON.parse(meta.index_defs)
    : ((await q(`select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'leads' and indexname <> 'leads_pkey'`)) as Array<{ name: string; def: string }>);
  await q(`insert into bench_meta values ('index_defs', $1) on conflict (key) do update set value = excluded.value`, [JSON.stringify(indexes)]);
  for (const ix of indexes) await q(`drop index if exists ${pg.escapeIdentifier(ix.name)}`);
  console.log(`seed: inserting ${BIG.toLocaleString('en-US')} + ${OTHER.toLocaleString('en-US')} leads …`);
  const client = await pool.connect();
  try {
    await seedLeads(client, orgs.big.organizationId, BIG, 0.42);
    await seedLeads(client, other.organizationId, OTHER, 0.17);
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const ix of indexes) await client.query(ix.def);
  } finally {
    client.release();
  }
  await q('vacuum analyze leads');
  for (const [key, value] of [['orgs', JSON.stringify(orgs)], ['seeded_at', new Date().toISOString()], ['version', SEED_VERSION]]) {
    await q('insert into bench_meta values ($1, $2) on conflict (key) do update set value = excluded.value', [key, value]);
  }
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return orgs;
}

/** A member's request context on the big organization, as the access hook builds it. */
const contextOf = (db: Database['db'], s: Seeded): RequestContext =>
  requestContext(db, { organizationId: s.big.organizationId, role: 'owner', user: { id: s.big.userId, email: 'bench@bench-comps.test', name: 'Bench' } });

async function time(label: string, subjects: string[], run: (id: string) => Promise<{ comps: unknown[] }>): Promise<{ p50: number; p95: number; comps: number }> {
  for (let i = 0; i < WARMUP; i++) await run(subjects[i % subjects.length]!);
  const times: number[] = [];
  let comps = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    comps += (await run(subjects[i % subjects.length]!)).comps.length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const f = { p50: percentile(times, 50), p95: percentile(times, 95), comps: comps / ITERATIONS };
  console.log(`${label.padEnd(48)} n=${ITERATIONS}  p50 ${f.p50.toFixed(2).padStart(6)} ms  p95 ${f.p95.toFixed(2).padStart(6)} ms  comps/subject ${f.comps.toFixed(1)}`);
  return f;
}

export async function runCompsBench(): Promise<BenchRow[]> {
  await ensureDatabase(BENCH_DB);
  const url = benchUrl(BENCH_DB);
  console.log(`database: ${url}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(database.db);
    const seeded = await seed(database, pool);
    const ctx = contextOf(database.db, seeded);
    const subjects = (
      await pool.query(`select id from leads where organization_id = $1 and status <> 'deleted' order by md5(id::text) limit ${SUBJECTS}`, [seeded.big.organizationId])
    ).rows.map((r: { id: string }) => r.id);
    const log = () => {};
    console.log(`\ncomps on the 1,000,000-lead organization (readAsTenant as wholesail_app), ${SUBJECTS} subjects, ${ITERATIONS} runs after ${WARMUP} warm-up:`);
    const defaults = await time('comps: 0.5 mi, 12 months, ±20 % (defaults)', subjects, (id) => leadComps(ctx, noEnrichment, id, compsQuery.parse({}), log));
    const wide = await time('comps: 2 mi, 24 months, ±30 %', subjects, (id) =>
      leadComps(ctx, noEnrichment, id, compsQuery.parse({ radius_miles: '2', months: '24', sqft_pct: '30' }), log),
    );

    const today = new Date().toISOString().slice(0, 10);
    const plan = await readAsTenant(database.db, seeded.big.organizationId, async (tx) => {
      const subject = (await findSubject(tx, seeded.big.organizationId, subjects[0]!))! as CompsSubject;
      const compiled = salesQuery(tx, seeded.big.organizationId, salesSearch(subject, compsQuery.parse({}), today)).compile();
      const result = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]));
      return result.rows.map((r) => r['QUERY PLAN']);
    });
    console.log('\nplan of the sales query (defaults, as wholesail_app under row-level security):');
    for (const line of plan) console.log(`  ${line}`);
    const usesIndex = plan.some((l) => l.includes('leads_comps_idx'));
    console.log(`\nbudget: comps p95 ${defaults.p95.toFixed(2)} ms ≤ ${BUDGET_MS} ms ${defaults.p95 <= BUDGET_MS ? 'OK' : 'OVER'}; the plan ${usesIndex ? 'uses' : 'does NOT use'} leads_comps_idx`);
    return [
      figure('comps (defaults) p95', Number(defaults.p95.toFixed(2)), 'ms', { max: BUDGET_MS }),
      figure('comps (2 mi, 24 months, ±30 %) p95', Number(wide.p95.toFixed(2)), 'ms'),
      { name: 'sales query uses leads_comps_idx', value: usesIndex ? 1 : 0, unit: '', budget: '= 1', ok: usesIndex },
    ];
  } finally {
    await pool.end();
    await database.close();
  }
}

/** True when the database holds a finished seed of this version (a full `npm run bench` only measures then). */
export const compsBenchSeeded = (): Promise<boolean> => seededWith(BENCH_DB, SEED_VERSION);
