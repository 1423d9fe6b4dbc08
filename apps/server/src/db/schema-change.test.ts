import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../test/harness';

type Owner = Awaited<ReturnType<TestApp['createOrg']>>;

/**
 * A migration applied while old instances still serve (a rolling deploy) adds columns to live tables. The
 * server's prepared statements must keep working: PostgreSQL refuses to run a prepared statement whose result
 * columns changed ("cached plan must not change result type").
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a schema change under a running server on postgres', () => {
  const t = useTestApp('postgres');
  let a: Owner;
  let leadId: string;
  let buyerId: string;

  /** Every lead route and a few others; each must answer 2xx. */
  const everyRoute = async (round: string) => {
    const created = await t.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: `Lead ${round}`, property_address_full: `${round} Oak Street` } });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/leads'],
      ['GET', '/api/leads?search=Oak'],
      ['GET', '/api/leads/top'],
      ['GET', '/api/leads/stats'],
      ['GET', `/api/leads/${leadId}`],
      ['GET', `/api/leads/${leadId}/context`],
      ['PATCH', `/api/leads/${leadId}`, { notes: `Edited in ${round}` }],
      ['DELETE', `/api/leads/${created.json().id}`],
      ['GET', '/api/buyers'],
      ['GET', `/api/buyers/${buyerId}`],
      ['PATCH', `/api/buyers/${buyerId}`, { notes: round }],
      ['GET', '/api/me'],
      ['GET', '/api/organization'],
      ['PATCH', '/api/organization', { name: `Schema Realty ${round}` }],
      ['GET', '/api/organization/settings'],
      ['GET', '/api/calls/settings'],
      ['GET', '/api/tasks'],
    ];
    const signIn = await t.request('POST', '/api/auth/sign-in/email', { body: { email: a.email, password: a.password } });
    const answers = [`POST /api/leads ${created.statusCode}`, `POST /api/auth/sign-in/email ${signIn.statusCode}`];
    for (const [method, url, body] of calls) {
      const res = await t.request(method as 'GET', url, { cookie: a.cookie, body });
      answers.push(`${method} ${url} ${res.statusCode}${res.statusCode >= 300 ? ` ${res.body}` : ''}`);
    }
    return answers;
  };
  const allOk = (answers: string[]) => answers.filter((line) => !/ 20[014]$/.test(line));

  beforeAll(async () => {
    a = await t.createOrg('Schema Realty');
    leadId = (await t.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: 'Ada Live', property_address_full: '1 Oak Street' } })).json().id;
    buyerId = (await t.request('POST', '/api/buyers', { cookie: a.cookie, body: { contact_name: 'Ben Buyer' } })).json().id;
  });

  it('keeps every route answering after columns are added to its tables', async () => {
    // Twice, so each statement has been prepared (and its plan possibly reused) before the change.
    expect(allOk(await everyRoute('before'))).toEqual([]);
    expect(allOk(await everyRoute('again'))).toEqual([]);
    for (const table of ['leads', 'buyers', 'organizations', 'organization_settings', 'users', 'sessions', 'user_profiles', 'ai_tasks']) {
      await sql`alter table ${sql.table(table)} add column rolling_deploy_extra text`.execute(t.database.db);
    }
    expect(allOk(await everyRoute('after'))).toEqual([]);
    expect(allOk(await everyRoute('after again'))).toEqual([]);
  });
});
