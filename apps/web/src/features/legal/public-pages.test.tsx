import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(screen.getByText(/follow the telephone-solicitation hours of the lead’s state/)).toBeInTheDocument();
    expect(screen.getByText(/at most 3 times in 24 hours across the organization/)).toBeInTheDocument();
    expect(screen.getByText(/STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT/)).toBeInTheDocument();
    for (const service of ['Twilio', 'OpenAI-compatible language model', 'BatchData', 'Google Maps', 'SMTP mail server']) {
      expect(screen.getByRole('cell', { name: service })).toBeInTheDocument();
    }
  });

  it('the cookies policy names the session cookie and the storage keys the app uses', async () => {
    signedOut();
    renderApp('/cookies-policy');
    await screen.findByRole('heading', { name: 'Cookies Policy', level: 1 });
    for (const key of ['wholesail.session_token', 'wholesail:last-route', 'wholesail:said:voice-ready', 'wholesail:last-welcome-at', 'wholesail:offline-session', 'wholesail-offline', 'wholesail-api']) {
      expect(screen.getByText(key)).toBeInTheDocument();
    }
  });

  it('/signup says sign-up is closed, how to get access, and talks to no developer', async () => {
    signedOut();
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Account creation is temporarily disabled' });
    expect(screen.getByText('Account creation is currently disabled. Please contact your administrator for access.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join your team' })).toBeInTheDocument();
    expect(screen.getByText(/Ask your administrator/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'invitation page' })).toHaveAttribute('href', '/accept-invitation');
    expect(screen.getByRole('button', { name: 'Request access' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/npm|turned away|demo@wholesail/);
  });

  it('/signup sends a request for access to the operators, checking the fields first with the API’s words', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/get-session': { body: null },
      'POST /api/access-requests': { status: 202, body: { status: 'sent', message: 'Thanks — your request was sent. We will reply by email.' } },
    });
    const user = userEvent.setup();
    renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Request access' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/access-requests')).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Dana Buyer');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Company (optional)'), 'Dana Homes');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Thanks — your request was sent. We will reply by email.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/access-requests');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: 'Dana Buyer', email: 'dana@example.com', company: 'Dana Homes' });
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
