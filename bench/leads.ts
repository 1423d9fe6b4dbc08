/**
 * `npm run bench -- leads`: the lead list, search, top-10 and CSV import budgets of DESIGN.md on
 * PostgreSQL. Seeds (once) 1,000,000 leads in one organization and 100,000 in each of 4 others in the
 * database `wholesail_bench` on the server of BENCH_DATABASE_URL (default: the local test server), then
 * times the leads module's own service functions as a request runs them (withTenant, wholesail_app,
 * row-level security), the same queries once without indexes, and a 200,000-row CSV import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { listLeadsQuery, type ListLeadsQuery } from '@wholesail/domain';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { requestContext, type OrgContext } from '../apps/server/src/http/context';
import { runImport, startImport } from '../apps/server/src/modules/lead-import/service';
import { createImport } from '../apps/server/src/modules/lead-import/upload';
import { localStorage } from '../apps/server/src/providers/storage/local';
import { deriveLeadColumns } from '../apps/server/src/modules/leads/derive';
import { leadStats, listLeads, topLeads } from '../apps/server/src/modules/leads/service';
import { provisionOrganization } from '../apps/server/src/modules/organizations/provision';
import { benchUrl, ensureDatabase, seededWith } from './bench-database';
import { figure, percentile, type BenchRow } from './report';

const BENCH_DB = 'wholesail_bench';
const SEED_VERSION = '1';
const BIG = 1_000_000;
const SMALL = 100_000;
const SMALL_ORGS = 4;
const ITERATIONS = 200;
const WARMUP = 5;
const IMPORT_ROWS = 200_000;
const RARE_TERM = 'quillfeather';
const COMMON_TERM = 'oak';

// ----------------------------------------------------------------------------------------------
// Database and seed

interface BenchOrgs {
  big: OrgContext;
  small: OrgContext[];
  importer: OrgContext;
}

const ctxOf = (organizationId: string, userId: string): OrgContext => ({
  organizationId,
  role: 'owner',
  user: { id: userId, email: `${userId}@bench.test`, name: 'Bench' },
});

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy', 'Jacob', 'Amy'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez'];
// Street names avoid the words addressKey abbreviates, so the SQL key below equals the domain's.
const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Walnut', 'Willow', 'Hickory', 'Birch', 'Aspen', 'Magnolia', 'Sycamore', 'Chestnut', 'Juniper', 'Laurel', 'Poplar', 'Spruce', 'Cypress', 'Dogwood', 'Redwood', 'Lincoln', 'Washington', 'Jefferson', 'Madison', 'Adams', 'Jackson', 'Franklin', 'Hamilton', 'Highland', 'Ridge', 'Valley', 'Meadow', 'Sunset', 'Lakeview', 'Hillcrest', 'Fairview', 'Riverside', 'Forest', 'Spring', 'Mill', 'Church', 'Center', 'Union', 'Prospect', 'Summit', 'Grove', 'Orchard', 'Harbor', 'Bay', 'Canyon'];
const SUFFIX = [['Street', 'st'], ['Avenue', 'ave'], ['Road', 'rd'], ['Drive', 'dr'], ['Lane', 'ln'], ['Court', 'ct'], ['Boulevard', 'blvd'], ['Place', 'pl'], ['Way', 'way'], ['Trail', 'trail']] as const;
const CITIES = [['Austin', 'TX', '787'], ['Dallas', 'TX', '752'], ['Houston', 'TX', '770'], ['San Antonio', 'TX', '782'], ['Phoenix', 'AZ', '850'], ['Tucson', 'AZ', '857'], ['Atlanta', 'GA', '303'], ['Tampa', 'FL', '336'], ['Orlando', 'FL', '328'], ['Jacksonville', 'FL', '322'], ['Charlotte', 'NC', '282'], ['Raleigh', 'NC', '276'], ['Memphis', 'TN', '381'], ['Nashville', 'TN', '372'], ['Columbus', 'OH', '432'], ['Cleveland', 'OH', '441'], ['Detroit', 'MI', '482'], ['Indianapolis', 'IN', '462'], ['Kansas City', 'MO', '641'], ['Birmingham', 'AL', '352']] as const;
const AREA = ['512', '214', '713', '210', '602', '520', '404', '813', '407', '904', '704', '919', '901', '615', '614', '216', '313', '317', '816', '205'];
const BADGES = ['vacant', 'absentee', 'probate', 'tax-lien', 'pre-foreclosure', 'high-equity', 'tired-landlord'];

const arr = (values: readonly string[]) => `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`;

/** Seeding and bookkeeping run as the connecting (superuser) role, outside the app's tenant wall. */
type Sql = (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;
const sqlOn = (pool: pg.Pool): Sql => async (text, values) => (await pool.query(text, values)).rows;

/** One organization's leads in one INSERT … SELECT over generate_series, derived columns computed in SQL. */
async function seedLeads(pool: pg.Pool, organizationId: string, count: number, seed: number): Promise<void> {
  const client = await pool.connect();
  try {
  await client.query('select setseed($1)', [seed]);
  await client.query(`
    insert into leads (organization_id, owner_1_first_name, owner_1_last_name, owner_1_name, property_address,
      property_address_full, property_address_city, property_address_state, property_address_zipcode, contact_1_phone1,
      contact_1_email1, estimated_value, mortgage_balance, equity_amount, motivation_score, badges, status, tax_delinquent,
      out_of_state_owner, pre_foreclosure, vacant, last_contacted_at, created_at, updated_at, source,
      score_base, address_key, phone_key, phones_e164)
    select $1::uuid, first, last, first || ' ' || last, street, street || ', ' || city || ', ' || st || ' ' || zip,
      city, st, zip, phone, email, value, mortgage, value - mortgage, motivation, badges, status, tax, oos, pre, vac,
      contacted, created, created, 'bench',
      -- baseScore of packages/domain/src/leads/score.ts
      (coalesce(motivation, 0) * 10)::int
        + case when value > 500000 then 15 when value > 300000 then 10 when value > 150000 then 5 else 0 end
        + case when value - mortgage > 150000 then 20 when value - mortgage > 100000 then 15
               when value - mortgage > 50000 then 10 when value - mortgage > 25000 then 5 else 0 end
        + case when tax then 12 else 0 end + case when oos then 8 else 0 end + case when pre then 15 else 0 end
        + case when vac then 10 else 0 end
        + case when phone is not null and email is not null then 10 when phone is not null or email is not null then 5 else 0 end
        + case status when 'interested-set-offer' then 15 when 'discovery' then 15 when 'new-untouched' then 15
               when 'interested-add-followup' then 10 when 'add-to-followup' then 10 when 'new' then 8 else 0 end,
      -- addressKey: lower case, punctuation to spaces, suffix abbreviated
      lower(num || ' ' || sname || ' ' || sfx_key || ' ' || city || ' ' || st || ' ' || zip),
      case when phone is null then null else '+1' || regexp_replace(phone, '[^0-9]', '', 'g') end,
      case when phone is null then '{}'::text[] else array['+1' || regexp_replace(phone, '[^0-9]', '', 'g')] end
    from (
      select g,
        ${arr(FIRST)}[1 + floor(random() * ${FIRST.length})::int] as first,
        case when g % 50000 = 7 then 'Quillfeather'
             else ${arr(LAST)}[1 + floor(power(random(), 2) * ${LAST.length})::int] end as last,
        num, sname, sfx, sfx_key, city, st, zip,
        num || ' ' || sname || ' ' || sfx as street,
        case when random() < 0.8 then '(' || area || ') ' || (200 + floor(random() * 800)::int) || '-' || lpad(floor(random() * 10000)::int::text, 4, '0') end as phone,
        case when random() < 0.5 then 'owner' || g || '@example.com' end as email,
        value, round(value * random() * 0.9) as mortgage,
        case when random() < 0.05 then null else floor(random() * 10) end as motivation,
        case when random() < 0.4 then array[]::text[]
             when random() < 0.7 then array[${arr(BADGES)}[1 + floor(random() * ${BADGES.length})::int]]
             else array[${arr(BADGES)}[1 + floor(random() * 3)::int], ${arr(BADGES)}[4 + floor(random() * 4)::int]] end as badges,
        case when r_status < 0.03 then 'deleted' when r_status < 0.63 then 'new' when r_status < 0.73 then 'new-untouched'
             when r_status < 0.83 then 'discovery' when r_status < 0.88 then 'interested-set-offer'
             when r_status < 0.93 then 'interested-add-followup' else 'add-to-followup' end as status,
        random() < 0.08 as tax, random() < 0.15 as oos, random() < 0.04 as pre, random() < 0.10 as vac,
        case when r_contact < 0.05 then now() - random() * interval '6 days 23 hours'
             when r_contact < 0.15 then now() - interval '8 days' - random() * interval '22 days'
             when r_contact < 0.35 then now() - interval '31 days' - random() * interval '300 days' end as contacted,
        now() - random() * interval '365 days' as created
      from (
        select g, random() as r_status, random() as r_contact,
          (1 + floor(random() * 9899))::int::text as num,
          s.sname, s.sfx, s.sfx_key, c.city, c.st, c.zip, c.area,
          round(50000 + power(random(), 2) * 1450000) as value
        from generate_series(1, ${count}) g
        cross join lateral (
          select ${arr(STREETS)}[1 + floor(random() * ${STREETS.length} + g * 0)::int] as sname,
                 (${arr(SUFFIX.map((s) => s[0]))})[k] as sfx, (${arr(SUFFIX.map((s) => s[1]))})[k] as sfx_key
          from (select 1 + floor(random() * ${SUFFIX.length} + g * 0)::int as k) kk
        ) s
        cross join lateral (
          select (${arr(CITIES.map((c) => c[0]))})[i] as city, (${arr(CITIES.map((c) => c[1]))})[i] as st,
                 (${arr(CITIES.map((c) => c[2]))})[i] || lpad((floor(random() * 100) + g * 0)::int::text, 2, '0') as zip,
                 (${arr(AREA)})[i] as area
          from (select 1 + floor(random() * ${CITIES.length} + g * 0)::int as i) ii
        ) c
      ) base
    ) s`, [organizationId]);
  } finally {
    client.release();
  }
}

interface IndexDef {
  name: string;
  def: string;
}

async function leadIndexes(q: Sql): Promise<IndexDef[]> {
  return (await q(`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = 'public' and tablename = 'leads' and indexname <> 'leads_pkey' order by indexname`)) as unknown as IndexDef[];
}

async function seed(database: Database, pool: pg.Pool): Promise<BenchOrgs> {
  const db = database.db;
  const q = sqlOn(pool);
  const setMeta = (key: string, value: string) =>
    q('insert into bench_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [key, value]);
  await q('create table if not exists bench_meta (key text primary key, value text not null)');
  const meta = Object.fromEntries((await q('select key, value from bench_meta')).map((r) => [r.key as string, r.value as string]));
  if (meta.version === SEED_VERSION && meta.orgs) {
    console.log(`seed: reusing ${BENCH_DB} (seeded ${meta.seeded_at})`);
    return JSON.parse(meta.orgs) as BenchOrgs;
  }
  const started = performance.now();
  await q(`delete from organizations where name like 'Bench %'`);
  await q(`delete from users where email like '%@bench.test'`);
  const make = async (name: string) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}@bench.test`;
    const ids = await provisionOrganization(db, { name, email, password: 'bench-password-1' });
    return ctxOf(ids.organizationId, ids.userId);
  };
  const orgs: BenchOrgs = {
    big: await make('Bench Big'),
    small: await Promise.all(Array.from({ length: SMALL_ORGS }, (_, i) => make(`Bench Small ${i + 1}`))),
    importer: await make('Bench Import'),
  };
  // Indexes are dropped for the bulk insert and rebuilt after it; their definitions are kept in
  // bench_meta first so an interrupted seed still restores them on the next run.
  const indexes: IndexDef[] = meta.index_defs ? JSON.parse(meta.index_defs) : await leadIndexes(q);
  await setMeta('index_defs', JSON.stringify(indexes));
  for (const ix of indexes) await q(`drop index if exists ${pg.escapeIdentifier(ix.name)}`);
  console.log(`seed: inserting ${BIG.toLocaleString('en-US')} + ${SMALL_ORGS} × ${SMALL.toLocaleString('en-US')} leads …`);
  await seedLeads(pool, orgs.big.organizationId, BIG, 0.42);
  for (const [i, o] of orgs.small.entries()) await seedLeads(pool, o.organizationId, SMALL, 0.1 * (i + 1));
  console.log(`seed: rows in ${((performance.now() - started) / 1000).toFixed(0)} s; building ${indexes.length} indexes …`);
  const client = new pg.Client({ connectionString: benchUrl(BENCH_DB) });
  await client.connect();
  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const ix of indexes) {
    const t = performance.now();
    await client.query(ix.def);
    console.log(`  ${ix.name} ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  await client.end();
  await q('vacuum analyze leads');
  await setMeta('orgs', JSON.stringify(orgs));
  await setMeta('seeded_at', new Date().toISOString());
  await setMeta('version', SEED_VERSION);
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return orgs;
}

/** The stored score and keys of 1,000 random seeded leads against the domain's rules. */
async function verifySample(q: Sql, orgs: BenchOrgs): Promise<void> {
  const rows = await q('select * from leads where organization_id = $1 order by random() limit 1000', [orgs.big.organizationId]);
  let ok = 0;
  const bad: string[] = [];
  for (const row of rows) {
    const want = deriveLeadColumns(row as Parameters<typeof deriveLeadColumns>[0]);
    const same = want.score_base === row.score_base && want.address_key === row.address_key && want.phone_key === row.phone_key
      && JSON.stringify(want.phones_e164) === JSON.stringify(row.phones_e164);
    if (same) ok++;
    else if (bad.length < 3) bad.push(JSON.stringify({ want, got: { score_base: row.score_base, address_key: row.address_key, phone_key: row.phone_key, phones_e164: row.phones_e164 } }));
  }
  console.log(`seed check: ${ok}/${rows.length} sampled leads have score_base, address_key, phone_key and phones_e164 equal to deriveLeadColumns ${ok === rows.length ? 'OK' : 'MISMATCH'}`);
  for (const b of bad) console.log(`  ${b}`);
}

// ----------------------------------------------------------------------------------------------
// Timing

interface Figure {
  label: string;
  p50: number;
  p95: number;
  budget?: number;
}

/** A case stops early after this long, so a slow query cannot stretch the run (its n is printed). */
const CASE_CAP_MS = 15_000;

async function time(label: string, fn: () => Promise<unknown>, budget?: number, iterations = ITERATIONS): Promise<Figure> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  const caseStart = performance.now();
  for (let i = 0; i < iterations && performance.now() - caseStart < CASE_CAP_MS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const f = { label, p50: percentile(times, 50), p95: percentile(times, 95), budget };
  console.log(`${label.padEnd(44)} n=${String(times.length).padStart(3)}  p50 ${f.p50.toFixed(2).padStart(7)} ms  p95 ${f.p95.toFixed(2).padStart(7)} ms`);
  return f;
}

const lq = (input: Record<string, unknown>): ListLeadsQuery => listLeadsQuery.parse(input);

// ----------------------------------------------------------------------------------------------
// Import

/** A BatchLeads-style export of `rows` rows (~2% repeat an earlier phone: updates; ~0.5% have a bad value: skipped). */
export function importCsv(rows: number): Buffer {
  const header = 'First Name,Last Name,Property Address,Property City,Property State,Property Zip,Mailing Address,Mailing City,Mailing State,Mailing Zip,Phone 1,Phone 2,Email 1,Estimated Value,Equity,Open Mortgage Balance,Bedrooms,Bathrooms,Living Square Feet,Year Built,Property Type,Vacant,Tax Delinquent,Last Sale Date,Last Sale Amount';
  const lines = [header];
  let x = 12345;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  for (let i = 0; i < rows; i++) {
    const [city, st, zip3] = pick(CITIES);
    const value = Math.round(50000 + rnd() * rnd() * 1450000);
    const mortgage = Math.round(value * rnd() * 0.9);
    // ~2% repeat an earlier row's phone written differently (updates), ~0.5% have a bad value (skipped).
    const dup = i > 10 && rnd() < 0.02;
    const n = dup ? i - 1 - Math.floor(rnd() * Math.min(i - 1, 1500)) : i;
    const phoneDigits = `${AREA[n % AREA.length]}${String(2000000 + ((n * 7919) % 7999999)).padStart(7, '0')}`;
    const phone = dup ? `+1 ${phoneDigits}` : `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`;
    const street = `${10000 + i} ${pick(STREETS)} ${pick(SUFFIX)[0]}`;
    const badValue = rnd() < 0.005;
    lines.push([
      pick(FIRST), pick(LAST), street, city, st, `${zip3}${String(i % 100).padStart(2, '0')}`,
      `PO Box ${i}`, city, st, `${zip3}99`, phone, rnd() < 0.3 ? `(${AREA[(i + 3) % AREA.length]}) 555-${String(i % 10000).padStart(4, '0')}` : '',
      rnd() < 0.5 ? `import${i}@example.com` : '', badValue ? 'n/a' : `"$${value.toLocaleString('en-US')}"`, `"$${(value - mortgage).toLocaleString('en-US')}"`,
      String(mortgage), String(1 + Math.floor(rnd() * 5)), String(1 + Math.floor(rnd() * 3)), String(800 + Math.floor(rnd() * 3000)),
      String(1920 + Math.floor(rnd() * 100)), pick(['Single Family', 'Condo', 'Townhouse', 'Multi-Family']), rnd() < 0.1 ? 'Yes' : 'No',
      rnd() < 0.08 ? 'Yes' : 'No', `${1 + Math.floor(rnd() * 12)}/${1 + Math.floor(rnd() * 28)}/${1990 + Math.floor(rnd() * 33)}`, String(Math.round(value * 0.7)),
    ].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function benchImport(database: Database, q: Sql, org: OrgContext): Promise<{ rowsPerSecond: number }> {
  const db = database.db;
  const ctx = requestContext(db, org);
  await q('delete from leads where organization_id = $1', [ctx.organizationId]);
  await q('delete from lead_imports where organization_id = $1', [ctx.organizationId]);
  await q('vacuum analyze leads');
  const csv = importCsv(IMPORT_ROWS);
  const deps = { db, storage: localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-bench-uploads-'))), log: pino({ level: 'silent' }) };
  const t0 = performance.now();
  const preview = await createImport(deps, ctx, { filename: 'bench.csv', stream: Readable.from([csv]) });
  const t1 = performance.now();
  await startImport(ctx, preview.id, preview.proposed_mapping, async () => {});
  await runImport(deps, { organizationId: ctx.organizationId, importId: preview.id });
  const t2 = performance.now();
  const status = (await q('select status, rows_read, inserted, updated, skipped from lead_imports where id = $1', [preview.id]))[0]!;
  const rowsPerSecond = IMPORT_ROWS / ((t2 - t1) / 1000);
  console.log(`import ${IMPORT_ROWS.toLocaleString('en-US')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB): upload+preview ${((t1 - t0) / 1000).toFixed(2)} s, job ${((t2 - t1) / 1000).toFixed(2)} s → ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s (end to end ${Math.round(IMPORT_ROWS / ((t2 - t0) / 1000)).toLocaleString('en-US')} rows/s)`);
  console.log(`  ${status.status}: read ${status.rows_read}, inserted ${status.inserted}, updated ${status.updated}, skipped ${status.skipped}`);
  return { rowsPerSecond };
}

// ----------------------------------------------------------------------------------------------

/** True when `wholesail_bench` exists and holds a finished seed of this version (so a run takes seconds, not minutes). */
export const leadsBenchSeeded = (): Promise<boolean> => seededWith(BENCH_DB, SEED_VERSION);

/** `part` 'queries' or 'import' runs only that half (after the seed). */
export async function runLeadsBench(part?: string): Promise<BenchRow[]> {
  const totalStart = performance.now();
  await ensureDatabase(BENCH_DB);
  const url = benchUrl(BENCH_DB);
  console.log(`database: ${url}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const q = sqlOn(pool);
  try {
    await migrate(database.db);
    const orgs = await seed(database, pool);
    await verifySample(q, orgs);
    const db = database.db;
    const ctx = requestContext(db, orgs.big);
    const list: Figure[] = [];
    let top: Figure | undefined;
    let imported: { rowsPerSecond: number } | undefined;
    if (part !== 'import') {

    console.log(`\nqueries on the 1,000,000-lead organization (withTenant as wholesail_app), ${ITERATIONS} runs each after ${WARMUP} warm-up:`);
    const listCase = async (label: string, input: Record<string, unknown>) => list.push(await time(label, () => listLeads(ctx, lq(input)), 25));
    await listCase('list: first page', {});
    await listCase('list: status=discovery', { status: 'discovery' });
    await listCase('list: minValue=1,000,000', { minValue: 1_000_000 });
    await listCase('list: maxValue=100,000', { maxValue: 100_000 });
    await listCase('list: minValue..maxValue 300k–400k', { minValue: 300_000, maxValue: 400_000 });
    await listCase('list: badges=probate', { badges: 'probate' });
    await listCase('list: badges=probate,tax-lien + status=new', { badges: 'probate,tax-lien', status: 'new' });
    await listCase(`search: rare '${RARE_TERM}'`, { search: RARE_TERM });
    await listCase(`search: common '${COMMON_TERM}'`, { search: COMMON_TERM });
    await listCase("search: phone '(512) 3'", { search: '(512) 3' });
    await listCase('list: deep offset (page 1000)', { offset: 999 * 50 });
    top = await time('top-10 by composite score', () => topLeads(ctx, 10), 50);
    await time('stats', () => leadStats(ctx));

    console.log('\nwithout indexes (enable_indexscan/bitmapscan/indexonlyscan off), once each:');
    const noIndexUrl = new URL(url);
    noIndexUrl.searchParams.set('options', '-c enable_indexscan=off -c enable_bitmapscan=off -c enable_indexonlyscan=off');
    const noIndexDatabase = await openDatabase({ kind: 'postgres', url: noIndexUrl.toString(), poolSize: 1 });
    const noIndex = noIndexDatabase.db;
    for (const [label, input] of [['list: first page', {}], [`search: rare '${RARE_TERM}'`, { search: RARE_TERM }], [`search: common '${COMMON_TERM}'`, { search: COMMON_TERM }]] as const) {
      const start = performance.now();
      await listLeads(requestContext(noIndex, orgs.big), lq(input));
      const ms = performance.now() - start;
      const withIx = list.find((f) => f.label === label)!;
      console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms without indexes vs p50 ${withIx.p50.toFixed(2)} ms with: ×${(ms / withIx.p50).toFixed(0)}`);
    }
    await noIndexDatabase.close();
    }
    if (part !== 'queries') {
      console.log('');
      imported = await benchImport(database, q, orgs.importer);
    }

    console.log('\nbudgets:');
    const rows: Array<[string, string, string, boolean]> = [];
    for (const f of top ? [...list, top] : list) rows.push([f.label, `p95 ${f.p95.toFixed(2)} ms`, `≤ ${f.budget} ms`, f.p95 <= f.budget!]);
    if (imported) rows.push(['CSV import 200,000 rows', `${Math.round(imported.rowsPerSecond).toLocaleString('en-US')} rows/s`, '≥ 50,000 rows/s', imported.rowsPerSecond >= 50_000]);
    for (const [label, value, budget, ok] of rows) console.log(`  ${label.padEnd(42)} ${value.padStart(16)}  budget ${budget.padEnd(16)} ${ok ? 'OK' : 'OVER'}`);
    console.log(`\nleads bench took ${((performance.now() - totalStart) / 1000).toFixed(0)} s`);
    const figures = (top ? [...list, top] : list).map((f) => figure(`${f.label} p95`, Number(f.p95.toFixed(2)), 'ms', { max: f.budget! }));
    if (imported) figures.push(figure(`CSV import ${IMPORT_ROWS.toLocaleString('en-US')} rows`, Math.round(imported.rowsPerSecond), 'rows/s', { min: 50_000 }));
    return figures;
  } finally {
    await pool.end();
    await database.close();
  }
}
