import { EMPTY_BUY_BOX, fitBuyBox, type BuyerSend, type DealMatches } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { DealBuyersPanel } from './deal-buyers-panel';

const PROPERTY = { state: 'TX', city: 'Austin', zip: '78701', latitude: null, longitude: null, property_type: 'SFR', beds: 3, baths: 2, price: 190_000, repairs: 45_000 };
const MATCHES: DealMatches = {
  property: PROPERTY,
  items: [
    { buyer: { id: 'b-1', contact_name: 'Maria Chen', company_name: 'Chen Capital', buyer_score: 88, primary_email: 'maria@chen.test', primary_phone: null }, fit: fitBuyBox({ ...EMPTY_BUY_BOX, states: ['TX'] }, PROPERTY), deals_taken: 0, closes: 0 },
    { buyer: { id: 'b-2', contact_name: 'Sam Low', company_name: null, buyer_score: 20, primary_email: null, primary_phone: '5125550182' }, fit: fitBuyBox({ ...EMPTY_BUY_BOX, states: ['TX'] }, PROPERTY), deals_taken: 0, closes: 0 },
    { buyer: { id: 'b-3', contact_name: 'Far Off', company_name: null, buyer_score: 5, primary_email: null, primary_phone: null }, fit: fitBuyBox({ ...EMPTY_BUY_BOX, states: ['OK'] }, PROPERTY), deals_taken: 0, closes: 0 },
  ],
};
const SENT: BuyerSend = {
  id: 's-1', buyer_id: 'b-1', buyer_name: 'Maria Chen (Chen Capital)', channel: 'email', status: 'sent', reason: null, link: 'https://x.test/deal-rooms/abc?invite=t',
  sent_by_name: 'Alex Agent', created_at: '2026-03-04T15:00:00Z',
};

describe('Send to matched buyers', () => {
  it('selects the buyers that fit, shows who was already sent, sends again only when ticked, and shows each outcome', async () => {
    const posts: unknown[] = [];
    mockApi({
      'GET /api/deals/d-1/matches': { body: MATCHES },
      'GET /api/deals/d-1/sends': { body: { items: [SENT] } },
      'POST /api/deals/d-1/send': (init) => {
        posts.push(JSON.parse(String(init?.body)));
        return {
          body: {
            items: [
              { buyer_id: 'b-1', buyer_name: 'Maria Chen (Chen Capital)', channel: 'email', status: 'sent', reason: null, link: 'https://x.test/r?invite=t' },
              { buyer_id: 'b-2', buyer_name: 'Sam Low', channel: 'email', status: 'refused', reason: 'This buyer has no email address', link: null },
              { buyer_id: 'b-1', buyer_name: 'Maria Chen (Chen Capital)', channel: 'sms', status: 'refused', reason: 'This buyer has no phone number', link: null },
              { buyer_id: 'b-2', buyer_name: 'Sam Low', channel: 'sms', status: 'refused', reason: '1 (512) 555-0182 is on the Do Not Call list (added by hand, Mar 1, 2026)', link: null },
            ],
          },
        };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <AppProviders client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <DealBuyersPanel dealId="d-1" /> }])} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Sent Mar 4, 2026 by email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send to matched buyers/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Select all that fit' }));
    expect(screen.getByLabelText('Select Maria Chen')).toBeChecked();
    expect(screen.getByLabelText('Select Sam Low')).toBeChecked();
    expect(screen.getByLabelText('Select Far Off')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send to matched buyers (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send to matched buyers' });
    expect(within(dialog).getByText('Already sent this deal')).toBeInTheDocument();
    expect(within(dialog).getByText('Maria Chen (Chen Capital): Sent Mar 4, 2026 by email')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Text'));
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Cash only.');
    await user.click(within(dialog).getByLabelText('Send again to those'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const done = await screen.findByRole('dialog', { name: 'Sent to matched buyers' });
    expect(posts).toEqual([{ buyer_ids: ['b-1', 'b-2'], channels: ['email', 'sms'], message: 'Cash only.', resend: true }]);
    const outcomes = within(done).getByRole('list', { name: 'Send outcomes' });
    expect(within(outcomes).getAllByText('Sent · email')).toHaveLength(1);
    expect(within(outcomes).getByText('This buyer has no email address')).toBeInTheDocument();
    expect(within(outcomes).getByText(/is on the Do Not Call list/)).toBeInTheDocument();
  });
});
