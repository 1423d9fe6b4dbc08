import type { Deal } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deal, mockDealsApi, sentBodies } from '@/features/deals/test-fixtures';
import { renderApp } from '@/test/render-app';
import { stageByArrow } from './board-keyboard';

beforeAll(async () => {
  await import('./revenue-page');
});

const COLUMNS = ['Analyzing', 'Offer made', 'Under contract', 'Marketing', 'Assigned', 'Closed'];

/**
 * jsdom lays nothing out, and the board finds the column under a held card by geometry: columns 200 px wide side by
 * side, the dead lane below them, each card at the top of its lane.
 */
function layOutBoard() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const lane = this.closest('section[aria-label]');
    const name = lane?.getAttribute('aria-label') ?? '';
    const i = COLUMNS.indexOf(name);
    const box = i >= 0 ? { x: i * 210, y: 0, width: 200, height: 600 } : name === 'Dead' ? { x: 0, y: 620, width: 1250, height: 60 } : { x: 0, y: 0, width: 0, height: 0 };
    const own = this === lane ? box : { ...box, x: box.x + 8, y: box.y + 40, width: box.width - 16, height: Math.min(120, box.height) };
    return DOMRect.fromRect(own);
  });
}

beforeEach(layOutBoard);
afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

/** GET /api/deals from `deals` (open, closed or dead), and POST …/stage answered by `answer`. */
function board(deals: Deal[], answer: (body: { stage: Deal['stage'] }) => { status?: number; body: unknown }) {
  return mockDealsApi({
    'GET /api/deals': (url) => {
      const stage = url.searchParams.get('stage');
      const items = deals.filter((d) => (stage === 'open' ? !['closed', 'dead'].includes(d.stage) : d.stage === stage));
      return { body: { items, total: items.length } };
    },
    'POST /api/deals/deal-1/stage': (_url, init) => answer(JSON.parse(String(init?.body)) as { stage: Deal['stage'] }),
  });
}

const column = (name: string) => screen.getByRole('region', { name });
const card = (name: string) => screen.findByRole('article', { name });
type User = ReturnType<typeof userEvent.setup>;

