import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { allowCallsAtAnyHour, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('a call on the demo line, logged with a follow-up', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DEMO_RING_MS: '1500', DEMO_MS_PER_WORD: '100' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('dials a lead, shows Ringing then a live timer and both speakers live, takes keypad digits and mute, completes the post-call actions, and the dashboard and analytics count the call', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);

    await page.goto(server.url + '/leads');
    const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ has: page.getByRole('button', { name: 'Call', exact: true, disabled: false }) }).first();
    const owner = (await row.innerText()).split('\n')[0]!.trim();
    await row.getByRole('button', { name: 'Call', exact: true }).click();

    const dialer = page.getByRole('dialog');
    const callButton = dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ });
    await expect.poll(() => callButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await callButton.click();
    await dialer.getByRole('button', { name: 'Ringing...' }).waitFor();
    await dialer.getByText(/^Live • 0:0\d$/).waitFor({ timeout: 10_000 });
    const transcript = dialer.getByRole('list', { name: 'Live transcript' });
    await transcript.locator('[data-speaker="lead"]').filter({ hasText: 'Hello?' }).first().waitFor({ timeout: 10_000 });
    await transcript.locator('[data-speaker="agent"]').filter({ hasText: 'Wholesail Home Buyers' }).first().waitFor({ timeout: 10_000 });

    await dialer.getByRole('button', { name: 'Key 5' }).click();
    await page.keyboard.press('9');
    expect(await dialer.getByLabel('Keys pressed').innerText()).toContain('59');
    await dialer.getByRole('button', { name: 'Mute' }).click();
    await page.getByText('Microphone muted').waitFor();
    // Muted, the agent's next line is held and the seller wonders if anyone is there.
    await transcript.locator('[data-speaker="lead"]').filter({ hasText: 'Are you still there?' }).waitFor({ timeout: 15_000 });
    await dialer.getByPlaceholder('Take notes during the call...').fill('Seller wants to talk to spouse first');
    await dialer.getByRole('button', { name: 'End Call' }).click();

    const postCall = page.getByRole('dialog').filter({ hasText: 'Call Outcome' });
    await postCall.getByLabel('Call Outcome').selectOption('callback_requested');
    const followUp = new Date(Date.now() + 3 * 86_400_000);
    const local = new Date(followUp.getTime() - followUp.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await postCall.getByLabel('Follow-up Date').fill(local);
    await postCall.getByLabel('Additional Notes').fill('Call back Thursday');
    await postCall.getByRole('button', { name: 'Complete Call' }).click();
    await page.getByText(/Lead updated with Callback Requested status/).waitFor();

    const lead = await page.evaluate(async (name) => {
      const list = await (await fetch(`/api/leads?search=${encodeURIComponent(name)}`)).json();
      // List rows carry no notes log: the full record is the lead's own.
      return (await fetch(`/api/leads/${list.items[0].id}`)).json();
    }, owner);
    // Three days off, the callback is not today's (the dashboard's Today lists it on its day): the lead's page lists it now.
    await page.goto(`${server.url}/leads/${lead.id}`);
    const followUps = page.getByRole('list', { name: 'Lead follow-ups' });
    // The call's follow-up, not a deadline of the lead's demo deal (those link to the deal).
    await followUps.getByRole('listitem').filter({ hasText: 'Call back Thursday' }).filter({ hasNot: page.getByRole('link', { name: 'Open the deal' }) }).waitFor();
    expect(lead.last_call_disposition).toBe('callback_requested');
    expect(lead.last_call_duration_sec).toBeGreaterThanOrEqual(0);
    expect(lead.notes).toMatch(/Call: callback_requested — Seller wants to talk to spouse first \/ Call back Thursday/);

    // The call counts at once on the dashboard's Today and on the analytics screen: both read the rollups its writes keep.
    const today = await page.evaluate(async () => (await fetch('/api/dashboard/today')).json());
    expect(today.dials.team).toBeGreaterThanOrEqual(1);
    expect(today.dials.mine).toBeGreaterThanOrEqual(1);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('progressbar', { name: `Team dials today: ${today.dials.team} of ${today.dials.goal} dials` }).waitFor();
    await page.goto(`${server.url}/analytics?range=today`);
    const figures = page.getByRole('group', { name: 'Calling figures' });
    await figures.getByLabel(`Dials: ${today.dials.team}`).waitFor();
    await figures.getByLabel(`Connects: ${today.connects.team}`).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Callback Requested' }).first().waitFor();
  });
});
