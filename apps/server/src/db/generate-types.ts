import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { generate, PostgresDialect, RawExpressionNode } from 'kysely-codegen';
import { openDatabase } from './database';
import { migrate } from './migrate';
import type { DB } from './types';

/** The checked-in file the server's queries are typed by. */
export const TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'types.ts');

const HEADER = '// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.\n';

/** `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))` or `CHECK ((col = 'a'::text))`: the values the column may hold. */
function listedValues(column: string, check: string): string[] | null {
  const match = check.match(new RegExp(`^CHECK \\(\\(${column} = (?:ANY \\(ARRAY\\[(.*)\\]\\)|('[^']*'::text))\\)\\)$`));
  const list = match?.[1] ?? match?.[2];
  return list ? [...list.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!) : null;
}

/**
 * A text column whose CHECK constraint lists its values is typed as the union of those values (the database
 * refuses anything else), instead of `string`; nullable and defaulted as the column is.
 */
async function checkedColumns(db: Kysely<DB>): Promise<Record<string, RawExpressionNode>> {
  const { rows } = await sql<{ table: string; column: string; check: string; nullable: boolean; defaulted: boolean }>`
    select c.conrelid::regclass::text as table, a.attname as column, pg_get_constraintdef(c.oid) as check,
           not a.attnotnull as nullable, a.atthasdef as defaulted
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'c' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`.execute(db);
  const overrides: Record<string, RawExpressionNode> = {};
  for (const { table, column, check, nullable, defaulted } of rows) {
    const values = listedValues(column, check);
    if (!values) continue;
    const type = [...values.map((v) => `'${v}'`), ...(nullable ? ['null'] : [])].join(' | ');
    overrides[`${table}.${column}`] = new RawExpressionNode(defaulted ? `Generated<${type}>` : type);
  }
  return overrides;
}

/** The database types of a migrated database, as kysely-codegen writes them with the CHECK-listed values. */
export async function generateDatabaseTypes(db: Kysely<DB>): Promise<string> {
  const output = await generate({
    db,
    // `date` columns are read as 'YYYY-MM-DD' strings (db/database.ts).
    dialect: new PostgresDialect({ dateParser: 'string' }),
    overrides: { columns: await checkedColumns(db) },
    outFile: null,
  });
  return HEADER + output;
}

/** The types of a fresh in-memory database with every migration applied. */
export async function typesOfTheMigrations(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(database.db);
    return await generateDatabaseTypes(database.db);
  } finally {
    await database.close();
  }
}
