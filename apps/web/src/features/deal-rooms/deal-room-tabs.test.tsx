import type { BuyerOffer, DealRoom } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { deal, mockDealsApi } from '@/features/deals/test-fixtures';
import { FakeWebSocket } from '@/test/fake-websocket';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { BuyerOffersPanel } from './buyer-offers-panel';
import { DealRoomPanel } from './deal-room-panel';

beforeAll(async () => {
  await import('@/features/deals/deal-page');
});

afterEach(() => {
  toast.dismiss();
});

function renderAlone(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </AppProviders>,
  );
}

const ROOM: DealRoom = {
  id: 'room-1', deal_id: 'deal-1', slug: 'x7Yq', url: 'http://localhost:4410/deal-rooms/x7Yq', access: 'link', has_password: false, status: 'open',
  expires_at: null, state: 'open', headline: null, asking_price: 189_000, description: null, showing_notes: null, earnest_money_required: null,
  closing_date: null, contact_name: 'Ana Lopez', contact_phone: null, contact_email: 'ana@example.com', photos: [], comps: [], views: 0, offers: 0,
  created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z',
};

describe("a deal's Deal room tab", () => {
  it('creates the room, then shows its link, its state and the empty access log', async () => {
    let room: DealRoom | null = null;
    mockApi({
      'GET /api/deals/deal-1/room': () => (room ? { body: room } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'This deal has no room yet' } } }),
      'POST /api/deals/deal-1/room': () => ({ status: 201, body: (room = ROOM) }),
      'GET /api/deals/deal-1/room/invites': { body: { items: [] } },
      'GET /api/deals/deal-1/room/views': { body: { items: [], total: 0, unique_visitors: 0 } },
    });
    renderAlone(<DealRoomPanel dealId="deal-1" leadId="lead-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create deal room' }));
    expect(await screen.findByLabelText('Room link')).toHaveTextContent('http://localhost:4410/deal-rooms/x7Yq');
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', ROOM.url);
    expect(screen.getByText('Open', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close room' })).toBeInTheDocument();
    expect(screen.getByLabelText('Who can open it')).toHaveValue('link');
    expect(screen.getByLabelText('Asking price')).toHaveValue('189,000');
    expect(await screen.findByText('Nobody has opened the room yet.')).toBeInTheDocument();
  });

  it('asks for a password when the access needs one, and saves the settings', async () => {
    const patches: unknown[] = [];
    mockApi({
      'GET /api/deals/deal-1/room': { body: ROOM },
      'PATCH /api/deals/deal-1/room': (init) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        return { body: { ...ROOM, access: body.access, has_password: true, updated_at: '2026-03-02T10:00:00.000Z' } };
      },
      'GET /api/deals/deal-1/room/invites': { body: { items: [] } },
      'GET /api/deals/deal-1/room/views': { body: { items: [], total: 0, unique_visitors: 0 } },
    });
    renderAlone(<DealRoomPanel dealId="deal-1" leadId="lead-1" />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Who can open it'), 'password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Set a password for buyers to type/);
    expect(patches).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Deal room saved')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({ access: 'password', password: 'open-sesame', asking_price: 189_000, contact_name: 'Ana Lopez' });
  });
});

describe("the Deal room tab's comps", () => {
  const comp = (id: string, similarity: number, extra: Record<string, unknown> = {}) => ({
    id, address: `${id} Larkspur Ave`, distance_miles: 0.2, sale_date: '2026-08-14', sale_price: 300_000, building_square_feet: 1500, total_bedrooms: 3,
    total_baths: 2, year_built: 1960, price_per_sqft: 200, adjustments: { sqft: 0, bedrooms: 0, bathrooms: 0, age: 0, total: 0 }, adjusted_price: 300_000,
    similarity, pinned: false, excluded: false, outlier: false, ...extra,
  });

  it("copies the comps the ARV uses, most alike first, as address and sale only", async () => {
    const patches: Array<{ comps: Array<{ address: string }> }> = [];
    mockApi({
      'GET /api/deals/deal-1/room': { body: ROOM },
      'GET /api/leads/lead-1/comps?radius_miles=0.5&months=12&sqft_pct=20': {
        body: { comps: [comp('10', 70), comp('12', 90), comp('14', 95, { excluded: true }), comp('16', 99, { outlier: true }), comp('18', 60, { outlier: true, pinned: true })] },
      },
      'PATCH /api/deals/deal-1/room': (init) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        return { body: { ...ROOM, comps: body.comps } };
      },
      'GET /api/deals/deal-1/room/invites': { body: { items: [] } },
      'GET /api/deals/deal-1/room/views': { body: { items: [], total: 0, unique_visitors: 0 } },
    });
    renderAlone(<DealRoomPanel dealId="deal-1" leadId="lead-1" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show the comps from the ARV' }));
    expect(await screen.findByText('Buyers now see 3 comps')).toBeInTheDocument();
    expect(patches[0]!.comps.map((c) => c.address)).toEqual(['12 Larkspur Ave', '10 Larkspur Ave', '18 Larkspur Ave']);
    expect(patches[0]!.comps[0]).toEqual({ address: '12 Larkspur Ave', sold_price: 300_000, sold_on: '2026-08-14', beds: 3, baths: 2, sqft: 1500, distance_miles: 0.2 });
    expect(within(screen.getByRole('list', { name: 'Comps buyers see' })).getAllByRole('listitem')).toHaveLength(3);
  });
});

