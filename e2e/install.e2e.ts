import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('the installable app', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads with no failed request, names its icon and manifest, and Chromium finds nothing stopping an install', async () => {
    const page = await browser.newPage();
    const refused = cspViolations(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(server.url + '/', { waitUntil: 'networkidle' });
    await page.goto(server.url + '/login', { waitUntil: 'networkidle' });
    expect(failed).toEqual([]);
    expect(refused).toEqual([]);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');

    const cdp = await page.context().newCDPSession(page);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(server.url + '/manifest.webmanifest');
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}');
    expect(manifest).toMatchObject({ name: 'Wholesail - Real Estate Investment Platform', short_name: 'Wholesail', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await page.request.get(server.url + icon.src);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
    }
    // A headless window is an incognito one, which Chromium never installs from; nothing else may stand in the way.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});
