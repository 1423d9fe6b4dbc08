import { describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, startTestApp } from '../../../test/harness';

describe.each(DB_KINDS)('GET /api/health on %s', (kind) => {
  it('answers ok while the database answers, and 503 once it does not', async () => {
    const tdb = await createTestDatabase(kind);
    const t = await startTestApp(tdb.database);
    const ok = await t.request('GET', '/api/health');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok', storage: 'local', version: '0.1.0', checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await tdb.drop();
    const down = await t.request('GET', '/api/health');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'error', database: 'error', version: '0.1.0' });
    await t.app.close();
  });
});
