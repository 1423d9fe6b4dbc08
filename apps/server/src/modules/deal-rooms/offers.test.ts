import { ROOM_OFFERS_PER_CLIENT_PER_HOUR } from '@wholesail/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { deliveredTo } from '../../../test/outbox';
import { poll } from '../../../test/poll';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Method = Parameters<TestApp['request']>[0];

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const offer = (o: Record<string, unknown> = {}) => ({ name: 'Bea Bidder', email: 'bea@example.com', amount: 120_000, earnest_money: 2_000, close_by: inDays(14), financing: 'cash', ...o });

describe.each(DB_KINDS)('buyer offers on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  let client = 0;
  const call = async (org: Org | null, method: Method, url: string, body?: unknown, remoteAddress?: string) => {
    const res = await t.request(method, url, { cookie: org?.cookie, body, remoteAddress });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (org: Org, method: Method, url: string, body?: unknown, status = 200) => {
    const res = await call(org, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  /** An offer from the room, from a client address of its own (the per-client limit is tested on its own). */
  const bid = (slug: string, body: unknown) => call(null, 'POST', `/api/public/deal-rooms/${slug}/offers`, body, `10.1.0.${(client += 1)}`);
  const dealWithRoom = async (street: string, contract_price: number | null = 100_000) => {
    const lead = await ok(a, 'POST', '/api/leads', { property_address_full: `${street}, Austin, TX 78701` }, 201);
    const deal = await ok(a, 'POST', '/api/deals', { lead_id: lead.id, contract_price }, 201);
    if (contract_price !== null) await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract' });
    return { deal, room: await ok(a, 'POST', `/api/deals/${deal.id}/room`, {}, 201) };
  };

  beforeAll(async () => {
    a = await t.createOrg('Offers A');
    b = await t.createOrg('Offers B');
  });

  it('validates a buyer’s offer with clear messages and thanks them by the organization’s name', async () => {
    const { deal, room } = await dealWithRoom('1 Cobalt Way');
    const message = async (body: unknown) => (await bid(room.slug, body)).body.error.message;
    expect(await message(offer({ email: 'not-an-email' }))).toBe('email: must be a valid email address');
    expect(await message(offer({ amount: 0 }))).toBe('amount: enter your offer');
    expect(await message(offer({ close_by: 'soon' }))).toBe('close_by: must be a date (YYYY-MM-DD)');
    expect(await message(offer({ close_by: inDays(-3) }))).toBe('close_by: must be today or later');
    expect(await message(offer({ financing: 'bitcoin' }))).toBe('financing: choose cash, hard money, private money, conventional loan or other');
    expect(await message(offer({ phone: '12' }))).toBe('phone: enter a 10-digit phone number, with the area code');
    const sent = await bid(room.slug, offer());
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Thank you — your offer was sent to Offers A. They will be in touch with you soon.');
    const { items } = await ok(a, 'GET', `/api/deals/${deal.id}/offers`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ source: 'deal_room', amount: 120_000, status: 'received', rank: 1, net_fee: 20_000, buyer: { contact_name: 'Bea Bidder', source: 'deal_room' } });
    const timeline = await ok(a, 'GET', `/api/deals/${deal.id}/timeline`);
    expect(timeline.items[0]).toMatchObject({ kind: 'buyer_offer', summary: 'Offer of $120,000 from Bea Bidder', user_id: null });
    expect((await call(b, 'GET', `/api/deals/${deal.id}/offers`)).status).toBe(404);
    // The team's bell: a notification to every member, linking to the deal.
    await deliveredTo(t.database.db, 'notifications.buyer_offer', 'buyer_offer.received', { offerId: sent.body.id });
    const bell = await ok(a, 'GET', '/api/notifications');
    expect(bell.items[0]).toMatchObject({ kind: 'buyer_offer.received', title: 'New offer of $120,000 from Bea Bidder', body: '1 Cobalt Way, Austin, TX 78701', link: `/deals/${deal.id}` });
  });

  it(`limits offers to ${ROOM_OFFERS_PER_CLIENT_PER_HOUR} per client an hour`, async () => {
    const { room } = await dealWithRoom('2 Cobalt Way');
    for (let i = 0; i < ROOM_OFFERS_PER_CLIENT_PER_HOUR; i += 1) {
      expect((await call(null, 'POST', `/api/public/deal-rooms/${room.slug}/offers`, offer({ email: `limit${i}@example.com` }), '10.9.9.9')).status).toBe(201);
    }
    expect((await call(null, 'POST', `/api/public/deal-rooms/${room.slug}/offers`, offer(), '10.9.9.9')).status).toBe(429);
    expect((await call(null, 'POST', `/api/public/deal-rooms/${room.slug}/offers`, offer(), '10.9.9.10')).status).toBe(201);
  });

  it('matches the bidder to a buyer by email or phone, else adds a deal_room buyer; the team hears of it live', async () => {
    const { deal, room } = await dealWithRoom('3 Cobalt Way');
    const known = await ok(a, 'POST', '/api/buyers', { contact_name: 'Known Buyer', primary_email: 'Known@Example.com' }, 201);
    const phoned = await ok(a, 'POST', '/api/buyers', { contact_name: 'Phone Buyer', primary_phone: '(512) 555-0142' }, 201);
    const elsewhere = await ok(b, 'POST', '/api/buyers', { contact_name: 'B Buyer', primary_email: 'newcomer@example.com' }, 201);
    const changes: Array<{ table: string; record: Record<string, unknown> }> = [];
    const stop = t.app.services.realtime.subscribe(a.organizationId, (event) => changes.push(event));
    try {
      expect((await bid(room.slug, offer({ name: 'Someone', email: 'known@example.com' }))).status).toBe(201);
      expect((await bid(room.slug, offer({ name: 'Someone Else', email: 'other@example.com', phone: '+1 512-555-0142' }))).status).toBe(201);
      expect((await bid(room.slug, offer({ name: 'New Comer', email: 'newcomer@example.com', phone: '5125550199' }))).status).toBe(201);
      await poll('the offers on the change feed', async () => changes.filter((c) => c.table === 'buyer_offers').length >= 3 || null);
    } finally {
      stop();
    }
    const { items } = await ok(a, 'GET', `/api/deals/${deal.id}/offers`);
    const buyers = items.map((o: { buyer: { id: string } }) => o.buyer.id);
    expect(buyers).toContain(known.id);
    expect(buyers).toContain(phoned.id);
    const created = items.find((o: { buyer: { contact_name: string } }) => o.buyer.contact_name === 'New Comer').buyer;
    expect(created).toMatchObject({ source: 'deal_room', primary_email: 'newcomer@example.com', primary_phone: '+15125550199' });
    expect(created.id).not.toBe(elsewhere.id);
    expect(changes.filter((c) => c.table === 'buyer_offers').every((c) => c.record.deal_id === deal.id)).toBe(true);
  });

  it('accepts an offer: the deal is assigned with its buyer and fee, a backup is kept, the others are declined and thanked', async () => {
    const { deal, room } = await dealWithRoom('4 Cobalt Way');
    const best = (await bid(room.slug, offer({ name: 'Top Bidder', email: 'top@example.com', amount: 125_000, proof_of_funds: 'Bank letter' }))).body.id;
    const backup = (await bid(room.slug, offer({ name: 'Second Bidder', email: 'second@example.com', amount: 118_000 }))).body.id;
    const other = (await bid(room.slug, offer({ name: 'Third Bidder', email: 'third@example.com', amount: 110_000, financing: 'conventional' }))).body.id;
    const known = await ok(a, 'POST', '/api/buyers', { contact_name: 'Phoned In' }, 201);
    const byPhone = await ok(a, 'POST', `/api/deals/${deal.id}/offers`, { buyer_id: known.id, amount: 105_000, earnest_money: 500, close_by: inDays(60), financing: 'other' }, 201);
    expect(byPhone).toMatchObject({ source: 'agent', buyer: { id: known.id }, rank: 4 });
    expect((await call(a, 'POST', `/api/deals/${deal.id}/offers`, { ...offer(), buyer_id: known.id })).body.error.code).toBe('VALIDATION_ERROR');

    const accepted = await ok(a, 'POST', `/api/deals/${deal.id}/offers/${best}/accept`, { notify_others: true, backup_offer_id: backup });
    const status = Object.fromEntries(accepted.items.map((o: { id: string; status: string }) => [o.id, o.status]));
    expect(status).toEqual({ [best]: 'accepted', [backup]: 'backup', [other]: 'declined', [byPhone.id]: 'declined' });
    const assigned = await ok(a, 'GET', `/api/deals/${deal.id}`);
    expect(assigned).toMatchObject({ stage: 'assigned', buyer_price: 125_000, assignment_fee: 25_000, buyer_name: 'Top Bidder' });
    // The declined bidder with an email is thanked once; the backup and the buyer without an email are not written to.
    const mails = await t.database.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('to_address', 'in', ['top@example.com', 'second@example.com', 'third@example.com']).execute();
    expect(mails.map((m) => m.to_address)).toEqual(['third@example.com']);
    expect(mails[0]!.subject).toBe('Your offer on 4 Cobalt Way, Austin, TX 78701');
    expect(mails[0]!.text_body).toContain('Thank you for your offer on 4 Cobalt Way, Austin, TX 78701. The seller has accepted another offer');
    const declined = accepted.items.find((o: { id: string }) => o.id === other);
    expect(declined).toMatchObject({ rank: null, reason: 'Declined' });
    expect(declined.declined_notice_at).not.toBeNull();
    expect(accepted.items.find((o: { id: string }) => o.id === byPhone.id).declined_notice_at).toBeNull();
    expect((await call(a, 'POST', `/api/deals/${deal.id}/offers/${other}/accept`, {})).body.error.code).toBe('OFFER_CLOSED');
    expect((await call(b, 'POST', `/api/deals/${deal.id}/offers/${backup}/accept`, {})).status).toBe(404);
  });

  it('keeps the stage rules: an offer on a deal without a contract price cannot be accepted', async () => {
    const { deal, room } = await dealWithRoom('5 Cobalt Way', null);
    const id = (await bid(room.slug, offer())).body.id;
    expect((await ok(a, 'GET', `/api/deals/${deal.id}/offers`))).toMatchObject({ contract_price: null, items: [{ net_fee: null, rank: 1 }] });
    const refused = await call(a, 'POST', `/api/deals/${deal.id}/offers/${id}/accept`, {});
    expect([refused.status, refused.body.error.code]).toEqual([400, 'STAGE_NEEDS_DATA']);
    expect((await ok(a, 'GET', `/api/deals/${deal.id}/offers`)).items[0].status).toBe('received');
    expect((await ok(a, 'PATCH', `/api/deals/${deal.id}/offers/${id}`, { status: 'backup' })).status).toBe('backup');
    expect((await call(a, 'PATCH', `/api/deals/${deal.id}/offers/${id}`, { status: 'accepted' })).body.error.message).toBe('status: must be received, backup or declined');
  });
});
