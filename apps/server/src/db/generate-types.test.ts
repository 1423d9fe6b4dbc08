import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../test/harness';
import { generateDatabaseTypes, typesPath } from './generate-types';

describe.each(DB_KINDS)('database types on %s', (kind) => {
  it('are what the migrations produce: run `npm run db:types` after changing a migration', async () => {
    const tdb = await createTestDatabase(kind);
    try {
      for (const [file, text] of Object.entries(await generateDatabaseTypes(tdb.database.db))) {
        expect(text, file).toBe(fs.readFileSync(typesPath(file), 'utf8'));
      }
    } finally {
      await tdb.drop();
    }
  });
});