const offer = (id: string, rank: number | null, name: string, amount: number, extra: Partial<BuyerOffer> = {}): BuyerOffer => ({
  id, deal_id: 'deal-1', source: 'deal_room', amount, earnest_money: 5_000, close_by: '2026-04-20', financing: 'cash', proof_of_funds: null, message: null,
  status: 'received', net_fee: amount - 160_000, certainty: 80, factors: [{ factor: 'earnest_money', points: 20, detail: '$5,000 earnest money' }], rank,
  reason: `Net fee ${amount - 160_000}`, declined_notice_at: null, created_at: '2026-03-02T10:00:00.000Z',
  buyer: { id: `b-${id}`, contact_name: name, company_name: null, primary_email: null, primary_phone: null, source: 'deal_room' },
  ...extra,
});

describe("a deal's Buyer offers tab", () => {
  it('lists the offers by rank with their certainty, and Accept sends the choices of the dialog', async () => {
    const accepts: unknown[] = [];
    mockApi({
      'GET /api/deals/deal-1/offers': {
        body: { contract_price: 160_000, items: [offer('o-1', 1, 'Dana Whitfield', 190_000), offer('o-2', 2, 'Priya Nair', 182_000), offer('o-3', null, 'Sam Low', 170_000, { status: 'declined' })] },
      },
      'POST /api/deals/deal-1/offers/o-1/accept': (init) => {
        accepts.push(JSON.parse(String(init?.body)));
        return { body: {} };
      },
    });
    renderAlone(<BuyerOffersPanel dealId="deal-1" />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Buyer offers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Rank 1: Dana Whitfield, $190,000', 'Rank 2: Priya Nair, $182,000', 'Unranked: Sam Low, $170,000']);
    expect(rows[0]).toHaveTextContent('Net fee $30,000');
    expect(rows[0]).toHaveTextContent('$5,000 earnest money');
    expect(within(rows[2]!).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    await user.click(within(dialog).getByLabelText(/Tell the other bidders/));
    await user.selectOptions(within(dialog).getByLabelText('Keep a backup offer'), 'o-2');
    await user.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(accepts).toEqual([{ notify_others: true, backup_offer_id: 'o-2' }]));
    expect(await screen.findByText('Offer accepted: the deal is assigned to Dana Whitfield')).toBeInTheDocument();
  });
});

describe('an offer made in a deal room, seen live in the app', () => {
  it('refreshes the offers and shows a toast naming the amount and the deal, with a link to its offers', async () => {
    let items: BuyerOffer[] = [];
    mockDealsApi({
      'GET /api/deals/deal-1': { body: deal({ offers: [] }) },
      'GET /api/deals/deal-1/offers': () => ({ body: { contract_price: 160_000, items } }),
    });
    const { router } = renderApp('/deals/deal-1?tab=buyer-offers');
    const user = userEvent.setup();
    expect(await screen.findByText('No offers from buyers yet')).toBeInTheDocument();

    items = [offer('o-1', 1, 'Dana Whitfield', 190_000)];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ table: 'buyer_offers', op: 'INSERT', record: { id: 'o-1', deal_id: 'deal-1', amount: 190000, source: 'deal_room' } }));
    expect(await screen.findByText('New offer of $190,000 on 12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Rank 1: Dana Whitfield, $190,000' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(router.state.location.search).toBe('');
    // The toast's own button: sonner's pointer handling needs pointer capture, which jsdom lacks, so a plain click.
    fireEvent.click(await screen.findByRole('button', { name: 'View offers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=buyer-offers'));
  });
});
