import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const ANCHORS = ['features', 'value', 'results', 'pricing', 'faq'] as const;

/** Every request the page makes, so a test can see that nothing leaves the app's own origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('the landing page for a visitor (production build)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // No property-data or maps keys: what a visitor sees on a server that has not configured them.
    server = await startServer({ BATCHDATA_API_KEY: '', GOOGLE_MAPS_API_KEY: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openLanding(width: number, height = 900): Promise<{ page: Page; requests: string[] }> {
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    const requests = recordRequests(page);
    await page.goto(server.url + '/', { waitUntil: 'networkidle' });
    return { page, requests };
  }

  it('renders every section, scrolls to each anchor under a header that stays in view, from its own origin only', async () => {
    const { page, requests } = await openLanding(1440);
    expect(await page.title()).toBe('Wholesail - Real Estate Investment Platform');

    await page.getByText('14-day free trial', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Start dominating now' }).getAttribute('href')).toBe('/login');
    await page.getByText('A credit card is required to start your trial.').waitFor();
    for (const heading of [
      'Try It Now - Search Any Property',
      'From scattered lists to one calling workspace',
      'Everything your acquisitions team needs, in every plan',
      'What changes on a calling day',
      'Simple plans that grow with your team',
      '30-day money-back guarantee',
      'Questions teams ask before they switch',
      'Your next deal is one conversation away',
    ]) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe('/signup');
    const picture = page.getByRole('img', { name: /A live call in Wholesail/ });
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const header = page.getByTestId('landing-header');
    const nav = header.getByRole('navigation', { name: 'Sections' });
    for (const id of ANCHORS) {
      expect(await page.locator(`section#${id}`).count()).toBe(1);
      await nav.locator(`a[href="#${id}"]`).click();
      // Smooth scrolling: wait until the section's top has settled just under the sticky header.
      await expect
        .poll(async () => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id), { timeout: 5000 })
        .toBeLessThanOrEqual(90);
      const box = await header.boundingBox();
      expect(box?.y).toBe(0);
      expect(await header.isVisible()).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
    expect(await header.getByRole('link', { name: 'SIGN IN', exact: true }).isVisible()).toBe(true);

    // Pricing toggle in the real page.
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('button', { name: 'Yearly' }).click();
    expect(await page.getByTestId('plan-starter').getByTestId('plan-price').innerText()).toMatch(/\$990\s*\/yr/);
    expect(await page.getByTestId('plan-pro').getByTestId('plan-price').innerText()).toMatch(/\$4,990\s*\/yr/);
    expect(await page.getByTestId('plan-enterprise').getByTestId('plan-price').innerText()).toMatch(/From\s*\$2,499\s*\/mo/);

    const origin = new URL(server.url).origin;
    const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
  });

  it('lets a visitor look up an address: free text without a maps key, basic info without an enrichment key', async () => {
    const { page } = await openLanding(1280);
    const section = page.getByRole('region', { name: 'Try It Now - Search Any Property' });
    await section.getByLabel('Property address').focus();
    const field = section.getByRole('textbox', { name: 'Property address' });
    // The real widget replaces the stand-in and takes the focus.
    await expect.poll(async () => field.evaluate((el) => el === document.activeElement && !(el as HTMLInputElement).readOnly)).toBe(true);
    await field.fill('742 Evergreen Terrace, Austin, TX 78701');
    const lookup = section.getByRole('button', { name: 'Look up' });
    await lookup.click();

    const card = section.getByRole('region', { name: 'Property' });
    await card.waitFor();
    await card.getByText('742 Evergreen Terrace').waitFor();
    await card.getByText('Austin, TX 78701').waitFor();
    await card.getByText('Basic info only').waitFor();
    await page.getByText('Enrichment Unavailable').waitFor();
    await page.getByText('Data enrichment service is not configured. Basic property info only.').waitFor();
    const signInToAdd = card.getByRole('link', { name: 'Sign in to add this lead' });
    expect(await signInToAdd.getAttribute('href')).toBe('/login?redirect=/leads');
    expect(await section.getByRole('button', { name: 'Add to Leads' }).count()).toBe(0);

    await signInToAdd.click();
    await page.waitForURL('**/login?redirect=/leads');
  });

  it('fits a 360 px screen without sideways scrolling, with the widget result shown too', async () => {
    const { page } = await openLanding(360, 740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Every anchor is reachable from the header's second row.
    // Waited for, not read once: right after the network is idle the header can still be laying out its second row.
    for (const id of ANCHORS) await page.getByTestId('landing-header').locator(`a[href="#${id}"]`).waitFor({ state: 'visible', timeout: 5_000 });

    const section = page.getByRole('region', { name: 'Try It Now - Search Any Property' });
    await section.getByLabel('Property address').focus();
    const field = section.getByRole('textbox', { name: 'Property address' });
    await expect.poll(async () => field.evaluate((el) => !(el as HTMLInputElement).readOnly)).toBe(true);
    await field.fill('1600 Long Boulevard Name Of Many Words, San Antonio, TX 78205');
    await section.getByRole('button', { name: 'Look up' }).click();
    await section.getByText('Basic info only').waitFor();
    await page.getByRole('button', { name: 'Yearly' }).click();
    await page.getByRole('button', { name: 'How does Wholesail keep our calls compliant?' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    for (const path of ['/about', '/privacy', '/terms-of-service', '/cookies-policy', '/signup']) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
