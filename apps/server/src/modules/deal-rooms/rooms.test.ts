import { ROOM_MESSAGES } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Method = Parameters<TestApp['request']>[0];

describe.each(DB_KINDS)('deal rooms on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const call = async (org: Org | null, method: Method, url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: org?.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
  };
  const ok = async (org: Org, method: Method, url: string, body?: unknown, status = 200) => {
    const res = await call(org, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  /** The public room as a signed-out visitor opens it, with optional headers. */
  const visit = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Buyer phone', ...headers } });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const newDeal = async (org: Org, street: string, fields: Record<string, unknown> = {}) => {
    const lead = await ok(org, 'POST', '/api/leads', { owner_1_name: `Owner of ${street}`, property_address_full: `${street}, Austin, TX 78701`, property_address: street }, 201);
    return ok(org, 'POST', '/api/deals', { lead_id: lead.id, ...fields }, 201);
  };

  beforeAll(async () => {
    a = await t.createOrg('Rooms A');
    b = await t.createOrg('Rooms B');
  });

  it('creates a room once with its defaults, never shows the password, and keeps other organizations out', async () => {
    const deal = await newDeal(a, '5 Garnet Row', { contract_price: 100_000, target_fee: 12_000 });
    expect((await call(a, 'GET', `/api/deals/${deal.id}/room`)).body.error.message).toBe('This deal has no room yet');
    const room = await ok(a, 'POST', `/api/deals/${deal.id}/room`, undefined, 201);
    expect(room).toMatchObject({
      deal_id: deal.id, access: 'link', has_password: false, status: 'open', state: 'open', headline: '5 Garnet Row, Austin, TX 78701',
      asking_price: 112_000, earnest_money_required: null, contact_email: a.email, photos: [], views: 0, offers: 0,
    });
    expect(room.slug).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(room.url).toBe(`${ORIGIN}/deal-rooms/${room.slug}`);
    const again = await call(a, 'POST', `/api/deals/${deal.id}/room`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ROOM_EXISTS');

    const locked = await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { access: 'password', password: 'open sesame' });
    expect(locked).toMatchObject({ access: 'password', has_password: true });
    expect(JSON.stringify(locked)).not.toMatch(/sesame|password_hash/);
    const stored = await t.database.db.selectFrom('deal_rooms').select('password_hash').where('id', '=', room.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    // Back to the link: the password is forgotten.
    expect(await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { access: 'link' })).toMatchObject({ access: 'link', has_password: false });
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}/room`, { access: 'password' })).body.error.message).toBe('password: set a password for a password-protected room');
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}/room`, { password: 'short' })).body.error.message).toBe('password: must be at least 6 characters');

    expect((await call(b, 'GET', `/api/deals/${deal.id}/room`)).status).toBe(404);
    expect((await call(b, 'PATCH', `/api/deals/${deal.id}/room`, { headline: 'x' })).status).toBe(404);
    expect((await call(b, 'POST', `/api/deals/${deal.id}/room`, {})).status).toBe(404);
    const timeline = await ok(a, 'GET', `/api/deals/${deal.id}/timeline`);
    expect(timeline.items.filter((e: { kind: string }) => e.kind === 'room').map((e: { summary: string }) => e.summary)).toEqual(['Deal room created']);
  });

  it('opens the room by its access rules: password, invited buyers, expired and closed', async () => {
    const deal = await newDeal(a, '9 Onyx Street');
    const room = await ok(a, 'POST', `/api/deals/${deal.id}/room`, { access: 'password', password: 'hunter2hunter2' }, 201);
    const url = `/api/public/deal-rooms/${room.slug}`;
    const needs = await visit(url);
    expect([needs.status, needs.body.error]).toEqual([401, { code: 'PASSWORD_REQUIRED', message: ROOM_MESSAGES.passwordRequired }]);
    const wrong = await visit(url, { 'x-room-password': 'not it' });
    expect([wrong.status, wrong.body.error]).toEqual([401, { code: 'WRONG_PASSWORD', message: ROOM_MESSAGES.wrongPassword }]);
    const opened = await visit(url, { 'x-room-password': 'hunter2hunter2' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ slug: room.slug, organization_name: 'Rooms A', buyer: null });
    expect(opened.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect((await visit(`/api/public/deal-rooms/${'x'.repeat(32)}`)).body.error.message).toBe(ROOM_MESSAGES.notFound);

    // Invited buyers only: the buyer's own link opens it (no password needed); a revoked link does not.
    const buyer = await ok(a, 'POST', '/api/buyers', { contact_name: 'Ivy Invitee', primary_email: 'ivy@example.com' }, 201);
    const [invite] = (await ok(a, 'POST', `/api/deals/${deal.id}/room/invites`, { buyer_ids: [buyer.id] }, 201)).items;
    expect(invite).toMatchObject({ buyer_id: buyer.id, buyer_name: 'Ivy Invitee', revoked_at: null });
    expect(invite.url).toMatch(new RegExp(`^${ORIGIN}/deal-rooms/${room.slug}\\?invite=[A-Za-z0-9_-]{32}$`));
    // Inviting again gives the same link.
    expect((await ok(a, 'POST', `/api/deals/${deal.id}/room/invites`, { buyer_ids: [buyer.id] }, 201)).items[0].url).toBe(invite.url);
    await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { access: 'invited' });
    const token = new URL(invite.url).searchParams.get('invite')!;
    const refused = await visit(url);
    expect([refused.status, refused.body.error]).toEqual([403, { code: 'INVITED_ONLY', message: ROOM_MESSAGES.invitedOnly }]);
    const invited = await visit(`${url}?invite=${token}`);
    expect(invited.status).toBe(200);
    expect(invited.body.buyer).toEqual({ name: 'Ivy Invitee', email: 'ivy@example.com', phone: null });
    await ok(a, 'DELETE', `/api/deals/${deal.id}/room/invites/${invite.id}`);
    expect((await visit(`${url}?invite=${token}`)).status).toBe(403);
    expect((await ok(a, 'GET', `/api/deals/${deal.id}/room/invites`)).items[0].revoked_at).not.toBeNull();

    // Expired, then closed (closed wins), then reopened.
    await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { access: 'link', expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await ok(a, 'GET', `/api/deals/${deal.id}/room`)).state).toBe('expired');
    const expired = await visit(url);
    expect([expired.status, expired.body.error.message]).toEqual([410, ROOM_MESSAGES.expired]);
    await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { status: 'closed' });
    const closed = await visit(url);
    expect([closed.status, closed.body.error.message]).toEqual([410, ROOM_MESSAGES.closed]);
    await ok(a, 'PATCH', `/api/deals/${deal.id}/room`, { status: 'open', expires_at: null });
    expect((await visit(url)).status).toBe(200);
    const summaries = (await ok(a, 'GET', `/api/deals/${deal.id}/timeline`)).items.map((e: { summary: string }) => e.summary);
    expect(summaries).toEqual(expect.arrayContaining(['Deal room created', 'Deal room closed', 'Deal room reopened']));
  });

  it('limits wrong passwords per client and room, refusing even the right one until the hour is over', async () => {
    const deal = await newDeal(a, '3 Jasper Close');
    const room = await ok(a, 'POST', `/api/deals/${deal.id}/room`, { access: 'password', password: 'right password' }, 201);
    const url = `/api/public/deal-rooms/${room.slug}`;
    for (let i = 0; i < 10; i += 1) expect((await visit(url, { 'x-room-password': `wrong ${i}` })).status).toBe(401);
    const limited = await visit(url, { 'x-room-password': 'right password' });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('logs each visit with its buyer, its length from heartbeats and the offer it made', async () => {
    const deal = await newDeal(a, '14 Beryl Lane');
    const room = await ok(a, 'POST', `/api/deals/${deal.id}/room`, {}, 201);
    const buyer = await ok(a, 'POST', '/api/buyers', { contact_name: 'Vera Visitor', company_name: 'Vera Homes', primary_email: 'vera@example.com' }, 201);
    const [invite] = (await ok(a, 'POST', `/api/deals/${deal.id}/room/invites`, { buyer_ids: [buyer.id] }, 201)).items;
    const anonymous = await visit(`/api/public/deal-rooms/${room.slug}`);
    const invited = await visit(`/api/public/deal-rooms/${room.slug}?invite=${new URL(invite.url).searchParams.get('invite')}`);
    // The visit began a minute ago; a heartbeat now makes it a minute long.
    await t.database.db.updateTable('deal_room_views').set({ opened_at: new Date(Date.now() - 60_000) }).where('id', '=', invited.body.view_id).execute();
    expect((await call(null, 'POST', `/api/public/deal-rooms/${room.slug}/views/${invited.body.view_id}/heartbeat`)).status).toBe(204);
    // A visit of another room is not this room's to extend.
    const other = await ok(a, 'POST', `/api/deals/${(await newDeal(a, '15 Beryl Lane')).id}/room`, {}, 201);
    expect((await call(null, 'POST', `/api/public/deal-rooms/${other.slug}/views/${invited.body.view_id}/heartbeat`)).status).toBe(404);
    const offer = await t.app.inject({
      method: 'POST', url: `/api/public/deal-rooms/${room.slug}/offers`, headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { name: 'Vera', email: 'vera@example.com', amount: 150_000, earnest_money: 2_000, close_by: '2030-01-01', financing: 'cash', view_id: invited.body.view_id, invite: new URL(invite.url).searchParams.get('invite') },
    });
    expect(offer.statusCode, offer.body).toBe(201);

    const views = await ok(a, 'GET', `/api/deals/${deal.id}/room/views`);
    expect(views).toMatchObject({ total: 2, unique_visitors: 2 });
    const byId = Object.fromEntries(views.items.map((v: { id: string }) => [v.id, v]));
    expect(byId[invited.body.view_id]).toMatchObject({ buyer_id: buyer.id, buyer_name: 'Vera Visitor (Vera Homes)', offer_id: offer.json().id });
    expect(byId[invited.body.view_id].seconds).toBeGreaterThanOrEqual(59);
    expect(byId[anonymous.body.view_id]).toMatchObject({ buyer_id: null, buyer_name: null, offer_id: null, seconds: 0 });
    const stored = await t.database.db.selectFrom('deal_room_views').select('client_hash').where('id', '=', anonymous.body.view_id).executeTakeFirstOrThrow();
    expect(stored.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await ok(a, 'GET', `/api/deals/${deal.id}/room`))).toMatchObject({ views: 2, offers: 1 });
    expect((await call(b, 'GET', `/api/deals/${deal.id}/room/views`)).status).toBe(404);
  });

  it('answers the room page with noindex and no-referrer headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/deal-rooms/some-slug' });
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await t.app.inject({ method: 'GET', url: '/leads' })).headers['x-robots-tag']).toBeUndefined();
  });
});
