/**
 * `npm run bench -- load [seconds]`: the real server on PostgreSQL (a fresh database on the server of
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test server; dropped afterwards) with one
 * organization of 50 members and 5,000 leads (imported as a CSV through the API), driven by autocannon with
 * 50 connections for 60 s (or `seconds`), each request signed in as one of the 50 members in turn:
 * lead list and search 60%, lead detail 20%, stats 10%, post-call completion 10% (of demo calls placed and
 * hung up beforehand). Prints req/s, p50/p95/p99 and errors (budget: 0 errors, p99 ≤ 200 ms). The same mix
 * again with each user pausing at random between requests, 2 a second on average (latency below saturation). Then the same
 * lead-detail request against the server and against a bare Fastify + pg endpoint running the identical
 * query in a worker thread of this process, and their throughput ratio (budget ≥ 0.5).
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { insertUserWithPassword } from '../apps/server/src/auth/users';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { withSystem } from '../apps/server/src/db/scope';
import { upsertProfile } from '../apps/server/src/modules/organizations/repo';
import { provisionOrganization } from '../apps/server/src/modules/organizations/provision';
import { LEAD_COLUMNS } from '../apps/server/src/modules/leads/repo';
import { startServer, type RunningServer } from '../e2e/support/server';
import { importCsv } from './leads';
import { figure, percentile, type BenchRow } from './report';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 50;
/** CSV rows imported: ~4% merge into earlier rows or are skipped, leaving about 5,000 leads. */
const LEADS = 5200;
const PASSWORD = 'load-bench-password';
const P99_BUDGET_MS = 200;
const RATIO_BUDGET = 0.5;
/** Requests a second per user in the paced run (100 a second in all: far more than 50 people clicking). */
const PACED_RATE = 2;
/**
 * The server's pool (DATABASE_POOL_SIZE) on this machine, where PostgreSQL, the server and the load share two
 * cores: past 4 to 5 busy backends they only take turns (measured: 10 connections gave ~20% fewer lead-detail
 * requests a second than 5). The bare endpoint gets the same.
 */
const POOL_SIZE = 5;
/** Kysely's text for the lead-detail query of modules/leads/repo.ts findLead. */
const LEAD_DETAIL_SQL = `select ${LEAD_COLUMNS.map((c) => `"${c}"`).join(', ')} from "leads" where "organization_id" = $1 and "id" = $2 and "status" <> $3`;
const SEARCH_TERMS = ['Smith', 'Oak', 'Maple Drive', 'Austin', 'Garcia', 'Lake', '512', 'Jennifer', 'Cedar', 'Tampa'];

type Kind = 'list' | 'search' | 'detail' | 'stats' | 'complete';
/** The mix: list and search 60%, detail 20%, stats 10%, completion 10%. */
const MIX: Array<[Kind, number]> = [['list', 0.4], ['search', 0.2], ['detail', 0.2], ['stats', 0.1], ['complete', 0.1]];

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

async function api(server: RunningServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { cookie, origin: server.url, ...(body === undefined ? {} : { 'content-type': Buffer.isBuffer(body) ? 'text/csv' : 'application/json' }) },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const json = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signIn(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function until(what: string, fn: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Run {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

type Build = (req: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;
type OnResponse = (status: number, body: string, context: Record<string, unknown>) => void;

function summarize(latencies: number[], seconds: number, errors: number): Run {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** autocannon with 50 connections, each sending its next request as soon as the last is answered. */
async function cannon(url: string, seconds: number, build: Build, onResponse?: OnResponse): Promise<Run> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: USERS, duration: seconds, requests: [{ setupRequest: build as never, onResponse: onResponse as never }] },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return summarize(latencies, seconds, result.errors + result.timeouts + result.non2xx);
}

/**
 * 50 users each waiting a random pause (exponential, PACED_RATE a second on average, so their requests do not
 * arrive in lockstep) before each request of `build`, over keep-alive connections.
 */
async function pacedUsers(url: string, seconds: number, build: Build): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: USERS }, async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, (-Math.log(1 - Math.random()) * 1000) / PACED_RATE));
      if (Date.now() >= end) return;
      const r = build({} as autocannon.Request, {});
      const sent = performance.now();
      const res = await fetch(url + r.path, { method: r.method, headers: r.headers as Record<string, string>, body: r.body as string | undefined });
      await res.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (res.status >= 300) errors++;
    }
  }));
  return summarize(latencies, seconds, errors);
}

const describeRun = (label: string, r: Run) =>
  `${label.padEnd(44)} ${Math.round(r.rps).toLocaleString('en-US').padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  (${r.requests.toLocaleString('en-US')} requests)`;

