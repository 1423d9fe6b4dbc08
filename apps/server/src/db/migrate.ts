import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727274;

/** Applies the SQL files of db/migrations in name order, each once and in its own transaction. */
export async function migrate(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    await db.transaction().execute(async (tx) => {
      // Serialises instances starting together against one database: the second waits, then skips.
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(tx);
      const done = await tx.selectFrom('schema_migrations').select('name').where('name', '=', file).executeTakeFirst();
      if (done) return;
      await sql.raw(fs.readFileSync(path.join(dir, file), 'utf8')).execute(tx);
      await tx.insertInto('schema_migrations').values({ name: file }).execute();
      applied.push(file);
    });
  }
  return applied;
}
