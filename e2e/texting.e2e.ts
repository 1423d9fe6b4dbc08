import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('texting a seller from Communications on the demo line', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DEMO_SMS_DELIVERY_MS: '300', DEMO_SMS_REPLY_MS: '800' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openThread = async (leadId: string) => {
    await page.goto(`${server.url}/communications?tab=conversations&lead=${leadId}`);
    const message = page.getByLabel('Message', { exact: true });
    await expect.poll(() => message.isEnabled(), { timeout: 10_000 }).toBe(true);
    return message;
  };

  it('sends a text, sees it delivered and the seller answer live', async () => {
    const leadId = await createLead(page, { owner_1_name: 'Rosa Diaz', property_address_full: '7 Pine St, Austin, TX 78701', contact_1_phone1: '5125550191', motivation_score: 6 });
    const message = await openThread(leadId);
    await message.fill('Hi Rosa, would you consider a cash offer for 7 Pine St?');
    await message.press('Enter');
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.locator('li[data-direction="outbound"][data-status="delivered"]').waitFor({ timeout: 10_000 });
    await messages.locator('li[data-direction="inbound"]').first().waitFor({ timeout: 10_000 });
    expect(await page.getByText('Rosa Diaz').first().isVisible()).toBe(true);
  });

  it('a seller who replies STOP is marked DNC at once: badge shown, composer disabled, calls refused', async () => {
    const leadId = await createLead(page, { owner_1_name: 'Stan Stop', property_address_full: '9 Cedar St, Austin, TX 78701', contact_1_phone1: '5125550192', motivation_score: 1 });
    const message = await openThread(leadId);
    await message.fill('Hi Stan, are you still thinking about selling?');
    await message.press('Enter');
    const thread = page.locator('section[aria-label="Conversation with Stan Stop"]');
    await thread.locator('li[data-direction="inbound"]').filter({ hasText: 'STOP' }).waitFor({ timeout: 10_000 });
    await thread.getByText('DNC', { exact: true }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByLabel('Message', { exact: true }).isDisabled(), { timeout: 10_000 }).toBe(true);
    const check = await page.evaluate(async (id) => (await fetch(`/api/calls/check?leadId=${id}`)).json(), leadId);
    expect(check).toMatchObject({ allowed: false, code: 'DNC_LISTED', reason: expect.stringMatching(/^1 \(512\) 555-0192 is on the Do Not Call list \(opted out by text, /) });
  });
});
