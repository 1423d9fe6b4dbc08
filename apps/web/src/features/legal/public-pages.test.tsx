import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

const signedOut = () => mockApi({ 'GET /api/auth/get-session': { body: null } });
const signedIn = () => mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });

describe('public pages', () => {
  it.each([
    ['/about', 'About Wholesail'],
    ['/privacy', 'Privacy Policy'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookies-policy', 'Cookies Policy'],
    ['/signup', 'Account creation is temporarily disabled'],
  ])('%s shows its heading and the public footer', async (path, heading) => {
    signedOut();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Privacy/ }).length).toBeGreaterThan(0);
  });

  it('the privacy policy says what is kept, the calling and texting rules, and who receives data', async () => {
    signedOut();
    renderApp('/privacy');
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 });
    for (const heading of ['What we keep', 'Calling and texting compliance', 'Services that receive data']) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    }
    for (const kept of ['Leads', 'Calls', 'Transcripts', 'Texts', 'Activity logs']) expect(screen.getByText(kept, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/from 8:00 to 21:00 in the lead’s local time, and from 8:00 to 20:00 in Florida/)).toBeInTheDocument();
    expect(screen.getByText(/STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT/)).toBeInTheDocument();
    for (const service of ['Twilio', 'OpenAI-compatible language model', 'BatchData', 'Google Maps', 'SMTP mail server']) {
      expect(screen.getByRole('cell', { name: service })).toBeInTheDocument();
    }
  });

  it('the cookies policy names the session cookie and the storage keys the app uses', async () => {
    signedOut();
    renderApp('/cookies-policy');
    await screen.findByRole('heading', { name: 'Cookies Policy', level: 1 });
    for (const key of ['wholesail.session_token', 'wholesail:last-route', 'wholesail:last-welcome-at', 'wholesail:offline-session', 'wholesail-offline', 'wholesail-api']) {
      expect(screen.getByText(key)).toBeInTheDocument();
    }
  });

  it('/signup explains how to get access and keeps the form that the server turns away', async () => {
    signedOut();
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Account creation is temporarily disabled' });
    expect(screen.getByRole('heading', { name: 'Join your team' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Evaluate with the demo account' })).toBeInTheDocument();
    expect(screen.getByText('demo@wholesail.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'invitation page' })).toHaveAttribute('href', '/accept-invitation');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });
});

describe('/help', () => {
  it('is a page of the signed-in app with the getting-started topics', async () => {
    signedIn();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeInTheDocument();
    for (const topic of ['Signing in', 'Importing leads from a CSV', 'Calling from the browser', 'After the call: outcomes', 'Texting and opt-outs', 'Do Not Call and calling hours', 'Keyboard shortcuts']) {
      expect(screen.getByRole('heading', { name: topic, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText(/Interested, Maybe, Not Interested, Callback Requested, Appointment Scheduled, Offer Made, No Answer, Wrong Number/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in first (platform.md §2 lists /help as protected)', async () => {
    signedOut();
    const { router } = renderApp('/help');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fhelp'));
  });
});
