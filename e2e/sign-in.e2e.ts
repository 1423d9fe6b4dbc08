import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('first visit: sign in with the demo account, stay signed in, sign out', () => {
  let server: RunningServer;
  let browser: Browser;
  let password = '';

  beforeAll(async () => {
    // No DEMO_PASSWORD: the server generates one for this data directory and prints it.
    server = await startServer({ DEMO_PASSWORD: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('prints the URL and the demo sign-in with a generated password, and the journey works in Chromium', async () => {
    expect(server.output()).toContain(`Wholesail is running at ${server.url}`);
    const printed = /Demo sign-in: demo@wholesail\.test \/ (\S+)\n/.exec(server.output());
    expect(printed, server.output()).not.toBeNull();
    password = printed![1]!;
    expect(password).not.toBe('wholesail-demo');
    expect(fs.readFileSync(path.join(server.dataDir, 'demo-password'), 'utf8')).toBe(password);

    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url + '/');
    expect(await page.title()).toBe('Wholesail - Real Estate Investment Platform');
    await page.getByRole('link', { name: 'SIGN IN' }).first().click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill('demo@wholesail.test');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Welcome back!').waitFor();
    await page.getByText('Demo Realty').first().waitFor();

    await page.reload();
    await page.getByText('Demo Realty').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.getByRole('button', { name: /sign out/i }).first().click();
    await page.waitForURL('**/login');
    await page.getByText('Signed out').waitFor();

    await page.goto(server.url + '/settings');
    await page.waitForURL('**/login?redirect=%2Fsettings');
  });

  it('stops cleanly on SIGTERM and keeps its data across a restart', async () => {
    const code = await server.stop();
    expect(code, `exit code ${code}; server output:\n${server.output().slice(-4000)}`).toBe(0);
    server = await startServer({ DEMO_PASSWORD: '' }, server.dataDir);
    expect(server.output()).toContain(`Demo sign-in: demo@wholesail.test / ${password} (unless you changed it)`);
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'demo@wholesail.test', password }),
    });
    expect(res.status).toBe(200);
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