/** Focuses Ana's card and picks it up with Space (dnd-kit listens for the next keys from the next tick). */
async function pickUpAna(user: User) {
  (await card('Ana Owner')).focus();
  await user.keyboard('[Space]');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** …and holds it over Offer made, the next column. */
async function holdAnaOverOfferMade(user: User) {
  await pickUpAna(user);
  await user.keyboard('[ArrowRight]');
  expect(await screen.findByText('Ana Owner is over Offer made.')).toBeInTheDocument();
}

describe('the board by keyboard', () => {
  it('picks a card up with Space, moves it a column with the arrow and drops it there, saying so', async () => {
    const deals = [deal()];
    const fetchMock = board(deals, (body) => {
      deals[0] = { ...deals[0]!, stage: body.stage };
      return { body: deals[0] };
    });
    renderApp('/revenue');
    const user = userEvent.setup();
    expect(await card('Ana Owner')).toHaveAttribute('aria-roledescription', 'movable deal');
    await pickUpAna(user);
    expect(await screen.findByText('Picked up Ana Owner, in Analyzing.')).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    expect(await screen.findByText('Ana Owner is over Offer made.')).toBeInTheDocument();
    await user.keyboard('[Space]');

    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([{ stage: 'offer_made' }]));
    const moved = await within(column('Offer made')).findByRole('article', { name: 'Ana Owner' });
    expect(within(column('Analyzing')).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('Dropped Ana Owner on Offer made.')).toBeInTheDocument();
    // The card keeps the focus in its new column, ready for the next move.
    await waitFor(() => expect(moved).toHaveFocus());
  });

  it('crosses several columns and the dead lane, and asks for what a stage needs before sending', async () => {
    const deals = [deal()];
    const fetchMock = board(deals, (body) => ({ body: { ...deals[0]!, ...body } }));
    renderApp('/revenue');
    const user = userEvent.setup();
    await pickUpAna(user);
    await user.keyboard('[ArrowRight][ArrowRight]');
    expect(await screen.findByText('Ana Owner is over Under contract.')).toBeInTheDocument();
    await user.keyboard('[ArrowDown]');
    expect(await screen.findByText('Ana Owner is over Dead.')).toBeInTheDocument();
    await user.keyboard('[ArrowUp]');
    expect(await screen.findByText('Ana Owner is back over Analyzing, where it is now.')).toBeInTheDocument();
    await user.keyboard('[ArrowRight][ArrowRight]');
    await screen.findByText('Ana Owner is over Under contract.');
    await user.keyboard('[Space]');

    // The same check as a drag or the menu: Under contract needs a contract price, asked before anything is sent.
    const dialog = await screen.findByRole('dialog', { name: 'Move to Under contract' });
    expect(dialog).toHaveTextContent('Under contract needs a contract price for Ana Owner.');
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([]);
  });

  it('puts the card back on Escape without a request', async () => {
    const fetchMock = board([deal()], () => ({ body: deal() }));
    renderApp('/revenue');
    const user = userEvent.setup();
    await holdAnaOverOfferMade(user);
    await user.keyboard('[Escape]');

    expect(await screen.findByText('Move cancelled. Ana Owner stays in Analyzing.')).toBeInTheDocument();
    expect(within(column('Analyzing')).getByRole('article', { name: 'Ana Owner' })).toBeInTheDocument();
    expect(within(column('Offer made')).queryByRole('article')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([]);
  });

  it("shows the server's refusal of a keyboard move and puts the card back in its column", async () => {
    const fetchMock = board([deal()], () => ({ status: 400, body: { error: { code: 'STAGE_NEEDS_DATA', message: 'Offer made needs an offer on the deal first' } } }));
    renderApp('/revenue');
    const user = userEvent.setup();
    await holdAnaOverOfferMade(user);
    await user.keyboard('[Space]');

    expect(await screen.findByText('Offer made needs an offer on the deal first')).toBeInTheDocument();
    expect(screen.getByText('Could not move Ana Owner to Offer made')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([{ stage: 'offer_made' }]);
    const back = await within(column('Analyzing')).findByRole('article', { name: 'Ana Owner' });
    expect(within(column('Offer made')).queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(back).toHaveFocus());
  });

  it('leaves Enter on the link inside a card to the link', async () => {
    board([deal()], () => ({ body: deal() }));
    const { router } = renderApp('/revenue');
    const user = userEvent.setup();
    const link = within(await card('Ana Owner')).getByRole('link', { name: 'Ana Owner' });
    link.focus();
    await user.keyboard('[Enter]');
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-1'));
  });
});

describe('stageByArrow', () => {
  it('walks the columns, steps down to Dead and back up to the deal’s own column, and stops at the ends', () => {
    expect(stageByArrow('ArrowRight', 'analyzing', 'analyzing')).toBe('offer_made');
    expect(stageByArrow('ArrowRight', 'closed', 'analyzing')).toBeNull();
    expect(stageByArrow('ArrowLeft', 'analyzing', 'analyzing')).toBeNull();
    expect(stageByArrow('ArrowLeft', 'marketing', 'analyzing')).toBe('under_contract');
    expect(stageByArrow('ArrowDown', 'marketing', 'analyzing')).toBe('dead');
    expect(stageByArrow('ArrowDown', 'dead', 'analyzing')).toBeNull();
    expect(stageByArrow('ArrowUp', 'dead', 'marketing')).toBe('marketing');
    expect(stageByArrow('ArrowUp', 'dead', 'dead')).toBe('analyzing');
    expect(stageByArrow('ArrowRight', 'dead', 'analyzing')).toBeNull();
  });
});
