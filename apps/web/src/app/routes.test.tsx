import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ME, mockApi, mockPendingApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';

const signedIn = () => mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });
const signedOut = () => mockApi({ 'GET /api/auth/get-session': { body: null } });

describe('route guard', () => {
  it('shows layout skeletons while the session loads', () => {
    mockPendingApi();
    const { router } = renderApp('/leads');
    expect(screen.getByRole('status', { name: 'Loading your workspace' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/leads');
  });

  it('sends a signed-out visitor to /login with the encoded path and query', async () => {
    signedOut();
    const { router } = renderApp('/leads?x=1');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fleads%3Fx%3D1'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('renders the page for a signed-in user, inside the app layout', async () => {
    signedIn();
    renderApp('/billing');
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/seats, AI token and lead-import usage/)).toBeInTheDocument();
    expect(await screen.findByText('Acme Home Buyers')).toBeInTheDocument();
    expect(screen.getAllByText('ana@example.com').length).toBeGreaterThan(0);
  });

  it('guards /super-admin, which loads on demand', async () => {
    signedOut();
    const { router } = renderApp('/super-admin');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fsuper-admin'));
  });
});

describe('redirects', () => {
  it('/terms goes to /terms-of-service', async () => {
    signedOut();
    const { router } = renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/terms-of-service');
  });

  it.each([
    ['/home', '/dashboard'],
    ['/leads-manager', '/leads'],
    ['/lead', '/leads'],
  ])('%s goes to %s', async (from, to) => {
    signedIn();
    const { router } = renderApp(from);
    await waitFor(() => expect(currentUrl(router)).toBe(to));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(to);
  });
});

describe('other routes', () => {
  it('shows a not-found page with a link home for unknown paths', async () => {
    signedOut();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-in visitor of the landing page to the dashboard', async () => {
    signedIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(await screen.findByText(/Ana/)).toBeInTheDocument();
  });

  it('shows the landing page to a signed-out visitor', async () => {
    signedOut();
    renderApp('/');
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /Start dominating now/ })).toHaveAttribute('href', '/login');
  });
});
