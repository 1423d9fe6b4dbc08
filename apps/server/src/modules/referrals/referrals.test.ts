import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { referralToken } from './link';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;

describe.each(DB_KINDS)('realtor push on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  let b: Org;
  let partnerId: string;
  const call = async (org: Org | null, method: Parameters<TestApp['request']>[0], url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie: org?.cookie, body });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (org: Org | null, method: Parameters<TestApp['request']>[0], url: string, body?: unknown, status = 200) => {
    const res = await call(org, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  const newLead = (org: Org, street: string) =>
    ok(org, 'POST', '/api/leads', {
      owner_1_name: `Owner of ${street}`, property_address_full: `${street}, Austin, TX 78701`, property_address_state: 'TX', property_address_city: 'Austin',
      contact_1_phone1: '512-555-0188', estimated_value: 400_000, total_bedrooms: 3, notes: 'Org secret: motivated by divorce',
    }, 201);
  const tokenOf = (link: string) => link.split('/referrals/')[1]!;
  const timeline = async (org: Org, leadId: string) => ((await ok(org, 'GET', `/api/leads/${leadId}/activity`)).items as { summary: string }[]).map((e) => e.summary);

  beforeAll(async () => {
    a = await t.createOrg('Push A');
    b = await t.createOrg('Push B');
    partnerId = (await ok(a, 'POST', '/api/referral-partners', { name: 'Jo Realtor', license_number: 'TX-1', license_state: 'TX', referral_fee_percent: 25, email: 'jo@realty.test' }, 201)).id;
  });

  it('pushes a lead: the partner is emailed a signed link, the fee expected is computed and the lead timeline says so', async () => {
    const lead = await newLead(a, '5 Birch Road');
    const sent = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id, note: 'Seller wants retail' }, 201);
    // 400,000 × 3 % × 25 %
    expect(sent.referral).toMatchObject({ status: 'sent', partner_name: 'Jo Realtor', lead_name: 'Owner of 5 Birch Road', commission_percent: 3, referral_fee_percent: 25, fee_expected: 3000 });
    expect(sent.link).toMatch(/^http:\/\/localhost:3000\/referrals\/[\w-]+\.[\w-]+$/);
    const mail = await t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', 'jo@realty.test').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Push A referred a seller to you: 5 Birch Road, Austin, TX 78701');
    expect(mail.text_body).toContain(sent.link);
    expect(mail.text_body).toContain('Referral fee: 25% of your commission');
    const days = (new Date(sent.referral.link_expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(await timeline(a, lead.id)).toContain('Referred to Jo Realtor (referral fee expected $3,000)');
    const listed = await ok(a, 'GET', `/api/referrals?partner_id=${partnerId}&status=sent`);
    expect(listed.items.map((r: { id: string }) => r.id)).toContain(sent.referral.id);
    expect((await ok(a, 'GET', '/api/referrals?status=closed')).items).toEqual([]);
  });

  it('shows the partner what they need and nothing private, and refuses tampered, expired and replaced links', async () => {
    const lead = await newLead(a, '9 Cedar Court');
    const { referral, link } = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id }, 201);
    const token = tokenOf(link);
    const page = await t.request('GET', `/api/public/referrals/${token}`, { origin: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.json()).toMatchObject({
      organization: 'Push A', agent: { email: a.email }, partner_name: 'Jo Realtor', seller: { name: 'Owner of 9 Cedar Court', phone: '+15125550188' },
      property: { address: '9 Cedar Court, Austin, TX 78701', bedrooms: 3 }, referral_fee_percent: 25, status: 'sent',
    });
    expect(page.body).not.toContain('Org secret');
    expect(page.body).not.toContain('400000');

    // A changed payload or signature is not a link.
    const [body, sig] = token.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes.writeUInt32BE(4_102_444_800, 32);
    const forged = bytes.toString('base64url');
    expect((await call(null, 'GET', `/api/public/referrals/${forged}.${sig}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/public/referrals/${body}.${sig!.slice(0, -2)}xx`)).status).toBe(404);
    expect((await call(null, 'GET', '/api/public/referrals/not-a-token')).status).toBe(404);

    // A resend issues a fresh link; the one before it no longer works.
    const fresh = await ok(a, 'POST', `/api/referrals/${referral.id}/resend`);
    expect((await call(null, 'GET', `/api/public/referrals/${tokenOf(fresh.link)}`)).status).toBe(200);
    const replaced = await call(null, 'GET', `/api/public/referrals/${token}`);
    expect(replaced.status).toBe(410);
    expect(replaced.body.error.code).toBe('LINK_REPLACED');
    expect(await timeline(a, lead.id)).toContain('Sent Jo Realtor a new referral link');

    // Expired: a link signed with a past expiry (as the row says) answers 410 with a clear message.
    const past = Math.floor(Date.now() / 1000) - 60;
    await withSystem(t.database.db, (tx) => tx.updateTable('referrals').set({ link_expires_at: new Date(past * 1000) }).where('id', '=', referral.id).execute());
    const expired = await call(null, 'GET', `/api/public/referrals/${referralToken(t.config.AUTH_SECRET!, { org: a.organizationId, ref: referral.id, exp: past })}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe('This referral link has expired. Ask the person who referred you for a new one.');
  });

  it('takes the partner through accept, listed, under contract and closed, refusing steps out of order with 409', async () => {
    const lead = await newLead(a, '21 Aspen Way');
    const { referral, link } = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id, commission_percent: 2.5 }, 201);
    const url = `/api/public/referrals/${tokenOf(link)}`;
    const early = await call(null, 'POST', `${url}/status`, { status: 'listed' });
    expect(early).toMatchObject({ status: 409, body: { error: { message: 'Accept the referral before updating its status.' } } });
    expect((await ok(null, 'POST', `${url}/respond`, { decision: 'accept', note: 'Calling her today' })).status).toBe('accepted');
    expect((await call(null, 'POST', `${url}/respond`, { decision: 'decline' })).body.error.message).toBe('You already answered this referral (accepted).');
    await ok(null, 'POST', `${url}/status`, { status: 'listed' });
    expect((await call(null, 'POST', `${url}/status`, { status: 'listed' })).status).toBe(409);
    await ok(null, 'POST', `${url}/status`, { status: 'under_contract' });
    const noPrice = await call(null, 'POST', `${url}/status`, { status: 'closed' });
    expect(noPrice).toMatchObject({ status: 400, body: { error: { message: 'sale_price: enter the sale price to report the sale closed' } } });
    const closed = await ok(null, 'POST', `${url}/status`, { status: 'closed', sale_price: 480_000 });
    expect(closed).toMatchObject({ status: 'closed', sale_price: 480_000 });
    // The fee follows the sale: 480,000 × 2.5 % × 25 %.
    const after = (await ok(a, 'GET', `/api/referrals?lead_id=${lead.id}`)).items[0];
    expect(after).toMatchObject({ status: 'closed', sale_price: 480_000, fee_expected: 3000, partner_note: null });
    expect((await call(null, 'POST', `${url}/status`, { status: 'closed', sale_price: 1 })).body.error.message).toBe('This referral is already closed.');
    expect((await call(a, 'PATCH', `/api/referrals/${referral.id}`, { status: 'cancelled' })).status).toBe(409);

    const received = await ok(a, 'PATCH', `/api/referrals/${referral.id}`, { fee_received: 2900 });
    expect(received).toMatchObject({ fee_received: 2900, fee_received_on: new Date().toISOString().slice(0, 10) });
    expect(await timeline(a, lead.id)).toEqual(expect.arrayContaining([
      'Referred to Jo Realtor (referral fee expected $2,500)',
      'Jo Realtor accepted the referral: “Calling her today”',
      'Jo Realtor listed the property',
      'Jo Realtor reported the property under contract',
      'Jo Realtor closed the sale at $480,000',
      'Referral fee of $2,900 received from Jo Realtor',
    ]));
  });

  it('lets the partner decline, and the team cancel, after which the link says so', async () => {
    const lead = await newLead(a, '3 Elm Row');
    const declined = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id }, 201);
    await ok(null, 'POST', `/api/public/referrals/${tokenOf(declined.link)}/respond`, { decision: 'decline', note: 'Not my area' });
    expect((await call(null, 'POST', `/api/public/referrals/${tokenOf(declined.link)}/status`, { status: 'listed' })).status).toBe(409);
    const cancelled = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id }, 201);
    expect((await ok(a, 'PATCH', `/api/referrals/${cancelled.referral.id}`, { status: 'cancelled' })).status).toBe('cancelled');
    const gone = await call(null, 'GET', `/api/public/referrals/${tokenOf(cancelled.link)}`);
    expect(gone).toMatchObject({ status: 410, body: { error: { code: 'REFERRAL_CANCELLED' } } });
    expect(await timeline(a, lead.id)).toEqual(expect.arrayContaining(['Jo Realtor declined the referral: “Not my area”', 'Cancelled the referral to Jo Realtor']));
    // A partner with referrals is kept.
    expect((await call(a, 'DELETE', `/api/referral-partners/${partnerId}`)).status).toBe(409);
  });

  it('counts referral fees in revenue as their own lines: expected while open, received in the period', async () => {
    const before = (await ok(a, 'GET', '/api/deals/revenue')).referralFees;
    const lead = await newLead(a, '8 Pine Street');
    const { referral } = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id }, 201);
    const open = (await ok(a, 'GET', '/api/deals/revenue')).referralFees;
    expect(open).toEqual({ ...before, expected: before.expected + 3000, expectedReferrals: before.expectedReferrals + 1 });
    await ok(a, 'PATCH', `/api/referrals/${referral.id}`, { fee_received: 1234.5, fee_received_on: new Date().toISOString().slice(0, 10) });
    const after = (await ok(a, 'GET', '/api/deals/revenue')).referralFees;
    expect(after.received).toBe(before.received + 1234.5);
    expect(after.receivedReferrals).toBe(before.receivedReferrals + 1);
    // Received long ago: outside a one-month window.
    await ok(a, 'PATCH', `/api/referrals/${referral.id}`, { fee_received_on: '2020-01-15' });
    expect((await ok(a, 'GET', '/api/deals/revenue?months=1')).referralFees.received).toBe(before.received);
    expect((await ok(b, 'GET', '/api/deals/revenue')).referralFees).toEqual({ expected: 0, expectedReferrals: 0, received: 0, receivedReferrals: 0 });
  });

  it("refuses another organization's partners, leads and referrals with 404", async () => {
    const lead = await newLead(a, '1 Oak Lane');
    const { referral } = await ok(a, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id }, 201);
    const bPartner = (await ok(b, 'POST', '/api/referral-partners', { name: 'B Agent', license_number: 'FL-2', license_state: 'FL', email: 'b@agent.test' }, 201)).id;
    expect((await call(b, 'POST', '/api/referrals', { partner_id: bPartner, lead_id: lead.id })).status).toBe(404);
    expect((await call(b, 'POST', '/api/referrals', { partner_id: partnerId, lead_id: lead.id })).status).toBe(404);
    expect((await call(a, 'POST', '/api/referrals', { partner_id: bPartner, lead_id: lead.id })).status).toBe(404);
    expect((await call(b, 'PATCH', `/api/referrals/${referral.id}`, { status: 'cancelled' })).status).toBe(404);
    expect((await call(b, 'POST', `/api/referrals/${referral.id}/resend`)).status).toBe(404);
    expect((await ok(b, 'GET', '/api/referrals')).items).toEqual([]);
    expect((await ok(a, 'GET', `/api/referrals?lead_id=${lead.id}`)).items[0].status).toBe('sent');
  });
});
