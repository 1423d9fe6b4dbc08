import type { Deal, DealOffer } from '@wholesail/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp } from '@/test/render-app';
import { deal, mockDealsApi, sentBodies } from './test-fixtures';

beforeAll(async () => {
  await import('./deal-page');
});

afterEach(() => {
  toast.dismiss();
});

const OFFER: DealOffer = {
  id: 'offer-1', deal_id: 'deal-1', amount: 150000, offered_on: '2026-03-02', terms: 'Cash, 21 days', status: 'sent', counter_amount: null,
  created_by: 'user-1', created_at: '2026-03-02T10:00:00.000Z', updated_at: '2026-03-02T10:00:00.000Z',
};

/** GET /api/deals/deal-1 answering the deal as the test leaves it. */
function serve(current: { deal: Deal }) {
  return { 'GET /api/deals/deal-1': () => ({ body: current.deal }), 'GET /api/deals/deal-1/timeline': { body: { items: [] } } };
}

describe('the deal page', () => {
  it('shows the lead, the stage, the offer limits with their formulas, and saves only the changed fields with PATCH', async () => {
    const current = { deal: deal({ offers: [] }) };
    const fetchMock = mockDealsApi({
      ...serve(current),
      'PATCH /api/deals/deal-1': (_url, init) => {
        current.deal = { ...current.deal, ...(JSON.parse(String(init?.body)) as Partial<Deal>) };
        return { body: current.deal };
      },
    });
    renderApp('/deals/deal-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Ana Owner' })).toHaveAttribute('href', '/leads/lead-1');
    expect(screen.getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(await screen.findByText('ARV $300,000 × 70% − repairs $40,000.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'MAO' })).toHaveTextContent('$170,000');
    expect(screen.getByText('MAO $170,000 − target fee $10,000.')).toBeInTheDocument();

    const contract = screen.getByLabelText('Contract price');
    await user.type(contract, '182,500');
    await user.type(screen.getByLabelText('Title company'), 'Independence Title');
    await user.type(screen.getByLabelText('Closing date'), '2026-04-15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1')[0]).toEqual({ contract_price: 182500, title_company: 'Independence Title', closing_date: '2026-04-15' });
    expect(await screen.findByText('Deal saved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Contract price')).toHaveValue('182,500');
  });

  it('works out MAO, max offer and the assignment fee from the figures as they are typed', async () => {
    mockDealsApi({ ...serve({ deal: deal({ offers: [], buyer_price: 200000 }) }) });
    renderApp('/deals/deal-1');
    const user = userEvent.setup();
    const arv = await screen.findByLabelText('ARV (after-repair value)');
    await user.clear(arv);
    await user.type(arv, '320000');
    expect(screen.getByRole('status', { name: 'MAO' })).toHaveTextContent('$184,000');
    expect(screen.getByText('ARV $320,000 × 70% − repairs $40,000. Save to keep it.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Max offer' })).toHaveTextContent('$174,000');
    await user.type(screen.getByLabelText('Contract price'), '170000');
    expect(screen.getByText('$30,000: buyer price $200,000 − contract price $170,000')).toBeInTheDocument();
  });

  it('says what is wrong with a field before sending, and shows the message of a refusal on its field', async () => {
    const current = { deal: deal({ offers: [] }) };
    const fetchMock = mockDealsApi({
      ...serve(current),
      'PATCH /api/deals/deal-1': { status: 400, body: { error: { code: 'VALIDATION', message: 'arv: must be at most 1,000,000,000' } } },
    });
    renderApp('/deals/deal-1');
    const user = userEvent.setup();
    const asking = await screen.findByLabelText('Seller asking price');
    await user.clear(asking);
    await user.type(asking, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter an amount in dollars, like 150,000')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1')).toEqual([]);

    await user.clear(asking);
    await user.type(screen.getByLabelText('ARV (after-repair value)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be at most 1,000,000,000')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1')).toEqual([{ asking_price: null, arv: 3000000 }]);
  });

  it('adds an offer and marks one countered with the amount the seller asked', async () => {
    const current = { deal: deal({ offers: [OFFER] }) };
    const fetchMock = mockDealsApi({
      ...serve(current),
      'POST /api/deals/deal-1/seller-offers': (_url, init) => {
        const offer = { ...OFFER, id: 'offer-2', ...(JSON.parse(String(init?.body)) as Partial<DealOffer>) };
        current.deal = { ...current.deal, offers: [offer, ...(current.deal.offers ?? [])] };
        return { status: 201, body: offer };
      },
      'PATCH /api/deals/deal-1/seller-offers/offer-1': (_url, init) => ({ body: { ...OFFER, ...(JSON.parse(String(init?.body)) as Partial<DealOffer>) } }),
    });
    renderApp('/deals/deal-1?tab=offers');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Offers' });
    expect(within(table).getByText('$150,000')).toBeInTheDocument();
    expect(within(table).getByText('Cash, 21 days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add offer' });
    await user.type(within(dialog).getByLabelText('Amount'), '165000');
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-03-05');
    await user.type(within(dialog).getByLabelText('Terms'), 'Close in 14 days');
    await user.click(within(dialog).getByRole('button', { name: 'Add offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/seller-offers')).toEqual([{ amount: 165000, offered_on: '2026-03-05', terms: 'Close in 14 days' }]);
    expect(await screen.findByText('$165,000')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of the $150,000 offer' }), 'countered');
    const counter = await screen.findByRole('dialog', { name: 'Seller countered' });
    await user.type(within(counter).getByLabelText('Counter amount'), '172,000');
    await user.click(within(counter).getByRole('button', { name: 'Save counter' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1/seller-offers/offer-1')).toEqual([{ status: 'countered', counter_amount: 172000 }]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of the $150,000 offer' }), 'accepted');
    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1/seller-offers/offer-1')).toHaveLength(2));
    expect(sentBodies(fetchMock, 'PATCH', '/api/deals/deal-1/seller-offers/offer-1')[1]).toEqual({ status: 'accepted' });
  });

  it('shows the timeline: who changed what, when', async () => {
    mockDealsApi({
      'GET /api/deals/deal-1': { body: deal({ offers: [] }) },
      'GET /api/deals/deal-1/timeline': {
        body: {
          items: [
            { id: 'e-2', kind: 'stage', summary: 'Moved to Under contract', changes: { stage: { from: 'offer_made', to: 'under_contract' }, contract_price: { from: null, to: 180000 } }, user_id: 'user-2', user_name: 'Ben Ortiz', created_at: '2026-03-04T15:00:00.000Z' },
            { id: 'e-1', kind: 'created', summary: 'Deal started', changes: null, user_id: 'user-1', user_name: 'Ana Lopez', created_at: '2026-03-01T10:00:00.000Z' },
          ],
        },
      },
    });
    renderApp('/deals/deal-1?tab=timeline');
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const [moved, started] = within(timeline).getAllByRole('listitem').filter((li) => li.parentElement === timeline);
    expect(moved).toHaveTextContent('Moved to Under contract');
    expect(moved).toHaveTextContent('Ben Ortiz · Mar 4, 2026');
    expect(moved).toHaveTextContent('Stage: Offer made → Under contract');
    expect(moved).toHaveTextContent('Contract price: — → $180,000');
    expect(started).toHaveTextContent('Deal started');
  });

  it("shows a teammate's change as it happens: a deal_offers change on the realtime feed refetches the deal", async () => {
    const current = { deal: deal({ offers: [OFFER] }) };
    mockDealsApi(serve(current));
    renderApp('/deals/deal-1?tab=offers');
    const status = await screen.findByRole('combobox', { name: 'Status of the $150,000 offer' });
    expect(status).toHaveValue('sent');
    current.deal = { ...current.deal, offers: [{ ...OFFER, status: 'accepted' }] };
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'deal_offers', op: 'UPDATE', record: { id: 'offer-1', deal_id: 'deal-1' } }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of the $150,000 offer' })).toHaveValue('accepted'));
  });

  it('says when the deal is not there', async () => {
    mockDealsApi({ 'GET /api/deals/nope': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Deal not found' } } } });
    renderApp('/deals/nope');
    expect(await screen.findByRole('heading', { name: 'Deal not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the pipeline' })).toHaveAttribute('href', '/revenue');
  });
});
