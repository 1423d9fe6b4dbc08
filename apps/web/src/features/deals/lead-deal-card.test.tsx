import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeLead, requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { deal, mockDealsApi, sentBodies } from './test-fixtures';

beforeAll(async () => {
  await import('@/features/leads/lead-detail-page');
});

afterEach(() => {
  toast.dismiss();
});

const LEAD = { 'GET /api/leads/lead-1': { body: makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner' }) }, 'GET /api/leads/lead-1/activity': { body: { items: [], next_cursor: null } } };
const dealCard = () => screen.findByRole('region', { name: 'Deal' });

describe("the lead page's Deal card", () => {
  it('shows the open deal with its stage and a link, and the way to Comps and the Calculator', async () => {
    const fetchMock = mockDealsApi({ ...LEAD, 'GET /api/deals': { body: { items: [deal({ stage: 'under_contract', contract_price: 180000 })], total: 1 } } });
    renderApp('/leads/lead-1');
    const card = await dealCard();
    expect(await within(card).findByText('Under contract')).toBeInTheDocument();
    expect(within(card).getByText('Contract $180,000')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open deal/ })).toHaveAttribute('href', '/deals/deal-1');
    expect(within(card).getByRole('link', { name: 'Comps' })).toHaveAttribute('href', '/comps/lead-1');
    expect(within(card).getByRole('link', { name: 'Calculator' })).toHaveAttribute('href', '/calculator?lead=lead-1');
    expect(requestedUrls(fetchMock, '/api/deals')[0]?.search).toBe('?lead_id=lead-1&stage=open');
  });

  it('starts a deal and opens it', async () => {
    const fetchMock = mockDealsApi({
      ...LEAD,
      'GET /api/deals': { body: { items: [], total: 0 } },
      'POST /api/deals': { status: 201, body: deal({ id: 'deal-9' }) },
      'GET /api/deals/deal-9': { body: deal({ id: 'deal-9', offers: [] }) },
    });
    const { router } = renderApp('/leads/lead-1');
    const card = await dealCard();
    expect(await within(card).findByText('No open deal on this lead yet.')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Start a deal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-9'));
    expect(sentBodies(fetchMock, 'POST', '/api/deals')).toEqual([{ lead_id: 'lead-1' }]);
  });

  it('says why a deal could not start (a teammate started one) and shows theirs', async () => {
    let open: ReturnType<typeof deal>[] = [];
    mockDealsApi({
      ...LEAD,
      'GET /api/deals': () => ({ body: { items: open, total: open.length } }),
      'POST /api/deals': () => {
        open = [deal({ owner_name: 'Ben Ortiz' })];
        return { status: 409, body: { error: { code: 'CONFLICT', message: 'This lead already has an open deal (Analyzing, owned by Ben Ortiz)' } } };
      },
    });
    renderApp('/leads/lead-1');
    const card = await dealCard();
    await userEvent.setup().click(await within(card).findByRole('button', { name: 'Start a deal' }));
    expect(await screen.findByText('This lead already has an open deal (Analyzing, owned by Ben Ortiz)')).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: /Open deal/ })).toHaveAttribute('href', '/deals/deal-1');
  });
});
