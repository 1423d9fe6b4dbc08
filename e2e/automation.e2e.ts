import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A follow-up sequence as a team lead builds it: three steps on the timeline, leads enrolled from a filter of the
 * leads list, the demo seller answering the first text, the lead leaving with "Replied", and the orchestrator
 * showing each decision with its reason. (The calling-hours check is off, so the run does not depend on the hour.)
 */
describe('a follow-up sequence on the demo line', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DEMO_SMS_DELIVERY_MS: '200', DEMO_SMS_REPLY_MS: '600' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds three steps, enrols a filter, stops when the seller replies, and explains each decision', async () => {
    const leadIds = [
      await createLead(page, { owner_1_name: 'Dora Drip', property_address_full: '14 Birch St, Austin, TX 78701', contact_1_phone1: '5125550181', badges: ['drip-journey'] }),
      await createLead(page, { owner_1_name: 'Eli Drip', property_address_full: '15 Birch St, Austin, TX 78701', contact_1_phone1: '5125550182', badges: ['drip-journey'] }),
    ];

    await page.goto(`${server.url}/automation`);
    await page.getByRole('link', { name: 'New sequence' }).first().click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey follow-up');
    const step = (n: number) => page.getByRole('group', { name: `Step ${n}`, exact: true });
    await step(1).getByLabel('Message', { exact: true }).fill('Hi {first_name}, still thinking about selling {street}?');
    await page.getByRole('button', { name: 'Add a step after step 1' }).click();
    await step(2).getByLabel('Message', { exact: true }).fill('Following up, {first_name}: any questions?');
    await page.getByRole('button', { name: 'Add a step after step 2' }).click();
    await step(3).getByLabel('Then').selectOption('call_task');
    await page.getByRole('button', { name: 'Create sequence' }).click();
    await page.waitForURL(/\/automation\/sequences\/[0-9a-f-]{36}$/);

    await page.goto(`${server.url}/leads?badges=drip-journey`);
    await page.getByRole('button', { name: 'Add to sequence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a sequence' });
    await dialog.getByLabel('Sequence').selectOption({ label: 'Journey follow-up (3 steps)' });
    await dialog.getByRole('button', { name: 'Enrol' }).click();
    await dialog.getByText('2 enrolled in “Journey follow-up”').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The first text goes at once; the demo seller answers it; the lead leaves before step 2.
    await page.goto(`${server.url}/leads/${leadIds[0]}`);
    const enrolment = page.getByRole('listitem', { name: 'Journey follow-up' });
    await expect.poll(async () => {
      if (!(await enrolment.getByText('Left: Replied').isVisible())) await page.reload();
      return enrolment.getByText('Left: Replied').isVisible();
    }, { timeout: 30_000, interval: 1_000 }).toBe(true);
    await enrolment.getByText('The lead replied, so the sequence stopped.').first().waitFor();

    await page.goto(`${server.url}/orchestrator`);
    const feed = page.getByRole('list', { name: 'What the machine did and will do' });
    await feed.getByText('The lead replied, so the sequence stopped.').first().waitFor({ timeout: 15_000 });
    expect(await feed.getByText('Dora Drip').count()).toBeGreaterThan(0);
    expect(await feed.getByText('Eli Drip').count()).toBeGreaterThan(0);
  });
});
