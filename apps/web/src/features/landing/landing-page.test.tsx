import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ENRICHMENT_FIELDS } from '@/features/address-search/search-api';
import { setLastRoute } from '@/lib/storage';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { LANDING_ANCHORS } from './landing-anchors';
import { STATS } from './stats-section';

const signedOut = () => mockApi({ 'GET /api/auth/get-session': { body: null } });
const signedIn = () => mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } });

describe('landing page', () => {
  it('shows every section to a signed-out visitor', async () => {
    signedOut();
    renderApp('/');
    const header = await screen.findByTestId('landing-header');
    expect(within(header).getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/login');
    const nav = within(header).getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#features', '#value', '#results', '#pricing', '#faq']);
    for (const { id } of LANDING_ANCHORS) expect(document.getElementById(id)).toBeInstanceOf(HTMLElement);

    expect(screen.getByText('14-day free trial')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Call more motivated sellers');
    expect(screen.getByRole('link', { name: /Start dominating now/ })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/A credit card is required to start your trial/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /A live call in Wholesail/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Try It Now - Search Any Property' })).toBeInTheDocument();
    // Each anchored section is named by its own heading; then the guarantee and the closing call to action.
    for (const { id, label } of LANDING_ANCHORS) {
      const section = document.getElementById(id)!;
      expect(within(section).getByText(label, { selector: 'p' })).toBeInTheDocument();
      expect(section).toHaveAccessibleName(within(section).getAllByRole('heading', { level: 2 })[0]!.textContent!);
    }
    expect(screen.getByRole('heading', { name: '30-day money-back guarantee', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create your account/ })).toHaveAttribute('href', '/signup');
    for (const pitch of [/real-time AI prompts/, /sentiment and motivation scoring/, /scripts/, /analytics/, /do-not-call protection/]) {
      expect(screen.getAllByText(pitch).length).toBeGreaterThan(0);
    }
  });

  it('links the footer to the pages of dialer.md §2 and platform.md §2', async () => {
    signedOut();
    renderApp('/');
    const footer = within(await screen.findByRole('navigation', { name: 'Footer' }));
    const hrefs = footer.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/about', '/developer', '/help', '/billing', '/login', '/status', '/privacy-policy', '/privacy', '/terms-of-service', '/cookies-policy']) {
      expect(hrefs).toContain(href);
    }
    expect(hrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
    expect(footer.getByRole('link', { name: 'Status' })).toHaveAttribute('href', '/status');
  });

  it('scrolls smoothly to a section from the header and keeps the anchor in the address', async () => {
    signedOut();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderApp('/');
      await userEvent.click(within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Pricing' }));
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
      expect(window.location.hash).toBe('#pricing');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      window.history.replaceState(null, '', '/');
    }
  });

  it('counts the lookup facts the enrichment really returns', () => {
    expect(STATS[0]!.value).toBe(String(ENRICHMENT_FIELDS.length));
  });

  it('sends a signed-in visitor to the last visited route', async () => {
    signedIn();
    setLastRoute('/leads?status=new');
    const { router } = renderApp('/');
    await waitFor(() => expect(currentUrl(router)).toBe('/leads?status=new'));
  });

  it('sends a signed-in visitor without a last route to /dashboard', async () => {
    signedIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Try It Now - Search Any Property' })).not.toBeInTheDocument();
  });
});
