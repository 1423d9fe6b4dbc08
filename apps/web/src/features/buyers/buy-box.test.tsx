import { EMPTY_BUY_BOX, fitBuyBox, type DealMatches } from '@wholesail/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { DealBuyersPanel } from './deal-buyers-panel';
import { BUYER, renderBuyers } from './test-utils';

afterEach(() => {
  toast.dismiss();
});

const PROPERTY = { state: 'TX', city: 'Austin', zip: '78701', latitude: null, longitude: null, property_type: 'SFR', beds: 3, baths: 2, price: 190_000, repairs: 45_000 };

describe('buy box on the buyer page', () => {
  it('says an empty box takes any deal, saves the criteria typed, and shows them in words', async () => {
    let stored = BUYER;
    const patches: unknown[] = [];
    mockApi({
      'GET /api/buyers/b-1': () => ({ body: stored }),
      'GET /api/buyers/b-1/matches': { body: { items: [] } },
      'PATCH /api/buyers/b-1': (init) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        stored = { ...stored, ...body };
        return { body: stored };
      },
    });
    renderBuyers('/buyers/b-1');
    const user = userEvent.setup();
    expect(await screen.findByText('Not set: every deal matches this buyer.')).toBeInTheDocument();
    expect(await screen.findByText(/No open deals right now/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set buy box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy box' });
    await user.type(within(dialog).getByLabelText('ZIP codes'), '787');
    await user.click(within(dialog).getByRole('button', { name: 'Save buy box' }));
    expect(within(dialog).getByLabelText('ZIP codes')).toHaveAccessibleDescription('Each must be a 5-digit ZIP code');
    expect(patches).toEqual([]);

    await user.clear(within(dialog).getByLabelText('ZIP codes'));
    await user.type(within(dialog).getByLabelText('States'), 'tx');
    await user.click(within(dialog).getByLabelText('Single family'));
    await user.type(within(dialog).getByLabelText('Maximum price'), '250,000');
    await user.type(within(dialog).getByLabelText('Minimum beds'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save buy box' }));
    expect(await screen.findByText('Buy box saved')).toBeInTheDocument();
    expect(patches).toEqual([{ buy_box: { ...EMPTY_BUY_BOX, states: ['TX'], property_kinds: ['single_family'], price_max: 250_000, min_beds: 3 } }]);
    expect(await screen.findByText('Up to $250,000')).toBeInTheDocument();
    expect(screen.getByText('Single family')).toBeInTheDocument();
    expect(screen.getByText('3+ beds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit buy box' })).toBeInTheDocument();
  });
});

describe("a deal's Buyers tab", () => {
  const renderPanel = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <DealBuyersPanel dealId="d-1" /> }]);
    render(
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  };

  it('lists the buyers best fit first, each with the reason and its criteria', async () => {
    const exact = fitBuyBox({ ...EMPTY_BUY_BOX, states: ['TX'], price_max: 200_000 }, PROPERTY);
    const miss = fitBuyBox({ ...EMPTY_BUY_BOX, price_max: 150_000 }, PROPERTY);
    const body: DealMatches = {
      property: PROPERTY,
      items: [
        { buyer: { id: 'b-1', contact_name: 'Maria Chen', company_name: 'Chen Capital', buyer_score: 88, primary_email: null, primary_phone: null }, fit: exact, deals_taken: 2, closes: 1 },
        { buyer: { id: 'b-2', contact_name: 'Sam Low', company_name: null, buyer_score: 20, primary_email: null, primary_phone: null }, fit: miss, deals_taken: 0, closes: 0 },
      ],
    };
    mockApi({ 'GET /api/deals/d-1/matches': { body } });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Matched buyers' });
    const [first, second] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(first).toHaveTextContent('Maria Chen');
    expect(first).toHaveTextContent('100% fit');
    expect(first).toHaveTextContent('Meets all 2 criteria');
    expect(first).toHaveTextContent('2 deals with you, 1 closed');
    expect(second).toHaveTextContent(`${miss.fit}% fit`);
    expect(second).toHaveTextContent('Meets 0 of 1: $190,000 is $40,000 above the $150,000 maximum');
    expect(within(second!).getByLabelText('missed')).toBeInTheDocument();
    expect(screen.getByText(/\$190,000 to buyers/)).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Maria Chen' })).toHaveAttribute('href', '/buyers/b-1');
  });

  it('says what to do when there are no active buyers', async () => {
    mockApi({ 'GET /api/deals/d-1/matches': { body: { property: PROPERTY, items: [] } } });
    renderPanel();
    expect(await screen.findByText('No active buyers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to buyers' })).toHaveAttribute('href', '/buyers');
  });
});
