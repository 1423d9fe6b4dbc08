import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from './server';

/** Debian's Chromium, never a downloaded one, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Every Content-Security-Policy refusal Chromium reports on `page` from now on (it logs each as a console error). */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** Signs in as the seeded demo user on a fresh page and waits for the dashboard. */
export async function signInAsDemo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl + '/login');
  await page.getByLabel('Email').fill('demo@wholesail.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

/** Calling hours depend on the wall clock; the admin override keeps a journey independent of it. */
export async function allowCallsAtAnyHour(page: Page): Promise<void> {
  const status = await page.evaluate(async () =>
    (await fetch('/api/calls/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enforceHours: false }) })).status,
  );
  if (status !== 200) throw new Error(`could not turn the calling-hours check off (${status})`);
}

/** A lead of the demo organization created through the API, so the demo seller's script is known. */
export async function createLead(page: Page, fields: Record<string, unknown>): Promise<string> {
  const created = await page.evaluate(async (body) => {
    const res = await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }, { property_address_state: 'TX', property_address_zipcode: '78701', ...fields });
  if (created.status !== 201) throw new Error(`lead not created: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

/** The element lies wholly inside a screen of this size (a phone's by default), reachable without scrolling. */
export async function inView(locator: Locator, screen = { width: 390, height: 844 }): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width && box.y + box.height <= screen.height;
}
