import type { Config } from '../config';
import { openDatabase, type Database } from './database';
import { migrate } from './migrate';

/** PostgreSQL at DATABASE_URL, else embedded PGlite under DATA_DIR; migrated and ready. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.DATABASE_URL
    ? await openDatabase({
      kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
