/**
 * `npm run bench -- automation`: the sequences engine on PostgreSQL (issue 22). Two budgets:
 * - 10,000 leads of a filter enrolled in one request (POST /api/sequences/:id/enrollments) ≤ 2 s;
 * - 10,000 due text steps processed ≥ 500 a second on the demo line, each through the compliance gate (DNC,
 *   calling window in the lead's time, frequency, caps) and the same send path as a member's text. They are spread
 *   over ten organizations of 1,000 leads, as the organization's daily cap (1,000 texts) would otherwise move most
 *   of them to the next day. The steps' handler (engine.runSteps, what the pg-boss workers run) is called as the
 *   queue calls it: STEP_WORKERS workers, each handed STEP_BATCH jobs at a time in due order. The demo seller's
 *   delivery receipts and replies are set to come after the measurement (DEMO_SMS_DELIVERY_MS/REPLY_MS): they are the
 *   inbound path's work (a webhook each with Twilio), not the engine's, and the demo seller answers every text.
 * Runs in a fresh database `wholesail_bench_automation` on the server of BENCH_DATABASE_URL (default: the local
 * test server), with the automation's clock set to a Wednesday afternoon in Texas.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { withSystem } from '../apps/server/src/db/scope';
import { STEP_BATCH, STEP_WORKERS } from '../apps/server/src/jobs/automation';
import type { StepJob } from '../apps/server/src/modules/automation/runs';
import { provisionOrganization } from '../apps/server/src/modules/organizations/provision';
import { benchUrl, SERVER_URL } from './bench-database';
import { figure, type BenchRow } from './report';

const BENCH_DB = 'wholesail_bench_automation';
const ENROL = 10_000;
const ORGS = 10;
const PER_ORG = 1_000;
/** Wednesday 14 July 2027, 1:00 PM in Texas. */
const NOW = new Date('2027-07-14T18:00:00Z');

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  return benchUrl(BENCH_DB);
}

export async function runAutomationBench(): Promise<BenchRow[]> {
  const url = await freshDatabase();
  console.log(`database: ${url}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await migrate(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-bench-automation-'));
  const config = loadConfig({
    NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: url,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', AUTH_SIGN_IN_LIMIT: '1000', WEB_DIST: path.join(dataDir, 'no-web-build'), DEMO_SMS_DELIVERY_MS: '600000', DEMO_SMS_REPLY_MS: '600000',
  });
  const app = await buildApp(config, database);
  const { automation, conversations } = app.services;
  automation.clock = () => NOW;
  conversations.clock = () => NOW;
  const request = async (method: 'POST' | 'GET', url: string, cookie: string | null, body?: unknown) => {
    const res = await app.inject({
      method, url, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return { json: res.json() as Record<string, unknown> & { id: string }, cookie: res.headers['set-cookie'] };
  };
  const organization = async (n: number, leads: number) => {
    const email = `owner-${n}@bench-automation.test`;
    const ids = await provisionOrganization(database.db, { name: `Bench Automation ${n}`, email, password: 'bench-password-1' });
    const signIn = await request('POST', '/api/auth/sign-in/email', null, { email, password: 'bench-password-1' });
    const cookie = String([signIn.cookie].flat()[0]).split(';')[0]!;
    await request('POST', '/api/phone-numbers', cookie, { phone_number: `+1512555${String(n).padStart(4, '0')}`, is_primary: true });
    await withSystem(database.db, (tx) => sql`
      insert into leads (organization_id, owner_1_name, property_address_state, property_address_zipcode, contact_1_phone1, phones_e164, status)
      select ${ids.organizationId}::uuid, 'Pat ' || g, 'TX', '78701', '737' || lpad((${n} * 100000 + g)::text, 7, '0'),
        array['+1737' || lpad((${n} * 100000 + g)::text, 7, '0')], 'discovery'
      from generate_series(1, ${leads}::int) g`.execute(tx));
    // Statistics now, as after any bulk load, rather than autovacuum's analyze in the middle of a measurement.
    await sql`analyze leads`.execute(database.db);
    const sequence = await request('POST', '/api/sequences', cookie, { name: 'Bench follow-up', steps: [{ kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, still thinking about {street}?' }], stop_on_reply: false });
    return { ...ids, cookie, sequenceId: sequence.json.id };
  };
  try {
    const rows: BenchRow[] = [];
    const big = await organization(0, ENROL);
    let start = performance.now();
    const enrolled = await request('POST', `/api/sequences/${big.sequenceId}/enrollments`, big.cookie, { filter: { status: 'discovery' } });
    const enrolMs = performance.now() - start;
    console.log(`enrol ${ENROL.toLocaleString('en-US')} leads of a filter in one request: ${enrolMs.toFixed(0)} ms (${JSON.stringify(enrolled.json).slice(0, 60)})`);
    rows.push(figure('enrol 10,000 leads (one request)', Number((enrolMs / 1000).toFixed(2)), 's', { max: 2 }));
    // The big organization's runs are not part of the steps measured below.
    await withSystem(database.db, (tx) => sql`delete from sequence_enrollments where organization_id = ${big.organizationId}`.execute(tx));

    for (let n = 1; n <= ORGS; n++) {
      const org = await organization(n, PER_ORG);
      await request('POST', `/api/sequences/${org.sequenceId}/enrollments`, org.cookie, { filter: { status: 'discovery' } });
    }
    const jobs = (
      await withSystem(database.db, (tx) => sql<{ organization_id: string; enrollment_id: string }>`
        select organization_id, enrollment_id from sequence_step_runs where state = 'due' order by due_at`.execute(tx))
    ).rows.map((r): StepJob => ({ organizationId: r.organization_id, enrollmentId: r.enrollment_id, stepIndex: 0 }));
    const results = new Map<string, number>();
    let next = 0;
    start = performance.now();
    await Promise.all(
      Array.from({ length: STEP_WORKERS }, async () => {
        while (next < jobs.length) {
          const batch = jobs.slice(next, (next += STEP_BATCH));
          for (const { result } of await automation.runSteps(batch)) results.set(result, (results.get(result) ?? 0) + 1);
        }
      }),
    );
    const stepsS = (performance.now() - start) / 1000;
    const rate = jobs.length / stepsS;
    console.log(`${jobs.length.toLocaleString('en-US')} due text steps in ${stepsS.toFixed(2)} s: ${rate.toFixed(0)}/s, outcomes ${JSON.stringify(Object.fromEntries(results))}`);
    rows.push(figure(`due text steps processed (${STEP_WORKERS} workers × ${STEP_BATCH}, gate on each)`, Math.round(rate), 'steps/s', { min: 500 }));
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}
