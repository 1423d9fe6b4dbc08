/**
 * The analytics benchmark's organization: 1,000,000 leads, 5,000,000 calls, 2,000,000 texts, 50,000 deals and 100,000
 * follow-up tasks over the last two years, by 20 members, written through the tables' triggers (so every rollup is
 * the one the writes keep), in chunks of one transaction each. A second, small organization shares the tables. Seeded once per migration set:
 * a new migration (a new rollup) seeds again.
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/database';
import { provisionOrganization } from '../apps/server/src/modules/organizations/provision';

const LEADS = 1_000_000;
const CALLS = 5_000_000;
const TEXTS = 2_000_000;
const DEALS = 50_000;
const TASKS = 100_000;
const MEMBERS = 20;
const CHUNK = 250_000;
const DAYS = 730;

export const SEED_VERSION = `1:${readdirSync(new URL('../apps/server/src/db/migrations/', import.meta.url)).sort().at(-1)}`;

export interface AnalyticsSeed {
  organizationId: string;
  members: string[];
}

type Query = (text: string, values?: unknown[]) => Promise<Array<Record<string, string>>>;

/** `total` rows in chunks, each INSERT … SELECT over generate_series(lo, hi) in its own transaction. */
async function chunked(client: pg.PoolClient, label: string, total: number, insert: string, values: unknown[]): Promise<void> {
  const started = performance.now();
  for (let lo = 1; lo <= total; lo += CHUNK) {
    const hi = Math.min(total, lo + CHUNK - 1);
    await client.query('begin');
    await client.query(`select set_config('app.bulk_write', 'on', true), set_config('synchronous_commit', 'off', true)`);
    await client.query(insert, [...values, lo, hi]);
    await client.query('commit');
    process.stdout.write(`\rseed: ${label} ${hi.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
  }
  console.log(` in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const SOURCES = `(array['Direct mail','Cold calling','PPC','Driving for dollars','Referral','Probate list'])`;
const TYPES = `(array['Single Family','Multi Family','Condo','Mobile Home','Land'])`;
const OUTCOMES = `(array['interested','maybe','not_interested','callback_requested','appointment_scheduled','offer_made','no_answer','wrong_number'])`;
/** A lead id by number (the org's leads numbered 1..LEADS in bench_lead_ids). */
const LEAD_OF = (n: string) => `(select id from bench_lead_ids where n = 1 + (${n}) % ${LEADS})`;

async function seedRows(client: pg.PoolClient, org: string, members: string[]): Promise<void> {
  const m = `(array[${members.map((id) => `'${id}'`).join(',')}])`;
  const ago = `now() - (random() * ${DAYS}) * interval '1 day'`;
  await client.query(`select setseed(0.42)`);
  await chunked(client, 'leads', LEADS, `
    insert into leads (organization_id, owner_1_name, property_address, lead_source, property_type, tax_delinquent, pre_foreclosure, vacant,
      out_of_state_owner, motivation_score, estimated_value, equity_estimate, ownership_length, badges, status, last_contacted_at, created_at, phone)
    select $1::uuid, 'Owner ' || g, g || ' Bench Ave', ${SOURCES}[1 + g % 6], ${TYPES}[1 + g % 5], random() < 0.12, random() < 0.06, random() < 0.08,
      random() < 0.2, floor(random() * 100)::int, 150000 + floor(random() * 350000)::int, floor(random() * 100)::int, floor(random() * 40)::int,
      case when g % 10 = 0 then array['absentee'] when g % 17 = 0 then array['probate', 'hot'] else '{}' end,
      case when g % 50 = 0 then 'deleted' when g % 7 = 0 then 'discovery' when g % 23 = 0 then 'interested-set-offer' else 'new' end,
      case when g % 3 = 0 then ${ago} end, ${ago}, '+1555' || lpad((g % 10000000)::text, 7, '0')
    from generate_series($2::int, $3::int) g`, [org]);
  await client.query(`create table bench_lead_ids as select row_number() over (order by id) as n, id from leads where organization_id = $1`, [org]);
  await client.query(`create unique index on bench_lead_ids (n)`);
  await chunked(client, 'calls', CALLS, `
    insert into calls (organization_id, lead_id, user_id, from_e164, to_e164, provider, call_sid, status, started_at, answered_at, ended_at, duration_sec, disposition, created_at)
    select $1::uuid, ${LEAD_OF('g::bigint * 7919')}, ${m}[1 + g % ${MEMBERS}], '+15550000001', '+1555' || lpad((g % 10000000)::text, 7, '0'), 'demo', 'bench-' || g,
      'completed', t, case when answered then t + interval '8 seconds' end, t + interval '2 minutes', case when answered then floor(random() * 600)::int end,
      case when answered then ${OUTCOMES}[1 + floor(random() * 8)::int] else 'no_answer' end, t
    from (select g, ${ago} as t, random() < 0.3 as answered from generate_series($2::int, $3::int) g) s`, [org]);
  await chunked(client, 'texts', TEXTS, `
    insert into conversations (organization_id, lead_id, body, direction, status, user_id, from_e164, to_e164, created_at)
    select $1::uuid, ${LEAD_OF('g::bigint * 104729')}, 'Hi, are you still thinking about selling?', case when inbound then 'inbound' else 'outbound' end,
      case when inbound then 'received' when g % 40 = 0 then 'failed' when g % 5 = 0 then 'sent' else 'delivered' end,
      case when inbound then null else ${m}[1 + g % ${MEMBERS}] end, '+15550000001', '+1555' || lpad((g % 10000000)::text, 7, '0'), ${ago}
    from (select g, g % 7 = 0 as inbound from generate_series($2::int, $3::int) g) s`, [org]);
  await chunked(client, 'deals', DEALS, `
    with d as (
      insert into deals (organization_id, lead_id, stage, owner_user_id, contract_price, assignment_fee, created_by, created_at)
      select $1::uuid, ${LEAD_OF('g::bigint * 15485863')}, case when g % 5 = 0 then 'closed' when g % 3 = 0 then 'under_contract' else 'dead' end,
        ${m}[1 + g % ${MEMBERS}], 180000, case when g % 5 = 0 then 12000 end, ${m}[1 + g % ${MEMBERS}], ${ago}
      from generate_series($2::int, $3::int) g
      returning id, stage, created_by, created_at
    ), o as (
      insert into deal_offers (organization_id, deal_id, amount, created_by, created_at) select $1::uuid, id, 175000, created_by, created_at from d
    )
    insert into deal_events (organization_id, deal_id, kind, summary, changes, user_id, created_at)
    select $1::uuid, id, 'stage', 'Stage changed', jsonb_build_object('stage', jsonb_build_object('from', 'offer_made', 'to', stage)), created_by, created_at + interval '3 days'
    from d where stage <> 'dead'`, [org]);
  // Follow-ups over the two years, most done; the pending ones pile up as they do when nobody marks them done.
  await chunked(client, 'follow-up tasks', TASKS, `
    insert into ai_tasks (organization_id, lead_id, task_type, proposed_time, status, reason, created_by, created_at)
    select $1::uuid, ${LEAD_OF('g::bigint * 32452843')}, 'follow_up', t + interval '2 days', case when g % 10 = 0 then 'pending' else 'done' end,
      'Call back', ${m}[1 + g % ${MEMBERS}], t
    from (select g, ${ago} as t from generate_series($2::int, $3::int) g) s`, [org]);
}

/** The seeded organization (seeding it first when the database holds no finished seed of this version). */
export async function seedAnalytics(database: Database, pool: pg.Pool): Promise<AnalyticsSeed> {
  const q: Query = async (text, values) => (await pool.query(text, values)).rows as Array<Record<string, string>>;
  await q('create table if not exists bench_meta (key text primary key, value text not null)');
  const meta = Object.fromEntries((await q('select key, value from bench_meta')).map((r) => [r.key, r.value]));
  if (meta.version === SEED_VERSION && meta.seed) {
    console.log(`seed: reusing (seeded ${meta.seeded_at})`);
    return JSON.parse(meta.seed) as AnalyticsSeed;
  }
  const started = performance.now();
  await q(`delete from bench_meta`);
  await q(`drop table if exists bench_lead_ids`);
  await q(`delete from organizations where name like 'Bench Analytics %'`);
  await q(`delete from users where email like '%@bench-analytics.test'`);
  const big = await provisionOrganization(database.db, { name: 'Bench Analytics Big', email: 'owner@bench-analytics.test', password: 'bench-password-1' });
  const other = await provisionOrganization(database.db, { name: 'Bench Analytics Other', email: 'other@bench-analytics.test', password: 'bench-password-1' });
  const members = [big.userId];
  for (let i = 2; i <= MEMBERS; i++) {
    const id = `bench-member-${i}`;
    await q(`insert into users (id, name, email) values ($1, $2, $3)`, [id, `Member ${i}`, `member-${i}@bench-analytics.test`]);
    await q(`insert into user_profiles (id, organization_id, role) values ($1, $2, 'member')`, [id, big.organizationId]);
    members.push(id);
  }
  const client = await pool.connect();
  try {
    await seedRows(client, big.organizationId, members);
    await client.query(`insert into leads (organization_id, owner_1_name, lead_source) select $1::uuid, 'Other ' || g, 'PPC' from generate_series(1, 1000) g`, [other.organizationId]);
    await client.query('drop table bench_lead_ids');
  } finally {
    client.release();
  }
  for (const table of ['leads', 'calls', 'conversations', 'deals', 'deal_offers', 'deal_events']) await q(`vacuum analyze ${table}`);
  for (const table of (await q(`select tablename from pg_tables where schemaname = 'public' and tablename like 'analytics\\_%'`)).map((r) => r.tablename!)) {
    await q(`vacuum analyze ${table}`);
  }
  const seed: AnalyticsSeed = { organizationId: big.organizationId, members };
  for (const [key, value] of [['seed', JSON.stringify(seed)], ['seeded_at', new Date().toISOString()], ['version', SEED_VERSION]]) {
    await q('insert into bench_meta values ($1, $2) on conflict (key) do update set value = excluded.value', [key, value]);
  }
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return seed;
}
