import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('a deal from the lead to the revenue board', () => {
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

  it('comps → Use as ARV → calculator → Save to deal → offer → under contract with its tasks → matched buyers → assigned with a fee → revenue → closed by keyboard', async () => {
    // A demo lead without a deal yet (the demo seed gives deals to eight of them).
    const lead = await page.evaluate(async () => {
      const taken = new Set(((await (await fetch('/api/deals?limit=500')).json()).items as { lead_id: string }[]).map((d) => d.lead_id));
      const leads = (await (await fetch('/api/leads?limit=30')).json()).items as { id: string; owner_1_name: string; source: string }[];
      return leads.find((l) => !taken.has(l.id))!;
    });

    await page.goto(`${server.url}/leads/${lead.id}`);
    await page.getByRole('link', { name: 'Comps', exact: true }).click();
    await page.waitForURL(`**/comps/${lead.id}`);
    await page.getByRole('button', { name: 'Use as ARV' }).click();
    await page.getByText(/^ARV of \$[\d,]+ saved to the deal$/).waitFor();
    await page.getByRole('button', { name: 'Open the calculator' }).click();
    await page.waitForURL('**/calculator?deal=*');
    const dealId = new URL(page.url()).searchParams.get('deal')!;
    const arv = await page.evaluate(async (id) => (await (await fetch(`/api/deals/${id}`)).json()).arv as number, dealId);
    expect(arv).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save to deal' }).click();
    await page.getByText('Saved as version 1').waitFor();

    await page.goto(`${server.url}/deals/${dealId}?tab=offers`);
    await page.getByRole('button', { name: 'Add offer' }).click();
    const offerDialog = page.getByRole('dialog');
    await offerDialog.getByLabel('Amount').fill('150000');
    await offerDialog.getByRole('button', { name: 'Add offer' }).click();
    await page.getByRole('table', { name: 'Offers' }).getByText('$150,000').waitFor();

    // The contract's dates, then the move: the dialog asks for the one thing Under contract still needs.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByLabel('Earnest money due').fill(inDays(2));
    await page.getByLabel('Inspection ends').fill(inDays(10));
    await page.getByLabel('Closing date').fill(inDays(30));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('You have unsaved changes.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Move to…', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Under contract' }).click();
    const stageDialog = page.getByRole('dialog');
    await stageDialog.getByLabel('Contract price').fill('150000');
    await stageDialog.getByRole('button', { name: 'Move to Under contract' }).click();
    await stageDialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('list', { name: 'Deadlines' }).first().innerText()).toMatch(/Earnest money\s+in 2 days/);

    // The deadlines are follow-ups on the lead's page.
    await page.goto(`${server.url}/leads/${lead.id}`);
    for (const deadline of ['Earnest money due', 'Inspection period ends', 'Closing']) await page.getByText(new RegExp(`^${deadline} — `)).first().waitFor();

    // Dispositions: the buyers ranked for the deal; a buy box tightened on a buyer's page shows as a miss.
    await page.goto(`${server.url}/deals/${dealId}?tab=buyers`);
    const matched = page.getByRole('list', { name: 'Matched buyers' });
    await expect.poll(() => matched.getByText(/^\d+% fit$/).count()).toBe(3);
    await matched.getByRole('link', { name: 'Priya Nair' }).click();
    await page.getByRole('button', { name: 'Edit buy box' }).click();
    const boxDialog = page.getByRole('dialog', { name: 'Buy box' });
    await boxDialog.getByLabel('Maximum price').fill('100,000');
    await boxDialog.getByRole('button', { name: 'Save buy box' }).click();
    await page.getByText('Up to $100,000').waitFor();
    await page.goto(`${server.url}/deals/${dealId}?tab=buyers`);
    await matched.getByRole('listitem').filter({ hasText: 'Priya Nair' }).getByText(/above the \$100,000 maximum/).first().waitFor();

    await page.goto(`${server.url}/deals/${dealId}`);
    await page.getByRole('button', { name: 'Move to…', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Assigned' }).click();
    await stageDialog.getByLabel('Buyer').selectOption({ label: 'Dana Whitfield (Hill Country Homebuyers LLC)' });
    await stageDialog.getByLabel('Assignment fee').fill('15000');
    await stageDialog.getByRole('button', { name: 'Move to Assigned' }).click();
    await stageDialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/revenue`);
    const card = page.getByRole('region', { name: 'Assigned' }).getByRole('article', { name: lead.owner_1_name });
    await card.getByText('$15,000').waitFor();

    // Closed by keyboard on the real board: Space picks the card up, → holds it over Closed, Space drops it there.
    const name = lead.owner_1_name;
    await card.focus();
    await page.keyboard.press('Space');
    await page.getByText(`Picked up ${name}, in Assigned.`).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.getByText(`${name} is over Closed.`).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    const closed = page.getByRole('region', { name: 'Closed' }).getByRole('article', { name });
    await closed.waitFor();
    await expect.poll(() => closed.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await page.evaluate(async (id) => (await (await fetch(`/api/deals/${id}`)).json()).stage as string, dealId))).toBe('closed');
    expect(refused).toEqual([]);
  });
});
