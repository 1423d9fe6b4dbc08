import type { PublicReferral } from '@wholesail/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./public-referral-page');
});

const TOKEN = 'AAAA.BBBB';
const PATH = `/api/public/referrals/${TOKEN}`;
const REFERRAL: PublicReferral = {
  organization: 'Acme Home Buyers',
  agent: { name: 'Ana Lopez', email: 'ana@acme.test', phone: '+15125550100' },
  partner_name: 'Jo Realtor',
  property: { address: '12 Oak St, Austin, TX 78701', city: 'Austin', state: 'TX', zip: '78701', property_type: 'Single family', bedrooms: 3, bathrooms: 2, square_feet: 1450, year_built: 1978 },
  seller: { name: 'Sam Seller', phone: '+15125550188' },
  note: 'Wants full retail price',
  referral_fee_percent: 25,
  status: 'sent',
  sale_price: null,
  link_expires_at: '2030-01-15T12:00:00.000Z',
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('the partner’s referral page', () => {
  it('shows the seller to call, the property and the fee, and accepts the referral', async () => {
    const fetchMock = mockApi({ [`GET ${PATH}`]: { body: REFERRAL }, [`POST ${PATH}/respond`]: { body: { ...REFERRAL, status: 'accepted' } } });
    renderApp(`/referrals/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: '12 Oak St, Austin, TX 78701' })).toBeInTheDocument();
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /\(512\) 555-0188/ })).toHaveAttribute('href', 'tel:+15125550188');
    expect(screen.getByText(/Referral fee:/)).toHaveTextContent('Referral fee: 25% of your commission.');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note (optional)'), 'Calling today');
    await user.click(screen.getByRole('button', { name: 'Accept referral' }));
    expect(await screen.findByRole('heading', { name: 'Update the status' })).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/respond'));
    expect(bodyOf(sent?.[1])).toEqual({ decision: 'accept', note: 'Calling today' });
  });

  it('asks for the sale price before reporting the sale closed, then thanks the partner', async () => {
    const fetchMock = mockApi({
      [`GET ${PATH}`]: { body: { ...REFERRAL, status: 'under_contract' } },
      [`POST ${PATH}/status`]: { body: { ...REFERRAL, status: 'closed', sale_price: 425_000 } },
    });
    renderApp(`/referrals/${TOKEN}`);
    const user = userEvent.setup();
    // Only the steps ahead are offered.
    expect(await screen.findByRole('button', { name: 'Closed with sale price' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Listed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Closed with sale price' }));
    expect(screen.getByText('Enter the sale price in dollars, like 425,000.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Sale price (when closed)'), '425,000');
    await user.click(screen.getByRole('button', { name: 'Closed with sale price' }));
    expect(await screen.findByText('Closed — thank you!')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/status'));
    expect(bodyOf(sent?.[1])).toEqual({ status: 'closed', sale_price: 425_000 });
  });

  it('explains expired and invalid links in plain words', async () => {
    mockApi({ [`GET ${PATH}`]: { status: 410, body: { error: { code: 'LINK_EXPIRED', message: 'This referral link has expired. Ask the person who referred you for a new one.' } } } });
    const { unmount } = renderApp(`/referrals/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText('This referral link has expired. Ask the person who referred you for a new one.')).toBeInTheDocument();
    unmount();
    mockApi({ [`GET ${PATH}`]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } } });
    renderApp(`/referrals/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument());
  });
});
