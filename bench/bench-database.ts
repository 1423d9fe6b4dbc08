/** The benchmarks' own databases on the PostgreSQL server of BENCH_DATABASE_URL (default: the local test server). */
import pg from 'pg';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of database `name` on that server. */
export function benchUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function exists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount !== 0;
  } finally {
    await admin.end();
  }
}

export async function ensureDatabase(name: string): Promise<void> {
  if (await exists(name)) return;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

/** True when database `name` exists and its bench_meta records a finished seed of `version`. */
export async function seededWith(name: string, version: string): Promise<boolean> {
  if (!(await exists(name))) return false;
  const client = new pg.Client({ connectionString: benchUrl(name) });
  await client.connect();
  try {
    const meta = await client.query(`select value from bench_meta where key = 'version'`).catch(() => ({ rows: [] }));
    return meta.rows[0]?.value === version;
  } finally {
    await client.end();
  }
}
