import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { memberApi } from '../../../test/member-api';
import { addMember } from '../../../test/members';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('webhook endpoints API on %s', (kind) => {
  const t = useTestApp(kind);
  const { call, ok } = memberApi(t);
  let a: Org;
  let b: Org;
  const base = '/api/webhook-endpoints';
  const create = (org: Org, body: Record<string, unknown>) => ok(org, 'POST', base, { events: ['lead.created'], ...body }, 201);

  beforeAll(async () => {
    a = await t.createOrg('Hooks A');
    b = await t.createOrg('Hooks B');
  });

  it('creates an endpoint with a whsec_ secret shown once, lists and reads it without the secret, reveals and rotates it, all audited', async () => {
    const created = await create(a, { url: 'https://hooks.example.com/in', events: ['lead.created', 'offer.received'], description: 'CRM sync' });
    expect(created).toMatchObject({ url: 'https://hooks.example.com/in', events: ['lead.created', 'offer.received'], description: 'CRM sync', enabled: true, disabled_reason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const listed = await ok(a, 'GET', base);
    expect(listed.items.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(JSON.stringify(await ok(a, 'GET', `${base}/${created.id}`))).not.toContain(created.secret);

    expect(await ok(a, 'POST', `${base}/${created.id}/secret/reveal`)).toEqual({ secret: created.secret, previous_secret_expires_at: null });
    const rotated = await ok(a, 'POST', `${base}/${created.id}/secret/rotate`);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const expires = new Date(rotated.previous_secret_expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await ok(a, 'POST', `${base}/${created.id}/secret/reveal`)).secret).toBe(rotated.secret);

    const actions = await withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select(['action', 'actor_id']).where('organization_id', '=', a.organizationId).where('entity_id', '=', created.id).orderBy('created_at').execute());
    expect(actions).toEqual(['created', 'secret_revealed', 'secret_rotated', 'secret_revealed'].map((x) => ({ action: `webhook_endpoint.${x}`, actor_id: a.userId })));
  });

  it('updates, disables and enables an endpoint, and deletes it (204, then 404), each audited', async () => {
    const created = await create(a, { url: 'https://hooks.example.com/update' });
    expect(await ok(a, 'PATCH', `${base}/${created.id}`, { events: ['call.completed', 'text.sent'], description: 'Calls', url: 'https://other.example.com/x' }))
      .toMatchObject({ events: ['call.completed', 'text.sent'], description: 'Calls', url: 'https://other.example.com/x' });
    const disabled = await ok(a, 'PATCH', `${base}/${created.id}`, { enabled: false });
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'Disabled by a member' });
    expect(disabled.disabled_at).not.toBeNull();
    expect((await call(a, 'POST', `${base}/${created.id}/test`)).body.error).toMatchObject({ code: 'ENDPOINT_DISABLED' });
    expect(await ok(a, 'PATCH', `${base}/${created.id}`, { enabled: true })).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    expect((await call(a, 'DELETE', `${base}/${created.id}`)).status).toBe(204);
    expect((await call(a, 'GET', `${base}/${created.id}`)).status).toBe(404);
    const actions = await withSystem(t.database.db, (tx) =>
      tx.selectFrom('activity_logs').select('action').where('organization_id', '=', a.organizationId).where('entity_id', '=', created.id).orderBy('created_at').execute());
    expect(actions.map((r) => r.action)).toEqual(['created', 'updated', 'disabled', 'enabled', 'deleted'].map((x) => `webhook_endpoint.${x}`));
  });

  it('refuses URLs that are not https, carry credentials or name a non-public address, with a message naming the problem', async () => {
    const refused = async (url: string, status = 400) => {
      const res = await call(a, 'POST', base, { url, events: ['lead.created'] });
      expect(res.status, url).toBe(status);
      return res.body.error.message as string;
    };
    expect(await refused('ftp://files.example.com/x')).toBe('url: expected an https:// URL, not ftp://');
    expect(await refused('not a url')).toBe('url: expected a URL such as https://example.com/webhooks');
    expect(await refused('https://user:pw@hooks.example.com/')).toMatch(/^url: must not carry a user name or password/);
    expect(await refused('http://hooks.example.com/')).toBe('url: must use https:// (plain http is only for hosts listed in WEBHOOK_ALLOWED_HOSTS)');
    expect(await refused('https://10.1.2.3/hook')).toBe('url: 10.1.2.3 is a private network address: webhooks are not sent to private networks');
    expect(await refused('https://169.254.169.254/latest/meta-data')).toBe('url: 169.254.169.254 is a link-local address: webhooks are not sent to private networks');
    expect(await refused('https://127.0.0.1:8443/')).toMatch(/^url: 127\.0\.0\.1 is a loopback address/);
    expect(await refused('https://[::1]/')).toMatch(/^url: ::1 is a loopback address/);
    expect(await refused('https://[fc00::5]/')).toMatch(/^url: fc00::5 is a unique-local address/);
    expect(await refused('https://[::ffff:127.0.0.1]/')).toMatch(/^url: ::ffff:7f00:1 is a loopback address/);
    expect(await refused('https://0x7f.1/')).toMatch(/^url: 127\.0\.0\.1 is a loopback address/);
    expect(await refused('https://localhost:3000/')).toBe('url: localhost is this machine: webhooks are not sent to private networks');
    expect(await refused('https://192.0.2.10/')).toMatch(/is a reserved address/);
    const created = await create(a, { url: 'https://hooks.example.com/ok' });
    expect((await call(a, 'PATCH', `${base}/${created.id}`, { url: 'https://10.0.0.1/' })).body.error.message).toMatch(/^url: 10\.0\.0\.1 is a private network address/);
    expect((await call(a, 'POST', base, { url: 'https://hooks.example.com/', events: ['lead.exploded'] })).body.error.message).toMatch(/^events\.0: /);
    expect((await call(a, 'POST', base, { url: 'https://hooks.example.com/', events: [] })).body.error.message).toBe('events: subscribe to at least one event');
  });

  it('keeps endpoints to owners and admins and to their own organization', async () => {
    const created = await create(a, { url: 'https://hooks.example.com/private' });
    const member = await addMember(t, a.organizationId, `hooks-member-${kind}@example.com`);
    expect((await call(member, 'GET', base)).status).toBe(403);
    expect((await call(member, 'POST', `${base}/${created.id}/secret/reveal`)).status).toBe(403);
    const urls = ['', '/secret/reveal', '/secret/rotate', '/test', '/deliveries'].map((s) => `${base}/${created.id}${s}`);
    for (const url of urls) {
      const method = url.endsWith('/deliveries') || url.endsWith(created.id) ? 'GET' : 'POST';
      expect((await call(b, method, url)).status, url).toBe(404);
    }
    expect((await call(b, 'PATCH', `${base}/${created.id}`, { enabled: false })).status).toBe(404);
    expect((await call(b, 'DELETE', `${base}/${created.id}`)).status).toBe(404);
    expect((await ok(b, 'GET', base)).items).toEqual([]);
    expect((await ok(a, 'GET', `${base}/${created.id}`)).enabled).toBe(true);
  });
});
