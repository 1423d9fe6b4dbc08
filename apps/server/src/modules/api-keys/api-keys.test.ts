import { describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';

const withKey = (t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, body?: unknown) =>
  t.app.inject({
    method, url,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const errorOf = (res: { statusCode: number; json: () => { error: { code: string; message: string } } }) => [res.statusCode, res.json().error];

describe.each(DB_KINDS)('API keys on %s', (kind) => {
  const t = useTestApp(kind, { API_KEY_RATE_LIMIT: '40' });

  const createKey = async (cookie: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/api-keys', { cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string; prefix: string; scopes: string[] };
  };
  const auditOf = (organizationId: string, action: string) =>
    withSystem(t.database.db, (tx) => tx.selectFrom('activity_logs').select(['actor_id', 'entity_id', 'details']).where('organization_id', '=', organizationId).where('action', '=', action).execute());

  it('shows a new key once, keeps only its hash, and lists it without the secret', async () => {
    const owner = await t.createOrg('Keys Realty');
    const created = await createKey(owner.cookie, { name: 'Zapier', scopes: ['leads:read', 'leads:read', 'deals:read'] });
    expect(created.key).toMatch(/^wsk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created.scopes).toEqual(['leads:read', 'deals:read']);
    const list = await t.request('GET', '/api/api-keys', { cookie: owner.cookie });
    expect(list.json().items).toEqual([expect.objectContaining({ id: created.id, name: 'Zapier', prefix: created.prefix, last_used_at: null, revoked_at: null })]);
    // The secret is what follows the prefix (base64url: it may hold underscores of its own).
    const secret = created.key.slice(created.prefix.length + 1);
    expect(list.body).not.toContain(secret);
    const stored = await withSystem(t.database.db, (tx) => tx.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow());
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.token_hash).toHaveLength(32);
    expect(await auditOf(owner.organizationId, 'api_key.created')).toEqual([
      { actor_id: owner.userId, entity_id: created.id, details: { name: 'Zapier', prefix: created.prefix, scopes: ['leads:read', 'deals:read'], expires_at: null } },
    ]);
  });

  it('refuses bad input to key creation with a sentence naming the field, and members who are not admins', async () => {
    const owner = await t.createOrg('Keys Input Realty');
    const bad = async (body: unknown) => errorOf(await t.request('POST', '/api/api-keys', { cookie: owner.cookie, body }));
    expect(await bad({ name: ' ', scopes: ['leads:read'] })).toEqual([400, expect.objectContaining({ message: 'name: enter a name for the key' })]);
    expect(await bad({ name: 'x', scopes: [] })).toEqual([400, expect.objectContaining({ message: 'scopes: choose at least one scope' })]);
    expect(await bad({ name: 'x', scopes: ['leads:delete'] })).toEqual([400, expect.objectContaining({ message: expect.stringContaining('leads:delete is not a scope') })]);
    expect(await bad({ name: 'x', scopes: ['leads:read'], expires_at: '2001-01-01T00:00:00Z' })).toEqual([400, expect.objectContaining({ message: 'expires_at: must be in the future' })]);
    const member = await addMember(t, owner.organizationId, `keys-member-${Date.now()}@example.com`);
    expect((await t.request('POST', '/api/api-keys', { cookie: member.cookie, body: { name: 'x', scopes: ['leads:read'] } })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/api-keys', { cookie: member.cookie })).statusCode).toBe(403);
  });

  it("reads the key's own organization only, within its scopes, and records the key on what it changes", async () => {
    const a = await t.createOrg('Aspen Keys');
    const b = await t.createOrg('Birch Keys');
    const mine = await t.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: 'Alma Keyholder', property_address: '1 Key St' } });
    const theirs = await t.request('POST', '/api/leads', { cookie: b.cookie, body: { owner_1_name: 'Bruno Otherorg', property_address: '2 Other St' } });
    const reader = await createKey(a.cookie, { name: 'reader', scopes: ['leads:read'] });
    const writer = await createKey(a.cookie, { name: 'writer', scopes: ['leads:read', 'leads:write'] });

    const list = await withKey(t, 'GET', '/api/leads', reader.key);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((l: { id: string }) => l.id)).toEqual([mine.json().id]);
    expect(list.body).not.toContain('Bruno');
    expect((await withKey(t, 'GET', `/api/leads/${theirs.json().id}`, writer.key)).statusCode).toBe(404);
    expect((await withKey(t, 'PATCH', `/api/leads/${theirs.json().id}`, writer.key, { notes: 'x' })).statusCode).toBe(404);

    expect(errorOf(await withKey(t, 'POST', '/api/leads', reader.key, { owner_1_name: 'No Scope' }))).toEqual([403, { code: 'MISSING_SCOPE', message: 'This API key lacks the scope leads:write.' }]);
    const created = await withKey(t, 'POST', '/api/leads', writer.key, { owner_1_name: 'Made By Key', property_address: '3 Key St' });
    expect(created.statusCode, created.body).toBe(201);
    const [entry] = await withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select(['actor_id', 'details']).where('organization_id', '=', a.organizationId).where('entity_id', '=', created.json().id).where('actor_id', 'is not', null).execute());
    expect(entry).toMatchObject({ actor_id: a.userId, details: expect.objectContaining({ api_key_id: writer.id }) });

    // Keys never open account, member, key or billing routes, whatever their scopes.
    for (const url of ['/api/me', '/api/organization/members', '/api/api-keys', '/api/organization/settings']) {
      expect(errorOf(await withKey(t, 'GET', url, writer.key)), url).toEqual([403, { code: 'API_KEY_NOT_ALLOWED', message: 'API keys cannot call this route. Sign in to the app to do this.' }]);
    }
  });

  it('refuses unknown, malformed, revoked and expired keys with 401, and a key whose creator left', async () => {
    const owner = await t.createOrg('Revoke Realty');
    const key = await createKey(owner.cookie, { name: 'short-lived', scopes: ['leads:read'] });
    expect((await withKey(t, 'GET', '/api/leads', key.key)).statusCode).toBe(200);
    const invalid = [401, { code: 'UNAUTHORIZED', message: 'The API key is not valid. Check that it was copied whole.' }];
    expect(errorOf(await withKey(t, 'GET', '/api/leads', `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`))).toEqual(invalid);
    expect(errorOf(await withKey(t, 'GET', '/api/leads', 'wsk_nothere1_' + 'x'.repeat(43)))).toEqual(invalid);
    expect(errorOf(await withKey(t, 'GET', '/api/leads', 'not-a-key'))).toEqual(invalid);

    const expiring = await createKey(owner.cookie, { name: 'expiring', scopes: ['leads:read'], expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await withSystem(t.database.db, (tx) => tx.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expiring.id).execute());
    expect(errorOf(await withKey(t, 'GET', '/api/leads', expiring.key))).toEqual([401, { code: 'UNAUTHORIZED', message: 'This API key has expired.' }]);

    expect((await t.request('DELETE', `/api/api-keys/${key.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    expect(errorOf(await withKey(t, 'GET', '/api/leads', key.key))).toEqual([401, { code: 'UNAUTHORIZED', message: 'This API key was revoked.' }]);
    expect((await t.request('DELETE', `/api/api-keys/${key.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    expect(await auditOf(owner.organizationId, 'api_key.revoked')).toHaveLength(1);
    const other = await t.createOrg('Other Revoke Realty');
    expect((await t.request('DELETE', `/api/api-keys/${expiring.id}`, { cookie: other.cookie })).statusCode).toBe(404);

    const admin = await addMember(t, owner.organizationId, `keys-admin-${Date.now()}@example.com`);
    await t.changeSessions(() => withSystem(t.database.db, (tx) => tx.updateTable('user_profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute()));
    const adminKey = await createKey(admin.cookie, { name: 'admin key', scopes: ['leads:read'] });
    await t.changeSessions(() => withSystem(t.database.db, (tx) => tx.deleteFrom('user_profiles').where('id', '=', admin.userId).execute()));
    expect(errorOf(await withKey(t, 'GET', '/api/leads', adminKey.key))).toEqual([401, expect.objectContaining({ message: expect.stringContaining('no longer in the organization') })]);
  });

  it('limits a key to its requests a minute with 429 and Retry-After, and records its last use without a write per request', async () => {
    const owner = await t.createOrg('Busy Realty');
    const key = await createKey(owner.cookie, { name: 'busy', scopes: ['leads:read'] });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) statuses.push((await withKey(t, 'GET', '/api/leads/stats', key.key)).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const limited = await withKey(t, 'GET', '/api/leads/stats', key.key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toBe('This API key made more than 40 requests in a minute. Wait and try again.');
    // Another key of the organization has its own allowance.
    const calm = await createKey(owner.cookie, { name: 'calm', scopes: ['leads:read'] });
    expect((await withKey(t, 'GET', '/api/leads/stats', calm.key)).statusCode).toBe(200);

    const lastUsed = async () => (await t.request('GET', '/api/api-keys', { cookie: owner.cookie })).json().items.find((k: { id: string }) => k.id === calm.id).last_used_at;
    await expect.poll(lastUsed).not.toBeNull();
    const first = await lastUsed();
    // Within the minute, further uses write nothing: the stamp stays the first use's.
    for (let i = 0; i < 5; i += 1) expect((await withKey(t, 'GET', '/api/leads/stats', calm.key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
  });

  it('describes the key scheme and each route’s scope in the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/leads'].get).toMatchObject({ 'x-api-key-scope': 'leads:read', security: [{ session: [] }, { apiKey: [] }] });
    expect(doc.paths['/api/leads'].post['x-api-key-scope']).toBe('leads:write');
    expect(doc.paths['/api/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/api-keys'].post['x-api-key-scope']).toBeUndefined();
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });
});
