import { WELCOME_TOAST_THROTTLE_MS } from '@wholesail/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLastRoute, setLastWelcomeAt } from '@/lib/storage';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

/** A server where the session exists once sign-in succeeded. */
function mockAuthServer(signIn: { status: number; body: unknown } = { status: 200, body: { user: SIGNED_IN_SESSION.user } }, extra: Record<string, { body: unknown }> = {}) {
  let signedIn = false;
  const fetchMock = mockApi({
    ...extra,
    'GET /api/auth/get-session': () => ({ body: signedIn ? SIGNED_IN_SESSION : null }),
    'POST /api/auth/sign-in/email': () => {
      signedIn = signIn.status === 200;
      return signIn;
    },
    'GET /api/me': { body: ME },
  });
  return fetchMock;
}

async function signIn() {
  const user = userEvent.setup();
  // The sign-in page loads on demand.
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeAll(async () => {
  await import('./login-page');
});

afterEach(() => {
  toast.dismiss();
});

describe('login page', () => {
  it('shows the sign-in form, the feature tiles and the disabled sign-up note', async () => {
    mockAuthServer();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    for (const tile of ['Lightning Fast', 'Higher Close Rate', 'Team Ready', 'TCPA Compliant']) {
      expect(screen.getByRole('heading', { name: tile })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByText('Account creation is temporarily disabled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute('href', '/cookies-policy');
  });

  it('lands a new organization on its setup checklist while it is open, and on the dashboard once it is hidden', async () => {
    const open = { items: [], done: 3, total: 8, complete: false, dismissed_at: null };
    mockAuthServer(undefined, { 'GET /api/onboarding': { body: open } });
    const first = renderApp('/login');
    await signIn();
    await waitFor(() => expect(currentUrl(first.router)).toBe('/onboarding'));
    first.unmount();

    mockAuthServer(undefined, { 'GET /api/onboarding': { body: { ...open, dismissed_at: '2026-11-28T10:00:00.000Z' } } });
    const second = renderApp('/login');
    await signIn();
    await waitFor(() => expect(currentUrl(second.router)).toBe('/dashboard'));
  });

  it('posts the credentials and honours the redirect parameter after sign-in', async () => {
    const fetchMock = mockAuthServer();
    const { router } = renderApp('/login?redirect=%2Fleads%3Fstatus%3Dnew');
    await signIn();
    await waitFor(() => expect(currentUrl(router)).toBe('/leads?status=new'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-in/email');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ana@example.com', password: 'correct horse' });
    expect(call?.[1]?.credentials).toBe('include');
  });

  it('names what is missing under each field, marks it invalid and sends nothing', async () => {
    const fetchMock = mockAuthServer();
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-in/email')).toBe(false);
    // The first invalid field has the focus; once corrected, its message goes as it is typed.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await waitFor(() => expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
  });

  it('goes to the last route, else /dashboard, after sign-in without a redirect parameter', async () => {
    mockAuthServer();
    setLastRoute('/buyers?active=1');
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(currentUrl(router)).toBe('/buyers?active=1'));
  });

  it('shows "Sign in failed" with the server message and stays on /login', async () => {
    mockAuthServer({ status: 401, body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' } });
    const { router } = renderApp('/login');
    await signIn();
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login');
  });

  it.each([
    ['/login?token=abc123', '/reset-password?token=abc123'],
    ['/login?access_token=xyz', '/reset-password?token=xyz'],
    ['/login?redirect=%2Freset-password', '/reset-password'],
    ['/login#type=recovery', '/reset-password'],
  ])('sends a recovery link %s to %s', async (from, to) => {
    mockAuthServer();
    const { router } = renderApp(from);
    await waitFor(() => expect(currentUrl(router)).toBe(to));
  });

  it.each([
    ['/login?redirect=%2Fbuyers', null, '/buyers'],
    ['/login', '/leads?status=new', '/leads?status=new'],
    ['/login', null, '/dashboard'],
  ])('bounces a signed-in visitor of %s (last route %s) to %s', async (path, lastRoute, destination) => {
    mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });
    if (lastRoute) setLastRoute(lastRoute);
    const { router } = renderApp(path);
    await waitFor(() => expect(currentUrl(router)).toBe(destination));
  });
});

describe('welcome toast', () => {
  it('greets after sign-in at most once per 30 minutes', async () => {
    mockAuthServer();
    const first = renderApp('/login');
    await signIn();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    first.unmount();
    toast.dismiss();

    mockAuthServer();
    const second = renderApp('/login');
    await signIn();
    await waitFor(() => expect(currentUrl(second.router)).toBe('/dashboard'));
    // The dashboard greets by first name once its lazy chunk and /api/me have loaded.
    expect(await screen.findByRole('heading', { name: /, Ana$/ }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });

  it('greets again once the 30 minutes have passed', async () => {
    setLastWelcomeAt(Date.now() - WELCOME_TOAST_THROTTLE_MS - 1);
    mockAuthServer();
    renderApp('/login');
    await signIn();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });
});
