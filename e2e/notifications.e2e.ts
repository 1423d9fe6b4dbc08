import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inView, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const WIDTH = 390;
const HEIGHT = 844;

/** A one-lead CSV imported through the API, as the import dialog does it. */
function importCsv(page: Page, filename: string, row = 'Nora,Bellwether,5 Chime Lane'): Promise<number> {
  return page.evaluate(async ({ name, row }) => {
    const csv = `First Name,Last Name,Property Address,Property City,Property State,Property Zip\r\n${row},Austin,TX,78701\r\n`;
    const upload = await fetch(`/api/leads/import?filename=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    const preview = await upload.json();
    const start = await fetch(`/api/leads/import/${preview.id}/start`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mapping: preview.proposed_mapping }),
    });
    return start.status;
  }, { name: filename, row });
}

describe('notifications in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(() => Promise.all([browser?.close(), server?.stop()]));

  it(`at ${WIDTH} px: an import's notification reaches the bell live, opens the leads list and is read`, async () => {
    const page = await (await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, hasTouch: true })).newPage();
    await signInAsDemo(page, server.url);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await inView(bell)).toBe(true);

    expect(await importCsv(page, 'bell.csv')).toBe(202);
    const title = 'Import finished: 1 lead added from bell.csv';
    // Live: no reload, the change feed refreshes the count, and a toast says it.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.getByText(title).first().waitFor();

    await bell.click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('link', { name: new RegExp(title) }).waitFor();
    expect(await inView(panel)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    await panel.getByRole('link', { name: new RegExp(title) }).click();
    await page.waitForURL('**/leads');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('on a desktop the bell is in the sidebar, and Mark all as read empties the count', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    expect(await importCsv(page, 'desk.csv')).toBe(202);
    const bell = page.getByRole('complementary').getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('complementary').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('import → the notification arrives live → open the lead → Enrich says why it cannot run → Score with AI shows its reasons', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    await page.goto(server.url + '/dashboard');
    expect(await importCsv(page, 'journey.csv', 'Orla,Whitcombe,9 Lantern Row')).toBe(202);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: /Import finished: 1 lead added from journey\.csv/ }).click();
    await page.waitForURL('**/leads');

    await page.getByPlaceholder('Owner, address, phone or email').fill('whitcombe');
    const rows = page.getByRole('table', { name: 'Leads' }).getByRole('row');
    await expect.poll(async () => (await rows.allInnerTexts()).slice(1).some((t) => t.includes('Whitcombe'))).toBe(true);
    await rows.filter({ hasText: 'Whitcombe' }).first().click();
    const dialog = page.getByRole('dialog');
    const actions = dialog.getByRole('region', { name: 'AI actions' });
    // No BatchData key on the demo server: Enrich stays visible, looks off, and says why when pressed.
    const enrich = actions.getByRole('button', { name: /^Enrich: No property-data service is configured/ });
    expect(await enrich.getAttribute('aria-disabled')).toBe('true');
    // A person can press it (Playwright holds aria-disabled buttons as not enabled, hence force): the reason opens beside it.
    await enrich.click({ force: true });
    await page.locator('[data-radix-popper-content-wrapper]').getByText(/^No property-data service is configured/).waitFor();
    await page.keyboard.press('Escape');

    await actions.getByRole('button', { name: 'Score with AI' }).click();
    const score = actions.locator('p', { hasText: /^AI score \d+/ });
    await score.waitFor();
    expect(await score.locator('xpath=following-sibling::ul/li').count()).toBeGreaterThan(0);
  });
});
