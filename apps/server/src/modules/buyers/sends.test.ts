import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAYTIME } from '../../../test/calling';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
type Outcome = { buyer_id: string; channel: string; status: string; reason: string | null; link: string | null };

describe.each(DB_KINDS)('send to matched buyers on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_SMS_DELIVERY_MS: '60', DEMO_SMS_REPLY_MS: '100000' });
  let a: Org;
  let b: Org;
  let deal: { id: string };
  const FROM = '+15125550611';
  const ok = async (org: Org, method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await t.request(method, url, { cookie: org.cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.body ? res.json() : null;
  };
  const buyer = (org: Org, contact_name: string, extra: Record<string, unknown>) => ok(org, 'POST', '/api/buyers', { contact_name, buy_box: { states: ['TX'] }, ...extra }, 201);
  const send = async (org: Org, body: Record<string, unknown>, dealId = deal.id): Promise<Outcome[]> => (await ok(org, 'POST', `/api/deals/${dealId}/send`, body)).items;
  const mailTo = (to: string) => t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('created_at').execute();

  beforeAll(async () => {
    a = await t.createOrg('Sends A');
    b = await t.createOrg('Sends B');
    await ok(a, 'POST', '/api/phone-numbers', { phone_number: FROM, is_primary: true }, 201);
    t.app.services.conversations.clock = () => DAYTIME;
    const lead = await ok(a, 'POST', '/api/leads', {
      owner_1_name: 'Secret Seller', property_address_full: '9 Send Street, Austin, TX 78701', property_address_city: 'Austin', property_address_state: 'TX', property_address_zip: '78701',
    }, 201);
    deal = await ok(a, 'POST', '/api/deals', { lead_id: lead.id, arv: 300_000, repair_estimate: 45_000, target_fee: 10_000 }, 201);
    await ok(a, 'POST', `/api/deals/${deal.id}/stage`, { stage: 'under_contract', fields: { contract_price: 180_000 } });
  });

  it('emails the deal with the buyer\'s own room link and an unsubscribe link; the link unsubscribes, later emails are refused, a tampered token is 404', async () => {
    const riley = await buyer(a, 'Riley Email', { primary_email: 'riley@buyers.test' });
    const [outcome] = await send(a, { buyer_ids: [riley.id], channels: ['email'], message: 'Cash only, close in 14 days.' });
    expect(outcome).toMatchObject({ buyer_id: riley.id, channel: 'email', status: 'sent', reason: null });
    const room = await ok(a, 'GET', `/api/deals/${deal.id}/room`);
    const invite = await t.database.db.selectFrom('deal_room_invites').select('token').where('buyer_id', '=', riley.id).executeTakeFirstOrThrow();
    expect(outcome!.link).toBe(`${t.config.publicUrl}/deal-rooms/${room.slug}?invite=${invite.token}`);

    const [mail] = await mailTo('riley@buyers.test');
    expect(mail!.subject).toBe('New deal: 9 Send Street, Austin, TX 78701 — $190,000');
    expect(mail!.text_body).toContain(outcome!.link!);
    expect(mail!.text_body).toContain('Cash only, close in 14 days.');
    expect(mail!.text_body).not.toContain('Secret Seller');
    const unsubscribe = /(http\S+\/api\/public\/buyers\/unsubscribe\/(\S+))/.exec(mail!.text_body)!;
    expect(unsubscribe).not.toBeNull();

    const token = unsubscribe[2]!;
    const tampered = await t.app.inject({ method: 'GET', url: `/api/public/buyers/unsubscribe/${token.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(404);
    // Another buyer's ids with Riley's signature.
    const [ids, signature] = token.split('.');
    const otherIds = Buffer.from(ids!, 'base64url');
    crypto.randomFillSync(otherIds, 16);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/buyers/unsubscribe/${otherIds.toString('base64url')}.${signature}` })).statusCode).toBe(404);

    const page = await t.app.inject({ method: 'GET', url: `/api/public/buyers/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('You will no longer receive deal emails from Sends A.');

    const [again] = await send(a, { buyer_ids: [riley.id], channels: ['email'], resend: true });
    expect(again).toMatchObject({ status: 'refused', reason: expect.stringMatching(/^This buyer unsubscribed from deal emails on /) });
    expect(await mailTo('riley@buyers.test')).toHaveLength(1);
  });

  it('never sends the same deal twice on a channel without resend, and records every send', async () => {
    const sam = await buyer(a, 'Sam Twice', { primary_email: 'sam@buyers.test' });
    expect((await send(a, { buyer_ids: [sam.id], channels: ['email'] }))[0]!.status).toBe('sent');
    const [skipped] = await send(a, { buyer_ids: [sam.id], channels: ['email'] });
    expect(skipped).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/^Already sent on [A-Z][a-z]{2} \d{1,2}, \d{4}$/) });
    expect(await mailTo('sam@buyers.test')).toHaveLength(1);
    expect((await send(a, { buyer_ids: [sam.id], channels: ['email'], resend: true }))[0]!.status).toBe('sent');
    expect(await mailTo('sam@buyers.test')).toHaveLength(2);

    const sends = (await ok(a, 'GET', `/api/deals/${deal.id}/sends`)).items.filter((s: { buyer_id: string }) => s.buyer_id === sam.id);
    expect(sends).toHaveLength(2);
    expect(sends[0]).toMatchObject({ buyer_name: 'Sam Twice', channel: 'email', status: 'sent', sent_by_name: expect.any(String) });
    const events = (await ok(a, 'GET', `/api/deals/${deal.id}/timeline`)).items.map((e: { kind: string; summary: string }) => [e.kind, e.summary]);
    expect(events).toContainEqual(['room', 'Sent to matched buyers: 1 by email']);
    // A send that only skipped changes nothing and is not on the timeline.
    expect(events).not.toContainEqual(['room', 'Sent to matched buyers: nothing sent; 1 skipped (already sent)']);
  });

  it('texts through the compliance gate: a listed number is refused with the gate\'s reason, and a STOP from a buyer\'s number refuses later texts', async () => {
    const pat = await buyer(a, 'Pat Text', { primary_phone: '(512) 555-0181' });
    const dnc = await buyer(a, 'Dee Listed', { primary_phone: '512-555-0182' });
    await ok(a, 'POST', '/api/dnc', { phone: '+15125550182', reason: 'Asked on a call' }, 201);
    const outcomes = await send(a, { buyer_ids: [pat.id, dnc.id], channels: ['sms'], message: 'Quick close wanted.' });
    expect(outcomes.find((o) => o.buyer_id === pat.id)).toMatchObject({ status: 'sent', reason: null });
    expect(outcomes.find((o) => o.buyer_id === dnc.id)).toMatchObject({ status: 'refused', reason: expect.stringMatching(/^1 \(512\) 555-0182 is on the Do Not Call list/) });

    // Pat replies STOP through the inbound path Twilio's webhook uses: the number goes on the list, later texts are refused.
    const stop = await t.app.services.conversations.receiveInbound({ messageSid: `SM${crypto.randomBytes(16).toString('hex')}`, from: '+15125550181', to: FROM, body: 'STOP' });
    expect(stop).toMatchObject({ result: 'stored', optRequest: 'opt_out' });
    const [after] = await send(a, { buyer_ids: [pat.id], channels: ['sms'], resend: true });
    expect(after).toMatchObject({ status: 'refused', reason: expect.stringMatching(/^1 \(512\) 555-0181 is on the Do Not Call list \(opted out by text/) });
  });

  it('ends a text with the opt-out line and refuses a buyer without the address a channel needs', async () => {
    const noContact = await buyer(a, 'No Contact', {});
    const outcomes = await send(a, { buyer_ids: [noContact.id], channels: ['email', 'sms'] });
    expect(outcomes.map((o) => [o.channel, o.status, o.reason])).toEqual([
      ['email', 'refused', 'This buyer has no email address'],
      ['sms', 'refused', 'This buyer has no phone number'],
    ]);
    const { dealText } = await import('./sends');
    expect(dealText({ headline: '1 Main St', asking_price: 150_000 } as never, { link: 'https://x.test/r', message: null, organizationName: 'Acme' })).toBe(
      'Acme: 1 Main St, asking $150,000. https://x.test/r Reply STOP to opt out.',
    );
  });

  it("keeps organizations apart: another organization's deal and buyers are not found", async () => {
    const mine = await buyer(a, 'Mine Only', { primary_email: 'mine@buyers.test' });
    const other = await t.request('POST', `/api/deals/${deal.id}/send`, { cookie: b.cookie, body: { buyer_ids: [mine.id], channels: ['email'] } });
    expect(other.statusCode).toBe(404);
    expect((await t.request('GET', `/api/deals/${deal.id}/sends`, { cookie: b.cookie })).statusCode).toBe(404);
    const theirs = await buyer(b, 'Theirs', { primary_email: 'theirs@buyers.test' });
    const foreign = await t.request('POST', `/api/deals/${deal.id}/send`, { cookie: a.cookie, body: { buyer_ids: [theirs.id], channels: ['email'] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('buyer_ids: one or more buyers are not in this organization');
    const bad = await t.request('POST', `/api/deals/${deal.id}/send`, { cookie: a.cookie, body: { buyer_ids: [mine.id], channels: ['fax'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/channels/);
  });
});
