import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts/journey');

/** The whole agent journey of issue 8, suite 6, with a screenshot at each step under e2e/artifacts/journey. */
describe('the full agent journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let step = 0;
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${String(++step).padStart(2, '0')}-${name}.png`) });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer({ DEMO_RING_MS: '800', DEMO_MS_PER_WORD: '90' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in, finds a lead, calls it, hears it ask to stop, marks it DNC, cannot call or text it, signs out', async () => {
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
    const leadId = await createLead(page, {
      owner_1_name: 'Quentin Journeyman', property_address_full: '88 Journey Ln, Austin, TX 78701', contact_1_phone1: '5125550199', motivation_score: 1,
    });
    await page.goto(server.url + '/dashboard');
    await page.getByText(/Here is where .* stands today./).waitFor();
    await shot('dashboard');

    await page.goto(server.url + '/leads');
    await page.getByPlaceholder('Owner, address, phone or email').fill('journeyman');
    const rows = page.getByRole('table', { name: 'Leads' }).getByRole('row');
    await expect.poll(async () => (await rows.allInnerTexts()).slice(1).join('\n')).toContain('Quentin Journeyman');
    await shot('leads-search');

    await rows.filter({ hasText: 'Quentin Journeyman' }).first().click();
    const leadDialog = page.getByRole('dialog');
    await leadDialog.getByText('% Complete').first().waitFor();
    await shot('lead-open');

    await leadDialog.getByRole('button', { name: 'Call Lead' }).click();
    const dialer = page.getByRole('dialog', { name: 'Call' });
    const callButton = dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ });
    await expect.poll(() => callButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await callButton.click();
    await dialer.getByText(/^Live • /).waitFor({ timeout: 10_000 });
    const transcript = dialer.getByRole('list', { name: 'Live transcript' });
    await transcript.locator('[data-speaker="agent"]').first().waitFor({ timeout: 15_000 });
    await transcript.locator('[data-speaker="lead"]').filter({ hasText: 'take me off your list' }).first().waitFor({ timeout: 20_000 });
    await dialer.locator('[aria-label="AI Live Coaching"]').getByText('Objection Alert').first().waitFor({ timeout: 5_000 });
    await shot('call-stop-calling');

    const postCall = page.getByRole('dialog', { name: 'Post-Call Actions' });
    await postCall.waitFor({ timeout: 20_000 });
    expect(await postCall.getByLabel('Mark as Do Not Call (DNC)').isChecked()).toBe(true);
    await postCall.getByLabel('Call Outcome').selectOption('not_interested');
    await shot('post-call-dnc');
    await postCall.getByRole('button', { name: 'Complete Call' }).click();
    await page.getByText(/Lead updated with Not Interested status/).waitFor();

    await page.goto(`${server.url}/leads/${leadId}`);
    // Blocked, not hidden: it says why (its name and a tap carry the gate's reason).
    const callLead = page.getByRole('button', { name: /^Call Lead: .*is on the Do Not Call list/ });
    await callLead.waitFor();
    expect(await callLead.getAttribute('aria-disabled')).toBe('true');
    // The lead's DNC flag blocks at once; the compliance check's answer, naming the number and why, follows.
    await expect.poll(() => callLead.getAttribute('title'), { timeout: 10_000 }).toMatch(/^1 \(512\) 555-0199 is on the Do Not Call list \(asked on a call, /);
    await shot('lead-dnc');

    await page.goto(`${server.url}/communications?tab=conversations&lead=${leadId}`);
    // The gate names the listed number and why: the seller asked on the call.
    await page.getByText(/is on the Do Not Call list \(asked on a call, /).first().waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Message', { exact: true }).isDisabled()).toBe(true);
    const refused = await page.evaluate(async (id) => {
      const res = await fetch('/api/conversations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lead_id: id, body: 'Hello?' }) });
      return { status: res.status, body: await res.json() };
    }, leadId);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'DNC_LISTED', message: expect.stringMatching(/^1 \(512\) 555-0199 is on the Do Not Call list \(asked on a call, /) } } });
    await shot('text-refused');

    await page.getByRole('button', { name: /sign out/i }).first().click();
    await page.waitForURL('**/login');
    await shot('signed-out');
  });
});
