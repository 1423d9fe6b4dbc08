import { ROOM_PHOTOS_MAX } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ORIGIN, useTestApp, type TestApp } from '../../../test/harness';
import { TINY_PNG } from '../../../test/proof/seed';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('deal room photos on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  const json = async (org: Org, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, status = 200) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const upload = (org: Org, dealId: string, payload: Buffer | string, contentType = 'image/png', query = '') =>
    t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/room/photos${query}`, headers: { origin: ORIGIN, cookie: org.cookie, 'content-type': contentType }, payload });
  const roomOf = async (org: Org, street: string, settings: Record<string, unknown> = {}) => {
    const lead = await json(org, 'POST', '/api/leads', { property_address_full: `${street}, Austin, TX` }, 201);
    const deal = await json(org, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    return { deal, room: await json(org, 'POST', `/api/deals/${deal.id}/room`, settings, 201) };
  };

  beforeAll(async () => {
    a = await t.createOrg('Photos A');
    b = await t.createOrg('Photos B');
  });

  it('stores a real PNG, serves it to the team and, while the room opens, to visitors; deletes it with its file', async () => {
    const { deal, room } = await roomOf(a, '2 Pearl Path', { access: 'password', password: 'photo pass' });
    const res = await upload(a, deal.id, TINY_PNG, 'image/png', '?caption=Front%20yard');
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ caption: 'Front yard', content_type: 'image/png', bytes: TINY_PNG.length, url: `/api/deals/${deal.id}/room/photos/${photo.id}` });
    const stored = await t.database.db.selectFrom('deal_room_photos').select('storage_key').where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(stored.storage_key).toBe(`deal-rooms/${a.organizationId}/${room.id}/${photo.id}.png`);
    expect((await json(a, 'GET', `/api/deals/${deal.id}/room`)).photos).toEqual([photo]);

    const team = await t.request('GET', photo.url, { cookie: a.cookie });
    expect([team.statusCode, team.headers['content-type'], team.rawPayload.equals(TINY_PNG)]).toEqual([200, 'image/png', true]);
    expect((await t.request('GET', photo.url, { cookie: b.cookie })).statusCode).toBe(404);

    // Publicly: only with the room's password, and the page's link carries it.
    const publicUrl = `/api/public/deal-rooms/${room.slug}/photos/${photo.id}`;
    expect((await t.app.inject({ method: 'GET', url: publicUrl })).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/deal-rooms/${room.slug}`, headers: { 'x-room-password': 'photo pass' } });
    expect(page.json().photos[0].url).toBe(`${publicUrl}?password=photo%20pass`);
    const served = await t.app.inject({ method: 'GET', url: page.json().photos[0].url });
    expect([served.statusCode, served.headers['cache-control'], served.rawPayload.equals(TINY_PNG)]).toEqual([200, 'private, max-age=300', true]);
    await json(a, 'PATCH', `/api/deals/${deal.id}/room`, { status: 'closed' });
    expect((await t.app.inject({ method: 'GET', url: page.json().photos[0].url })).statusCode).toBe(410);

    expect((await json(a, 'PATCH', `/api/deals/${deal.id}/room/photos/${photo.id}`, { caption: 'Back yard' })).photos[0].caption).toBe('Back yard');
    expect((await t.request('DELETE', `/api/deals/${deal.id}/room/photos/${photo.id}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await json(a, 'DELETE', `/api/deals/${deal.id}/room/photos/${photo.id}`)).photos).toEqual([]);
    await expect(t.app.services.storage.get(stored.storage_key)).rejects.toThrow(/does not exist/);
  });

  it('refuses other types, files that are not what they claim, empty and too large files, and a full room', async () => {
    const { deal } = await roomOf(a, '4 Pearl Path');
    const refusal = async (res: Awaited<ReturnType<typeof upload>>) => [res.statusCode, res.json().error.code, res.json().error.message];
    expect(await refusal(await upload(a, deal.id, 'GIF89a-----', 'image/gif'))).toEqual([
      400, 'NOT_AN_IMAGE', "The upload is not an image (Content-Type image/gif); send it as image/jpeg, image/png or image/webp or in the multipart form field 'file'",
    ]);
    expect(await refusal(await upload(a, deal.id, '<script>alert(1)</script>', 'image/jpeg'))).toEqual([
      400, 'NOT_AN_IMAGE', 'The file is not a JPEG, PNG or WebP image: upload a photo in one of those formats',
    ]);
    expect((await refusal(await upload(a, deal.id, TINY_PNG, 'image/webp')))[1]).toBe('NOT_AN_IMAGE');
    expect((await refusal(await upload(a, deal.id, Buffer.alloc(0))))[1]).toBe('EMPTY_FILE');
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await refusal(await upload(a, deal.id, huge))).toEqual([413, 'FILE_TOO_LARGE', 'The file is larger than the 10 MB upload limit']);
    expect((await json(a, 'GET', `/api/deals/${deal.id}/room`)).photos).toEqual([]);
    // Without a room, and for another organization's deal.
    const lead = await json(a, 'POST', '/api/leads', { property_address_full: '6 Pearl Path' }, 201);
    const bare = await json(a, 'POST', '/api/deals', { lead_id: lead.id }, 201);
    expect((await upload(a, bare.id, TINY_PNG)).json().error.message).toBe('This deal has no room yet');
    expect((await upload(b, deal.id, TINY_PNG)).statusCode).toBe(404);

    const room = await t.database.db.selectFrom('deal_rooms').select('id').where('deal_id', '=', deal.id).executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('deal_room_photos')
      .values(Array.from({ length: ROOM_PHOTOS_MAX }, (_, i) => ({ organization_id: a.organizationId, room_id: room.id, storage_key: `deal-rooms/x/${i}.png`, content_type: 'image/png', bytes: 1, position: i })))
      .execute();
    expect(await refusal(await upload(a, deal.id, TINY_PNG))).toEqual([409, 'TOO_MANY_PHOTOS', `A room holds at most ${ROOM_PHOTOS_MAX} photos: delete one before adding another`]);
  });
});
