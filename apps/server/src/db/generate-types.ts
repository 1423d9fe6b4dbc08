import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { generate, PostgresDialect, RawExpressionNode } from 'kysely-codegen';
import { openDatabase } from './database';
import { migrate } from './migrate';
import type { DB } from './types';

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The table files, by what their tables hold: a table goes to the first group one of whose prefixes it starts with. */
const TABLE_GROUPS: ReadonlyArray<{ file: string; prefixes: readonly string[] }> = [
  { file: 'types-leads.ts', prefixes: ['leads', 'lead_', 'dnc_', 'enrichment_', 'activity_', 'ai_', 'address_'] },
  { file: 'types-calls-texts.ts', prefixes: ['calls', 'call_', 'conversation', 'twilio_', 'mail_'] },
  { file: 'types-deals.ts', prefixes: ['deal', 'buyer', 'referral'] },
  { file: 'types-automation-jobs.ts', prefixes: ['sequence', 'automation_', 'outbox', 'job_', 'system_notifications'] },
  { file: 'types-webhooks.ts', prefixes: ['webhook_'] },
  { file: 'types-accounts.ts', prefixes: [''] },
];

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

/**
 * kysely-codegen's one file cut by what it holds: the column types (types-columns.ts), the tables by group
 * (TABLE_GROUPS), and types.ts with the DB interface re-exporting them all. Keyed by file name.
 */
function splitByTables(output: string): Record<string, string> {
  const first = output.indexOf('\nexport interface ');
  const dbAt = output.indexOf('\nexport interface DB {');
  const columns = output.slice(0, first).trimEnd() + '\n';
  const aliases = [...columns.matchAll(/^export type (\w+)/gm)].map((m) => m[1]!);
  const interfaces = output.slice(first + 1, dbAt).trim().split(/\n\n(?=export interface )/);
  const dbBlock = output.slice(dbAt + 1).trimEnd() + '\n';
  const tableOf = new Map([...dbBlock.matchAll(/^ {2}(\w+): (\w+);$/gm)].map((m) => [m[2]!, m[1]!]));
  const grouped = new Map<string, string[]>(TABLE_GROUPS.map((g) => [g.file, []]));
  for (const block of interfaces) {
    const name = block.match(/^export interface (\w+)/)![1]!;
    const table = tableOf.get(name) ?? '';
    grouped.get(TABLE_GROUPS.find((g) => g.prefixes.some((p) => table.startsWith(p)))!.file)!.push(block);
  }
  const files: Record<string, string> = { 'types-columns.ts': HEADER + columns };
  const imports: string[] = [];
  for (const [file, blocks] of grouped) {
    if (blocks.length === 0) continue;
    const body = blocks.join('\n\n');
    const used = aliases.filter((a) => new RegExp(`\\b${a}\\b`).test(body));
    const names = blocks.map((b) => b.match(/^export interface (\w+)/)![1]!);
    files[file] = `${HEADER}${used.length ? `import type { ${used.join(', ')} } from './types-columns';\n\n` : ''}${body}\n`;
    imports.push(`import type { ${names.join(', ')} } from './${file.replace(/\.ts$/, '')}';`);
  }
  const reexports = Object.keys(files).map((f) => `export type * from './${f.replace(/\.ts$/, '')}';`);
  files['types.ts'] = `${HEADER}${imports.join('\n')}\n\n${reexports.join('\n')}\n\n${dbBlock}`;
  return files;
}

/** The database types of a migrated database, as kysely-codegen writes them with the CHECK-listed values, by file. */
export async function generateDatabaseTypes(db: Kysely<DB>): Promise<Record<string, string>> {
  const output = await generate({
    db,
    // `date` columns are read as 'YYYY-MM-DD' strings (db/database.ts).
    dialect: new PostgresDialect({ dateParser: 'string' }),
    overrides: { columns: await checkedColumns(db) },
    outFile: null,
  });
  return splitByTables(output);
}

/** Where a generated file is checked in: types.ts (the DB interface the queries are typed by) and its table files beside it. */
export const typesPath = (file: string) => path.join(DB_DIR, file);

/** The types of a fresh in-memory database with every migration applied. */
export async function typesOfTheMigrations(): Promise<Record<string, string>> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(database.db);
    return await generateDatabaseTypes(database.db);
  } finally {
    await database.close();
  }
}
