import { beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../auth/users';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

describe.each(DB_KINDS)('organizations on %s', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<TestApp['createOrg']>>;

  beforeAll(async () => {
    owner = await t.createOrg('Acme Homes');
  });

  it('GET /api/me answers 401 signed out, and the user with their organization signed in', async () => {
    expect((await t.request('GET', '/api/me')).statusCode).toBe(401);
    const me = await t.request('GET', '/api/me', { cookie: owner.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: owner.userId, email: owner.email },
      organization: { id: owner.organizationId, name: 'Acme Homes' },
      role: 'owner',
    });
  });

  it('lets a user without an organization create one, once', async () => {
    await withSystem(t.database.db, (tx) => insertUserWithPassword(tx, { email: 'solo@example.com', name: 'Solo', password: 'solo password 1' }));
    const cookie = await t.signIn('solo@example.com', 'solo password 1');
    expect((await t.request('GET', '/api/me', { cookie })).json().organization).toBeNull();
    expect((await t.request('GET', '/api/organization', { cookie })).json().error.code).toBe('NO_ORGANIZATION');

    const bad = await t.request('POST', '/api/organizations', { cookie, body: { org_name: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/org_name/);

    const created = await t.request('POST', '/api/organizations', { cookie, body: { org_name: 'Solo Investments' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Solo Investments');
    const me = (await t.request('GET', '/api/me', { cookie })).json();
    expect(me.organization).toEqual({ id: created.json().id, name: 'Solo Investments' });
    expect(me.role).toBe('owner');
    const settings = await t.request('GET', '/api/organization/settings', { cookie });
    expect(settings.json().aiIntegration.enableSmartScoring).toBe(true);

    const twice = await t.request('POST', '/api/organizations', { cookie, body: { org_name: 'Second' } });
    expect(twice.statusCode).toBe(409);
  });

  it('renames the organization, validating the name', async () => {
    const res = await t.request('PATCH', '/api/organization', { cookie: owner.cookie, body: { name: 'Acme Homes LLC' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Acme Homes LLC');
    expect((await t.request('GET', '/api/organization', { cookie: owner.cookie })).json().name).toBe('Acme Homes LLC');
    const short = await t.request('PATCH', '/api/organization', { cookie: owner.cookie, body: { name: 'A' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(short.json().error.message).toMatch(/name/);
    const extra = await t.request('PATCH', '/api/organization', { cookie: owner.cookie, body: { name: 'Fine name', plan: 'free' } });
    expect(extra.statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'PATCH', url: '/api/organization', headers: { cookie: owner.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' }, payload: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toMatch(/JSON/);
  });

  it('reads and upserts the aiIntegration settings, refusing unknown keys', async () => {
    const initial = await t.request('GET', '/api/organization/settings', { cookie: owner.cookie });
    expect(initial.json()).toEqual({
      aiIntegration: { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true },
    });
    const put = await t.request('PUT', '/api/organization/settings', { cookie: owner.cookie, body: { aiIntegration: { enableAutoEnrichment: false } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().aiIntegration).toMatchObject({ enableAutoEnrichment: false, enableRealTimeCoaching: true });
    expect((await t.request('GET', '/api/organization/settings', { cookie: owner.cookie })).json().aiIntegration.enableAutoEnrichment).toBe(false);
    const unknown = await t.request('PUT', '/api/organization/settings', { cookie: owner.cookie, body: { aiIntegration: { enableTelepathy: true } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/enableTelepathy/);
    const wrongType = await t.request('PUT', '/api/organization/settings', { cookie: owner.cookie, body: { aiIntegration: { enableSmartScoring: 'yes' } } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/enableSmartScoring/);
  });

  it('records what happened in activity_logs', async () => {
    const rows = await withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select('action').where('organization_id', '=', owner.organizationId).execute(),
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['organization.created', 'organization.renamed', 'settings.updated']));
  });
});
