import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { allowCallsAtAnyHour, createLead, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

async function callLead(page: Page, baseUrl: string, leadId: string) {
  await page.goto(`${baseUrl}/leads/${leadId}`);
  await page.getByRole('button', { name: 'Call Lead' }).click();
  const dialer = page.getByRole('dialog', { name: 'Call' });
  const callButton = dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ });
  await expect.poll(() => callButton.isEnabled(), { timeout: 10_000 }).toBe(true);
  await callButton.click();
  await dialer.getByText(/^Live • /).waitFor({ timeout: 10_000 });
  return dialer;
}

describe('live transcription and coaching on the demo line', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DEMO_RING_MS: '800', DEMO_MS_PER_WORD: '90' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('streams both speakers, coaches the price question, and keeps the transcript coming on database sync when the socket dies', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const streams: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/transcription-stream/, (ws) => {
      ws.connectToServer();
      streams.push(ws);
    });
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
    const leadId = await createLead(page, {
      owner_1_name: 'Maria Lopez', property_address_full: '12 Oak St, Austin, TX 78701', contact_1_phone1: '5125550177', estimated_value: 310000, motivation_score: 7,
    });
    const dialer = await callLead(page, server.url, leadId);

    const transcript = dialer.getByRole('list', { name: 'Live transcript' });
    const badge = dialer.getByTestId('transcription-status');
    await transcript.locator('[data-speaker="agent"]').filter({ hasText: 'Wholesail Home Buyers' }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => badge.innerText()).toMatch(/^Live Stream \(\d+\)$/);

    await transcript.locator('[data-speaker="lead"]').filter({ hasText: "I think it's worth $310,000." }).first().waitFor({ timeout: 20_000 });
    const coach = dialer.locator('[aria-label="AI Live Coaching"]');
    await coach.getByText('High Priority').waitFor({ timeout: 5_000 });
    await coach.getByText('Response Script').first().waitFor();

    // The test kills the stream: the panel falls back to polling and chunks keep arriving.
    expect(streams.length).toBeGreaterThan(0);
    await streams.at(-1)!.close({ code: 4000, reason: 'killed by the test' });
    await expect.poll(() => badge.innerText(), { timeout: 5_000 }).toMatch(/^Database Sync \(\d+\)$/);
    const count = async () => Number((await badge.innerText()).match(/\((\d+)\)/)?.[1] ?? 0);
    const before = await count();
    await expect.poll(count, { timeout: 15_000 }).toBeGreaterThan(before);

    await dialer.getByRole('button', { name: 'End Call' }).click();
    await page.getByRole('dialog', { name: 'Post-Call Actions' }).waitFor();
  });

  it('the seller asks to stop calling: an objection alert, post-call with DNC checked, and the lead can no longer be called', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemo(page, server.url);
    const leadId = await createLead(page, {
      owner_1_name: 'Frank Miller', property_address_full: '40 Elm St, Austin, TX 78701', contact_1_phone1: '5125550178', motivation_score: 1,
    });
    const dialer = await callLead(page, server.url, leadId);
    await dialer.getByRole('list', { name: 'Live transcript' }).locator('[data-speaker="lead"]').filter({ hasText: 'take me off your list' }).first().waitFor({ timeout: 20_000 });
    await dialer.locator('[aria-label="AI Live Coaching"]').getByText('Objection Alert').first().waitFor({ timeout: 5_000 });

    // The seller hangs up; the post-call actions open with the DNC box already checked.
    const postCall = page.getByRole('dialog', { name: 'Post-Call Actions' });
    await postCall.waitFor({ timeout: 20_000 });
    expect(await postCall.getByLabel('Mark as Do Not Call (DNC)').isChecked()).toBe(true);
    await postCall.getByLabel('Call Outcome').selectOption('not_interested');
    await postCall.getByRole('button', { name: 'Complete Call' }).click();
    await page.getByText(/Lead updated with Not Interested status/).waitFor();

    const lead = await page.evaluate(async (id) => (await fetch(`/api/leads/${id}`)).json(), leadId);
    expect(lead.dnc_status).toBe(true);
    const blockedCall = page.getByRole('button', { name: /^Call Lead: .*is on the Do Not Call list/ });
    await blockedCall.waitFor();
    expect(await blockedCall.getAttribute('aria-disabled')).toBe('true');
    const check = await page.evaluate(async (id) => (await fetch(`/api/calls/check?leadId=${id}`)).json(), leadId);
    expect(check).toMatchObject({ allowed: false, code: 'DNC_LISTED', reason: expect.stringMatching(/^1 \(512\) 555-0178 is on the Do Not Call list \(asked on a call, /) });
    expect(lead.dnc_numbers).toEqual([expect.objectContaining({ phone_e164: '+15125550178', source: 'live_call' })]);
  });
});
