import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inView, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const WIDTH = 390;
const HEIGHT = 844;

/** A one-lead CSV imported through the API, as the import dialog does it. */
function importCsv(page: Page, filename: string): Promise<number> {
  return page.evaluate(async (name) => {
    const csv = 'First Name,Last Name,Property Address,Property City,Property State,Property Zip\r\nNora,Bellwether,5 Chime Lane,Austin,TX,78701\r\n';
    const upload = await fetch(`/api/leads/import?filename=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    const preview = await upload.json();
    const start = await fetch(`/api/leads/import/${preview.id}/start`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mapping: preview.proposed_mapping }),
    });
    return start.status;
  }, filename);
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
});
