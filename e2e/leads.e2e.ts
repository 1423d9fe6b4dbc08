import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('working the lead list: search, the lead dialog, and a CSV import', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let refused: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    refused = cspViolations(page);
    await signInAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('searches the seeded demo leads, opens one and walks its tabs', async () => {
    await page.goto(server.url + '/leads');
    await page.getByText('390 leads').waitFor();
    const firstOwner = (await page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1).innerText()).split('\n')[0]!.trim();
    const lastName = firstOwner.split(' ').at(-1)!;
    await page.getByPlaceholder('Owner, address, phone or email').fill(lastName.toLowerCase());
    await page.waitForURL(new RegExp(`search=${lastName.toLowerCase()}`));
    const rows = page.getByRole('table', { name: 'Leads' }).getByRole('row');
    await expect.poll(async () => (await rows.allInnerTexts()).slice(1).every((t) => t.includes(lastName))).toBe(true);

    await rows.nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('% Complete').first().waitFor();
    for (const tab of ['Property', 'Financial', 'Communication', 'Intelligence', 'Overview']) {
      await dialog.getByRole('tab', { name: tab }).click();
      expect(await dialog.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    await dialog.getByRole('tab', { name: 'Communication' }).click();
    await dialog.getByText(/1 \(512\) 555-\d{4}/).first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('imports a BatchLeads-style CSV: rows appear, duplicates update, bad rows are reported', async () => {
    const csv = [
      'Owner 1 First Name,Owner 1 Last Name,Property Address,Property City,Property State,Property Zip,Phone 1,Est. Value',
      'Zelda,Quartermaine,88 Import Way,Austin,TX,78701,(512) 555-8801,"$410,000"',
      'Yuri,Quintero,89 Import Way,Austin,TX,78701,512-555-8802,300000',
      ',,,,,,512-555-8899,100000',
      'Xena,Quill,90 Import Way,Austin,TX,78701,512-555-8803,not-a-number',
      'Zelda,Quartermaine,88 import way,Austin,TX,78701,,415000',
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csv-')), 'batchleads.csv');
    fs.writeFileSync(file, csv);

    await page.goto(server.url + '/leads');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByText('Map columns').waitFor();
    expect(await dialog.getByLabel('Lead field for Owner 1 First Name').inputValue()).toBe('owner_1_first_name');
    await dialog.getByRole('button', { name: 'Start import' }).click();
    await dialog.getByRole('button', { name: 'View leads' }).waitFor({ timeout: 30_000 });
    const summary = await dialog.innerText();
    expect(summary).toMatch(/Inserted\s*2/);
    expect(summary).toMatch(/Updated[^\n]*\s*1/);
    expect(summary).toMatch(/Skipped\s*2/);
    expect(summary).toMatch(/Row 4[\s\S]*no property address or owner name/);
    expect(summary).toMatch(/Row 5[\s\S]*Est\. Value/);
    await dialog.getByRole('button', { name: 'View leads' }).click();

    await page.getByPlaceholder('Owner, address, phone or email').fill('import way');
    await page.getByText('Zelda Quartermaine').waitFor();
    await page.getByText('Yuri Quintero').waitFor();
    expect(await page.getByText('Xena Quill').count()).toBe(0);
  });

  it('ran with no Content-Security-Policy refusal', () => {
    expect(refused).toEqual([]);
  });
});
