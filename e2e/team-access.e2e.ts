import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { DEMO_PASSWORD, startServer, type RunningServer } from './support/server';

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

describe('team access: invite a teammate, and reset a forgotten password by email', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // info level: without SMTP the mail provider logs each message, links included.
    server = await startServer({ LOG_LEVEL: 'info' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner invites by email, the invitee sets a password from the link and lands in Demo Realty', async () => {
    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, server.url, 'demo@wholesail.test', DEMO_PASSWORD);
    await owner.goto(server.url + '/settings');
    await owner.getByPlaceholder('teammate@company.com').fill('closer@example.com');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const link = await owner.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/accept-invitation/`));
    await owner.getByText('closer@example.com').last().waitFor();

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await invitee.getByText('Join Demo Realty').waitFor();
    await invitee.getByLabel('Name').fill('Casey Closer');
    await invitee.getByLabel('Password', { exact: true }).fill('closer password 1');
    await invitee.getByLabel('Confirm password').fill('closer password 1');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL('**/dashboard');
    await invitee.getByText('Demo Realty').first().waitFor();

    // The owner's members table updates through the realtime feed, without a reload.
    await owner.getByRole('cell', { name: 'Casey Closer' }).waitFor({ timeout: 10_000 });

    const reused = await (await browser.newContext()).newPage();
    await reused.goto(link);
    await reused.getByText('This invitation has already been used').waitFor();
  });

  it('a user asks for a reset link, sets a new password once, and signs in with it', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url + '/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill('closer@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check your email').waitFor();

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = server.output().match(/http:\/\/localhost:\d+\/api\/auth\/reset-password\/[^\s"\\]+/)?.[0];
      if (!link) await page.waitForTimeout(100);
    }
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL('**/reset-password?token=*');
    await page.getByLabel('New password').fill('a fresh password 2');
    await page.getByLabel('Confirm password').fill('a fresh password 2');
    await page.getByRole('button', { name: /reset password|set new password|save/i }).click();
    await page.waitForURL('**/login');

    await page.goto(link!);
    await page.getByText('This reset link is invalid or has expired').waitFor();

    await signIn(page, server.url, 'closer@example.com', 'a fresh password 2');
  });
});
