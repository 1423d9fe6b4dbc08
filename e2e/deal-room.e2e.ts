import { formatPhone } from '@wholesail/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** An odd figure no other number of the page can be, so finding it would mean the contract price leaked. */
const CONTRACT_PRICE = 143_217;

describe('a deal room from the app to a buyer on a phone and back', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let refused: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    refused = cspViolations(page);
    await signInAsDemo(page, server.url);
  });
  afterAll(() => Promise.all([browser?.close(), server?.stop()]));

  it('create the room → a signed-out buyer opens it on a phone and offers → the team sees it live → accept → Assigned', async () => {
    // A seeded open deal, with a contract price that must never reach the room.
    const { dealId, seller } = await page.evaluate(async (contractPrice) => {
      const deals = (await (await fetch('/api/deals?stage=open&limit=500')).json()).items as { id: string; lead_id: string; stage: string }[];
      const deal = deals.find((d) => d.stage !== 'assigned')!;
      await fetch(`/api/deals/${deal.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contract_price: contractPrice }) });
      const lead = await (await fetch(`/api/leads/${deal.lead_id}`)).json();
      return { dealId: deal.id, seller: { name: lead.owner_1_name as string, phone: lead.contact_1_phone1 as string | null, email: lead.contact_1_email1 as string | null } };
    }, CONTRACT_PRICE);

    await page.goto(`${server.url}/deals/${dealId}?tab=room`);
    await page.getByRole('button', { name: 'Create deal room' }).click();
    const link = await page.getByLabel('Room link').innerText();
    expect(link).toMatch(/\/deal-rooms\/[\w-]{22,}$/);
    await page.getByLabel('Asking price').fill('189,000');
    await page.getByLabel('Contact name').fill('Demo Agent');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Deal room saved').waitFor();

    await page.getByRole('tab', { name: 'Buyer offers' }).click();
    await page.getByRole('list', { name: 'Buyer offers' }).or(page.getByText('No offers from buyers yet')).waitFor();

    // The buyer: no account, a phone-sized screen, a fresh browser context.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const buyer = await phone.newPage();
    await buyer.goto(server.url + new URL(link).pathname);
    await buyer.getByRole('heading', { level: 1 }).waitFor();
    await buyer.getByText('$189,000').first().waitFor();
    expect(await buyer.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Nothing of the seller or of the contract reaches the page.
    const html = await buyer.content();
    const text = await buyer.locator('body').innerText();
    const secrets = [seller.name, seller.phone, seller.phone && formatPhone(seller.phone), seller.email, '143,217', '143217'].filter((s): s is string => !!s);
    for (const secret of secrets) {
      expect(html).not.toContain(secret);
      expect(text).not.toContain(secret);
    }

    await buyer.getByLabel('Your name').fill('Jordan Reyes');
    await buyer.getByLabel('Email').fill('jordan.reyes@example.com');
    await buyer.getByLabel('Phone (optional)').fill('(512) 555-0199');
    await buyer.getByLabel('Offer amount').fill('190,000');
    await buyer.getByLabel('Earnest money').fill('5,000');
    await buyer.getByLabel('Close by').fill(inDays(21));
    await buyer.getByRole('button', { name: 'Send my offer' }).click();
    await buyer.getByText('Thank you, your offer was sent').waitFor();
    await phone.close();

    // Live in the app: a toast, and the offer ranked in the open tab without a reload.
    await page.getByText(/^New offer of \$190,000 on /).waitFor();
    const row = page.getByRole('listitem', { name: /^Rank \d+: Jordan Reyes, \$190,000$/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this offer?' });
    await dialog.getByRole('button', { name: 'Accept offer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Offer accepted: the deal is assigned to Jordan Reyes').waitFor();
    await expect
      .poll(() => page.evaluate(async (id) => (await (await fetch(`/api/deals/${id}`)).json()) as { stage: string; buyer_name: string | null }, dealId))
      .toMatchObject({ stage: 'assigned', buyer_name: expect.stringContaining('Jordan Reyes') });
    expect(refused).toEqual([]);
  });
});
