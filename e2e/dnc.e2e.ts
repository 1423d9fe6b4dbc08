import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** Issue 15: consent belongs to the number, so marking one lead DNC blocks every lead that shares a number. */
describe('Do Not Call by number: two leads that share a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let first: string;
  let second: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    // Outside calling hours the checks would refuse for the hour, not for the list.
    await allowCallsAtAnyHour(page);
    // One owner, two properties: the number sits in `phone` on one lead and in `contact_1_phone1` on the other.
    first = await createLead(page, { owner_1_name: 'Olga Owner', property_address_full: '11 First St, Austin, TX 78701', phone: '(512) 555-0181' });
    second = await createLead(page, { owner_1_name: 'Olga Owner', property_address_full: '22 Second St, Austin, TX 78701', contact_1_phone1: '512-555-0181' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it('marks the first lead Do Not Call from its page', async () => {
    await page.goto(`${server.url}/leads/${first}`);
    await page.getByRole('button', { name: 'Mark Do Not Call' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark Olga Owner Do Not Call?' });
    await confirm.getByText('1 (512) 555-0181').waitFor();
    await confirm.getByRole('button', { name: 'Mark Do Not Call' }).click();
    await page.getByRole('region', { name: 'Do Not Call', exact: true }).getByText('1 (512) 555-0181').waitFor({ timeout: 10_000 });
  });

  it('shows the second lead as DNC with the listed number and why, its Call and Send SMS off with the reason', async () => {
    await page.goto(`${server.url}/leads/${second}`);
    const notice = page.getByRole('region', { name: 'Do Not Call', exact: true });
    await notice.waitFor({ timeout: 10_000 });
    const listed = notice.getByRole('list', { name: 'Numbers on the Do Not Call list' });
    expect(await listed.innerText()).toContain('1 (512) 555-0181');
    expect(await listed.innerText()).toContain('Lead marked Do Not Call');
    expect(await notice.getByRole('link', { name: 'See 1 (512) 555-0181 on the Do Not Contact list' }).getAttribute('href')).toBe(
      '/settings/voice-dialer/do-not-contact?search=%2B15125550181',
    );

    const call = page.getByRole('button', { name: /^Call Lead/ });
    const sms = page.getByRole('button', { name: /^Send SMS/ });
    await expect.poll(() => call.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
    expect(await sms.getAttribute('aria-disabled')).toBe('true');
    const reasons = page.getByTestId('contact-blocked');
    await expect.poll(() => reasons.innerText(), { timeout: 10_000 }).toContain('Do Not Call');
    // A tap says why as well, and opens no dialer (force: Playwright will not click what says it is disabled).
    await sms.click({ force: true });
    expect(await page.getByRole('dialog').innerText()).toContain('Do Not Call');
    expect(await page.getByRole('dialog', { name: 'Call' }).count()).toBe(0);

    const checks = await page.evaluate(async (id) => {
      const read = async (path: string) => (await fetch(`${path}?leadId=${id}`)).json();
      return { call: await read('/api/calls/check'), text: await read('/api/conversations/check') };
    }, second);
    expect(checks.call).toMatchObject({ allowed: false, code: 'DNC_LISTED' });
    expect(checks.text).toMatchObject({ allowed: false, code: 'DNC_LISTED' });
  });

  it('lists the number once on the Do Not Contact screen, reached from the lead', async () => {
    await page.getByRole('link', { name: 'See 1 (512) 555-0181 on the Do Not Contact list' }).click();
    await page.waitForURL('**/settings/voice-dialer/do-not-contact?search=%2B15125550181');
    const table = page.getByRole('table', { name: 'Do Not Contact list' });
    const row = table.getByRole('row', { name: '1 (512) 555-0181' });
    await row.waitFor({ timeout: 10_000 });
    expect(await table.getByRole('row', { name: '1 (512) 555-0181' }).count()).toBe(1);
    expect(await row.innerText()).toContain('Lead marked Do Not Call');
  });

  it('fits the list on a 360 px phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.url}/settings/voice-dialer/do-not-contact`);
    await page.getByRole('row', { name: '1 (512) 555-0181' }).waitFor({ timeout: 10_000 });
    expect(await scrollsSideways()).toBe(false);
  });
});
