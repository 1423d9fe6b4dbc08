import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { provisionOrganization } from '../src/modules/organizations/provision';

export type DbKind = 'pglite' | 'postgres';

/** Every server suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ORIGIN = 'http://localhost:3000';

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database.db);
    return { database, url: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `wholesail_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrate(database.db);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesail-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_SIGN_IN_LIMIT: '1000',
    AUTH_RESET_LIMIT: '1000',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts?: { cookie?: string; body?: unknown; origin?: string | null; remoteAddress?: string },
  ): Promise<LightMyRequestResponse>;
  /** Signs in and returns the session cookie ("name=value"). */
  signIn(email: string, password: string): Promise<string>;
  /** A new organization with an owner; returns ids, credentials and a signed-in cookie. */
  createOrg(name: string): Promise<{ organizationId: string; userId: string; email: string; password: string; cookie: string }>;
  /**
   * Runs a change made behind the app's back (straight SQL on sessions, users or user_profiles) and waits
   * until the app has heard of it: its session cache is cleared by the change's notification.
   */
  changeSessions<T>(change: () => Promise<T>): Promise<T>;
}

export async function startTestApp(database: Database, overrides: Record<string, string> = {}, options: AppOptions = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const app = await buildApp(config, database, options);
  const request: TestApp['request'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: opts.remoteAddress,
      headers: {
        ...(opts.origin === null ? {} : { origin: opts.origin ?? ORIGIN }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  const signIn = async (email: string, password: string) => {
    const res = await request('POST', '/api/auth/sign-in/email', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return sessionCookie(res);
  };
  const changeSessions = async <T>(change: () => Promise<T>): Promise<T> => {
    const before = app.services.sessions.generation;
    const result = await change();
    const deadline = Date.now() + 5000;
    while (app.services.sessions.generation === before) {
      if (Date.now() > deadline) throw new Error('no session-change notification within 5 s of the change');
      await new Promise((r) => setTimeout(r, 5));
    }
    return result;
  };
  const createOrg = async (name: string) => {
    const email = `owner-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    // Its notification arrives before the test goes on, so it cannot clear the cache in the middle of one.
    const ids = await changeSessions(() => provisionOrganization(database.db, { name, email, password }));
    return { ...ids, email, password, cookie: await signIn(email, password) };
  };
  return { app, database, config, request, signIn, createOrg, changeSessions };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookie = list.find((c) => c.startsWith('wholesail.session_token='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(list)}`);
  return cookie.split(';')[0]!;
}

export type TestEnv = TestApp & { tdb: TestDatabase };

/**
 * Registers hooks that start an app on a fresh database before the suite and drop both after it.
 * The returned object forwards to that app once it is running.
 */
export function useTestApp(kind: DbKind, overrides: Record<string, string> = {}, options: AppOptions = {}): TestEnv {
  let current: TestEnv | undefined;
  beforeAll(async () => {
    const tdb = await createTestDatabase(kind);
    current = { ...(await startTestApp(tdb.database, overrides, options)), tdb };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.tdb.drop();
  });
  return new Proxy({} as TestEnv, {
    get(_target, key) {
      if (!current) throw new Error('the test app is not started yet');
      return current[key as keyof TestEnv];
    },
  });
}
