import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** Offline support against the production build: the service worker, saved pages and data, the outbox. */
describe('offline support', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const OWNER = 'Olive Offline';
  let leadId: string;

  beforeAll(async () => {
    server = await startServer({ DEMO_RING_MS: '1000', DEMO_MS_PER_WORD: '60' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
    leadId = await createLead(page, { owner_1_name: OWNER, property_address_full: '3 Birch St, Austin, TX 78701', contact_1_phone1: '5125550193', motivation_score: 9 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const leadsUrl = () => `${server.url}/leads?search=${encodeURIComponent(OWNER)}`;
  const leadRow = () => page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: OWNER });
  const banner = () => page.getByText('Offline — showing saved data');
  /** A request the worker never answers from its cache: it fails only when the network is really off. */
  const networkReachable = () => page.evaluate(() => fetch('/api/health').then(() => true, () => false));

  it('installs /sw.js with scope / and it controls the page; /sw.js is served uncached', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { scope: registration?.scope, script: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('reloads a visited leads page offline with its rows and the offline banner; calling and texting say why they are off', async () => {
    const threadUrl = `${server.url}/communications?tab=conversations&lead=${leadId}`;
    await page.goto(threadUrl);
    const message = page.getByLabel('Message', { exact: true });
    await expect.poll(() => message.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.goto(leadsUrl());
    await leadRow().waitFor();
    expect(await banner().count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await banner().waitFor({ timeout: 10_000 });
      await leadRow().waitFor();
      expect(await leadRow().innerText()).toContain('3 Birch St');
      expect(await networkReachable()).toBe(false);

      await leadRow().getByRole('button', { name: 'Call', exact: true }).click();
      const dialer = page.getByRole('dialog');
      await dialer.getByText('You are offline: calling is unavailable until the connection returns').waitFor({ timeout: 10_000 });
      expect(await dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await dialer.waitFor({ state: 'detached' });

      await page.goto(threadUrl);
      await page.getByText('You are offline: texting is unavailable until the connection returns').waitFor({ timeout: 10_000 });
      expect(await message.isDisabled()).toBe(true);
      expect(await banner().isVisible()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });

  it('queues a post-call outcome completed offline, keeps it across a reload and sends it when back online', async () => {
    await page.goto(leadsUrl());
    await leadRow().getByRole('button', { name: 'Call', exact: true }).click();
    const dialer = page.getByRole('dialog');
    const callButton = dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ });
    await expect.poll(() => callButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await callButton.click();
    await dialer.getByText(/^Live • 0:0\d$/).waitFor({ timeout: 10_000 });
    await dialer.getByPlaceholder('Take notes during the call...').fill('Seller open to a cash offer');
    await dialer.getByRole('button', { name: 'End Call' }).click();
    const postCall = page.getByRole('dialog').filter({ hasText: 'Call Outcome' });
    await postCall.getByLabel('Call Outcome').waitFor();

    await context.setOffline(true);
    await postCall.getByLabel('Call Outcome').selectOption('interested');
    await postCall.getByLabel('Additional Notes').fill('Saved while offline');
    await postCall.getByRole('button', { name: 'Complete Call' }).click();
    await page.getByText('Saved offline — will sync when you are back online').waitFor();

    // Nothing queued is lost across a reload.
    await page.reload();
    await banner().waitFor({ timeout: 10_000 });
    await page.getByText('1 update will sync when you are back online').waitFor();

    await context.setOffline(false);
    await page.getByText('Synced 1 offline update').waitFor({ timeout: 15_000 });
    await banner().waitFor({ state: 'detached' });

    const lead = await page.evaluate(async (id) => (await fetch(`/api/leads/${id}`)).json(), leadId);
    expect(lead.last_call_disposition).toBe('interested');
    expect(lead.notes).toMatch(/Call: interested — Seller open to a cash offer \/ Saved while offline/);
    const queued = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('wholesail-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(queued).toBe(0);
  });
});
