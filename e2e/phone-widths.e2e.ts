import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAIN_NAV, MORE_NAV } from '../apps/web/src/app/nav-items';
import { allowCallsAtAnyHour, inView, launchBrowser, signInAsDemo } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const WIDTH = 390;
const HEIGHT = 844;

/** Signed-in routes of apps/web/src/app/routes.tsx beyond the navigation's (placeholders with parameters among them). */
const OTHER_ROUTES = ['/communications?tab=conversations', '/onboarding', '/orchestrator/diagnostics', '/deal-rooms/demo', '/comps/demo', '/super-admin', '/status'];

/** The page is no wider than the phone: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe(`every signed-in screen at ${WIDTH} px`, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DEMO_RING_MS: '500', DEMO_MS_PER_WORD: '60' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, hasTouch: true })).newPage();
    await signInAsDemo(page, server.url);
    await allowCallsAtAnyHour(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fits every screen of the navigation and the rest of the route table without sideways scroll', async () => {
    const lead = await page.evaluate(async () => (await (await fetch('/api/leads?limit=1')).json()).items[0].id as string);
    const deal = await page.evaluate(async () => (await (await fetch('/api/deals?stage=under_contract&limit=1')).json()).items[0] as { id: string; lead_id: string });
    const dealRoutes = [`/deals/${deal.id}`, `/deals/${deal.id}?tab=comps`, `/deals/${deal.id}?tab=calculator`, `/comps/${deal.lead_id}`, `/calculator?lead=${lead}`];
    const routes = [...MAIN_NAV, ...MORE_NAV].map((item) => item.to).concat(OTHER_ROUTES, dealRoutes, `/leads/${lead}`, '/buyers/not-a-buyer', '/leads/not-a-lead');
    const tooWide: string[] = [];
    for (const route of routes) {
      await page.goto(server.url + route);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = await pageWidth(page);
      if (width > WIDTH) tooWide.push(`${route}: ${width} px`);
    }
    expect(tooWide).toEqual([]);
  });

  it('shows the top 10 and the leads as cards with their Call button on screen, and the lead dialog fits', async () => {
    await page.goto(server.url + '/top10');
    const topCall = page.getByRole('list', { name: 'Top leads' }).getByRole('button', { name: 'Call', exact: true }).first();
    await topCall.waitFor();
    expect(await inView(topCall)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

    await page.goto(server.url + '/leads');
    const firstCard = page.getByRole('table', { name: 'Leads' }).locator('[role="row"][tabindex="0"]').first();
    await firstCard.waitFor();
    expect(await page.getByRole('table', { name: 'Leads' }).locator('xpath=ancestor::*[@data-layout][1]').getAttribute('data-layout')).toBe('cards');
    expect(await inView(firstCard.getByRole('button', { name: /^Call/ }))).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

    await firstCard.click();
    const details = page.getByRole('dialog');
    await details.getByRole('tab', { name: 'Overview' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });

  it('runs the dialer full screen: the call button and the live transcript in view, Escape asks before ending, the post-call form fits', async () => {
    await page.goto(server.url + '/top10');
    await page.getByRole('list', { name: 'Top leads' }).getByRole('button', { name: 'Call', exact: true }).first().click();
    const dialer = page.getByRole('dialog', { name: 'Call' });
    const callButton = dialer.getByRole('button', { name: /^Call 1 \(\d{3}\) \d{3}-\d{4}$/ });
    await expect.poll(() => callButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await inView(callButton)).toBe(true);
    const box = await dialer.boundingBox();
    expect(box && Math.round(box.width) === WIDTH && Math.round(box.height) === HEIGHT).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

    await callButton.click();
    const end = dialer.getByRole('button', { name: 'End Call' });
    await end.waitFor({ timeout: 15_000 });
    const transcript = dialer.getByRole('list', { name: 'Live transcript' });
    await transcript.locator('[data-speaker="lead"]').first().waitFor({ timeout: 15_000 });
    expect(await inView(end)).toBe(true);
    const transcriptBox = await transcript.boundingBox();
    expect(transcriptBox !== null && transcriptBox.y < HEIGHT - 150).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'End the call?' });
    await confirm.getByRole('button', { name: 'Keep talking' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await end.isVisible()).toBe(true);

    await end.click();
    const postCall = page.getByRole('dialog', { name: 'Post-Call Actions' });
    await postCall.getByRole('button', { name: 'Complete Call' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    expect(await inView(postCall.getByRole('button', { name: 'Skip for Now' }))).toBe(true);
    await postCall.getByRole('button', { name: 'Skip for Now' }).click();
  });
});