/** The bare endpoint: Fastify and a pg Pool in a worker thread (its own event loop, as the server has its own process). */
async function startBareEndpoint(url: string, organizationId: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const require = createRequire(import.meta.url);
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Fastify = require(workerData.fastify);
    const pg = require(workerData.pg);
    const pool = new pg.Pool({ connectionString: workerData.url, max: workerData.poolSize });
    const app = Fastify();
    app.get('/api/leads/:id', async (request, reply) => {
      const { rows } = await pool.query(workerData.sql, [workerData.organizationId, request.params.id, 'deleted']);
      if (!rows[0]) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Lead not found' } });
      return rows[0];
    });
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => parentPort.postMessage(app.server.address().port));
    parentPort.on('message', async () => { await app.close(); await pool.end(); parentPort.close(); });
  `;
  const worker = new Worker(code, {
    eval: true,
    workerData: { fastify: require.resolve('fastify'), pg: require.resolve('pg'), url, poolSize: POOL_SIZE, sql: LEAD_DETAIL_SQL, organizationId },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

export interface LoadSetup {
  server: RunningServer;
  /** The 50 members' session cookies; the first is the owner's. */
  cookies: string[];
  organizationId: string;
  /** The database's URL (for the bare endpoint). */
  url: string;
  leadIds: string[];
  /** Demo calls placed and hung up, not completed yet. */
  calls: string[];
  close(): Promise<void>;
}

/** A fresh database with the organization, its 50 members, ~5,000 leads and `callCount` calls, and the server on it. */
export async function setupLoad(callCount: number): Promise<LoadSetup> {
  const started = performance.now();
  const name = `wholesail_load_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  let server: RunningServer | undefined;
  const close = async () => {
    await server?.stop();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    // One organization: an owner and 49 members.
    await migrate(database.db);
    const emails = Array.from({ length: USERS }, (_, i) => `agent-${i}@load.test`);
    const { organizationId } = await provisionOrganization(database.db, { name: 'Load Realty', email: emails[0]!, password: PASSWORD });
    await withSystem(database.db, async (tx) => {
      for (const email of emails.slice(1)) await upsertProfile(tx, await insertUserWithPassword(tx, { email, name: email.split('@')[0]!, password: PASSWORD }), organizationId, 'member');
    });

    // Calls ring for a moment on the demo line and are hung up at once: the completions have calls to complete.
    server = await startServer({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(POOL_SIZE), AUTH_SIGN_IN_LIMIT: '100000', DEMO_RING_MS: '50', LOG_LEVEL: 'error' });
    const cookies = await Promise.all(emails.map((email) => signIn(server!, email)));
    const owner = cookies[0]!;
    await api(server, owner, 'PUT', '/api/calls/settings', { enforceHours: false });
    const from = '+15125550100';
    await api(server, owner, 'POST', '/api/phone-numbers', { phone_number: from, is_primary: true, label: 'Load line' });

    const preview = await api(server, owner, 'POST', '/api/leads/import?filename=load.csv', importCsv(LEADS));
    await api(server, owner, 'POST', `/api/leads/import/${preview.id}/start`, { mapping: preview.proposed_mapping });
    await until('the import', async () => ['completed', 'failed'].includes((await api(server!, owner, 'GET', `/api/leads/import/${preview.id}`)).status));
    // The import's scoring and enrichment jobs finish before the clock starts.
    await until("the import's AI jobs", async () => {
      const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`);
      return (rows[0] as { n: number }).n === 0;
    });
    const leads = (await database.executeSql(
      `select id, contact_1_phone1 as phone from leads where organization_id = $1 and status <> 'deleted' order by random()`, [organizationId],
    )).rows as Array<{ id: string; phone: string | null }>;
    const callable = leads.filter((l) => l.phone && l.phone.replace(/\D/g, '').length >= 10).slice(0, callCount);
    const calls: string[] = [];
    await eachLimit(callable, 8, async (lead) => {
      const to = `+1${lead.phone!.replace(/\D/g, '').slice(-10)}`;
      const placed = await api(server!, owner, 'POST', '/api/calls', { lead_id: lead.id, from_e164: from, to_e164: to });
      await api(server!, owner, 'POST', `/api/calls/${placed.call_id}/hangup`);
      calls.push(placed.call_id);
    });
    // Autovacuum would reach this state within a minute or two of the import; the clock should not start on
    // the import's dead rows and a table the planner has no statistics for yet.
    await database.executeSql('vacuum analyze');
    console.log(`load: ${USERS} users, ${leads.length.toLocaleString('en-US')} leads, ${calls.length.toLocaleString('en-US')} calls to complete; setup ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return { server, cookies, organizationId, url: url.toString(), leadIds: leads.map((l) => l.id), calls, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function runLoadBench(seconds = 60): Promise<BenchRow[]> {
  // Enough calls for 10% of the requests at up to 400 req/s.
  const { server, cookies, organizationId, url, leadIds, calls, close } = await setupLoad(Math.min(4000, seconds * 40));
  try {
    // The mix.
    let turn = 0;
    const kinds = new Map<Kind, number[]>();
    const failures = new Map<string, number>();
    const cookieHeaders = (n: number, json = false) => ({ cookie: cookies[n % USERS]!, ...(json ? { 'content-type': 'application/json', origin: server.url } : {}) });
    const mix: Build = (req, context) => {
      const n = turn++;
      let r = Math.random();
      let kind: Kind = 'list';
      for (const [k, share] of MIX) {
        if (r < share) { kind = k; break; }
        r -= share;
      }
      if (kind === 'complete' && calls.length === 0) kind = 'detail';
      context.kind = kind;
      context.sent = performance.now();
      switch (kind) {
        case 'list':
          return { ...req, method: 'GET' as const, path: `/api/leads?limit=50&offset=${50 * Math.floor(Math.random() * 20)}${Math.random() < 0.3 ? '&minValue=200000' : ''}`, headers: cookieHeaders(n) };
        case 'search':
          return { ...req, method: 'GET' as const, path: `/api/leads?limit=50&search=${encodeURIComponent(pick(SEARCH_TERMS))}`, headers: cookieHeaders(n) };
        case 'detail':
          return { ...req, method: 'GET' as const, path: `/api/leads/${pick(leadIds)}`, headers: cookieHeaders(n) };
        case 'stats':
          return { ...req, method: 'GET' as const, path: '/api/leads/stats', headers: cookieHeaders(n) };
        case 'complete':
          return {
            ...req,
            method: 'POST' as const,
            path: `/api/calls/${calls.pop()}/complete`,
            headers: cookieHeaders(n, true),
            body: JSON.stringify({ outcome: pick(['not_interested', 'no_answer', 'maybe']), notes: 'Load test call', durationMs: 42_000 }),
          };
      }
    };
    const record: OnResponse = (status, body, context) => {
      // Per kind, the time from building the request (it is sent at once) to its response.
      const kind = context.kind as Kind;
      const times = kinds.get(kind) ?? [];
      times.push(performance.now() - (context.sent as number));
      kinds.set(kind, times);
      const failure = `${kind} ${status} ${body.slice(0, 120)}`;
      if (status >= 300) failures.set(failure, (failures.get(failure) ?? 0) + 1);
    };
    const mixed = await cannon(server.url, seconds, mix, record);
    console.log(describeRun('mix', mixed));
    for (const [kind, times] of kinds) {
      times.sort((a, b) => a - b);
      console.log(`  ${kind.padEnd(9)} ${String(times.length).padStart(6)} requests (${((100 * times.length) / mixed.requests).toFixed(0)}%)  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`);
    }
    for (const [what, count] of failures) console.log(`  ${count} × ${what}`);

    // The same mix with the users pacing themselves, as people at a screen do: latency when the server is not saturated.
    const paced = await pacedUsers(server.url, Math.max(10, Math.round(seconds / 3)), mix);
    console.log(describeRun(`mix, each user ${PACED_RATE} requests a second`, paced));

    // The same lead-detail request, against the server and against the bare endpoint.
    const compareSeconds = Math.max(5, Math.round(seconds / 4));
    const detail = (req: autocannon.Request) => ({ ...req, method: 'GET' as const, path: `/api/leads/${pick(leadIds)}`, headers: cookieHeaders(turn++) });
    const appDetail = await cannon(server.url, compareSeconds, detail);
    const bare = await startBareEndpoint(url, organizationId);
    let bareDetail: Run;
    try {
      bareDetail = await cannon(bare.url, compareSeconds, detail);
    } finally {
      await bare.stop();
    }
    const ratio = appDetail.rps / bareDetail.rps;
    console.log(describeRun('lead detail: server', appDetail));
    console.log(describeRun('lead detail: bare Fastify + pg, identical query', bareDetail));
    console.log(`server / bare throughput ${ratio.toFixed(2)} (budget ≥ ${RATIO_BUDGET})`);

    return [
      figure(`mix ${seconds} s: throughput`, Math.round(mixed.rps), 'req/s'),
      figure('mix: p50', Math.round(mixed.p50), 'ms'),
      figure('mix: p95', Math.round(mixed.p95), 'ms'),
      figure('mix: p99', Math.round(mixed.p99), 'ms', { max: P99_BUDGET_MS }),
      figure('mix: errors', mixed.errors, '', { max: 0 }),
      figure(`paced mix (${USERS} × ${PACED_RATE} req/s): p99`, Math.round(paced.p99), 'ms'),
      figure('paced mix: errors', paced.errors, '', { max: 0 }),
      figure('lead detail: server', Math.round(appDetail.rps), 'req/s'),
      figure('lead detail: bare Fastify + pg', Math.round(bareDetail.rps), 'req/s'),
      figure('lead detail: server / bare', Number(ratio.toFixed(2)), '', { min: RATIO_BUDGET }),
    ];
  } finally {
    await close();
  }
}
