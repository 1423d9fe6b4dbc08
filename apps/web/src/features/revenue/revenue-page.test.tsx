import type { Deal } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deal, mockDealsApi, REVENUE, sentBodies } from '@/features/deals/test-fixtures';
import { requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./revenue-page');
});

afterEach(() => {
  toast.dismiss();
});

const OPEN = ['analyzing', 'offer_made', 'under_contract', 'marketing', 'assigned'];

/** GET /api/deals answering by stage from `deals`, which a test may change (as the server would). */
function dealsByStage(deals: Deal[]) {
  return (url: URL) => {
    const stage = url.searchParams.get('stage');
    const owner = url.searchParams.get('owner');
    const items = deals.filter((d) => (stage === 'open' ? OPEN.includes(d.stage) : d.stage === stage) && (!owner || d.owner_user_id === owner));
    return { body: { items, total: items.length } };
  };
}

const column = (name: string) => screen.getByRole('region', { name });

describe('the pipeline board', () => {
  it('shows each stage as a column with its deals, their figures and deadlines', async () => {
    const fetchMock = mockDealsApi({
      'GET /api/deals': dealsByStage([
        deal(),
        deal({ id: 'deal-2', lead_name: 'Bo Seller', stage: 'under_contract', contract_price: 180000, assignment_fee: 20000, closing_date: '2099-01-10' }),
        deal({ id: 'deal-3', lead_name: 'Cy Closed', stage: 'closed', contract_price: 150000, assignment_fee: 12000, assignment_fee_actual: 14000 }),
        deal({ id: 'deal-4', lead_name: 'Di Dead', stage: 'dead', dead_reason: 'Sold to another investor' }),
      ]),
    });
    renderApp('/revenue');
    const analyzing = await screen.findByRole('region', { name: 'Analyzing' });
    expect(within(analyzing).getByRole('article', { name: 'Ana Owner' })).toHaveTextContent('Max offer$160,000');
    expect(within(analyzing).getByText('1 deal')).toBeInTheDocument();
    for (const name of ['Offer made', 'Marketing', 'Assigned']) expect(within(column(name)).getByText('No deals')).toBeInTheDocument();
    const contract = within(column('Under contract')).getByRole('article', { name: 'Bo Seller' });
    expect(contract).toHaveTextContent('Contract$180,000');
    expect(within(contract).getByRole('list', { name: 'Deadlines' })).toHaveTextContent('Closing');
    expect(within(column('Under contract')).getByText('1 deal · $20,000 in fees')).toBeInTheDocument();
    expect(within(column('Closed')).getByRole('article', { name: 'Cy Closed' })).toHaveTextContent('Fee$14,000');
    expect(within(column('Dead')).getByText(/1 deal/)).toBeInTheDocument();
    expect(within(analyzing).getByRole('link', { name: 'Ana Owner' })).toHaveAttribute('href', '/deals/deal-1');

    const asked = requestedUrls(fetchMock, '/api/deals').map((u) => u.search);
    expect(asked).toEqual(expect.arrayContaining(['?stage=open&limit=500', '?stage=closed&limit=25', '?stage=dead&limit=25']));
    const figures = await screen.findByRole('region', { name: 'Revenue figures' });
    expect(figures).toHaveTextContent('Fees closed$15,0001 deal closed in the last 12 months');
    expect(figures).toHaveTextContent('Weighted pipeline$3,000$30,000 expected from 1 open deal');
    expect(figures).toHaveTextContent('Referral fees$3,000Received from partner agents in the last 12 months; not assignment feesExpected (2 open referrals)$4,500Received (1 referral)$3,000');
  });

  it('asks for the contract price a move to Under contract needs, and sends it with the stage', async () => {
    const deals = [deal()];
    const fetchMock = mockDealsApi({
      'GET /api/deals': dealsByStage(deals),
      'POST /api/deals/deal-1/stage': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { stage: Deal['stage']; fields: Partial<Deal> };
        deals[0] = { ...deals[0]!, ...body.fields, stage: body.stage };
        return { body: deals[0] };
      },
    });
    renderApp('/revenue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ana Owner to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Under contract' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move to Under contract' });
    expect(dialog).toHaveTextContent('Under contract needs a contract price for Ana Owner.');
    expect(within(dialog).queryByLabelText('Buyer')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move to Under contract' }));
    expect(within(dialog).getByText('Enter the contract price')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Contract price'), '180,000');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Under contract' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([{ stage: 'under_contract', fields: { contract_price: 180000 } }]);
    expect(await within(column('Under contract')).findByRole('article', { name: 'Ana Owner' })).toHaveTextContent('Contract$180,000');
  });

  it('asks for the buyer and fee of an assignment, and a reason to mark a deal dead', async () => {
    const fetchMock = mockDealsApi({
      'GET /api/deals': dealsByStage([deal({ contract_price: 180000 })]),
      'POST /api/deals/deal-1/stage': { status: 400, body: { error: { code: 'VALIDATION', message: 'Assigned needs a buyer' } } },
    });
    renderApp('/revenue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ana Owner to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assigned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Assigned' });
    expect(within(dialog).queryByLabelText('Contract price')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Buyer'), await within(dialog).findByRole('option', { name: 'Maria Chen (Chen Capital)' }));
    await user.type(within(dialog).getByLabelText('Assignment fee'), '$15000');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Assigned' }));
    // A refusal after the dialog shows in it, with what was typed kept.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Assigned needs a buyer');
    expect(within(dialog).getByLabelText('Assignment fee')).toHaveValue('$15000');
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toEqual([
      { stage: 'assigned', fields: { buyer_id: '11111111-1111-4111-8111-111111111111', assignment_fee: 15000 } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Move Ana Owner to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dead' }));
    const dead = await screen.findByRole('dialog', { name: 'Move to Dead' });
    await user.type(within(dead).getByLabelText('Reason'), 'Seller listed with an agent');
    await user.click(within(dead).getByRole('button', { name: 'Move to Dead' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')).toHaveLength(2));
    expect(sentBodies(fetchMock, 'POST', '/api/deals/deal-1/stage')[1]).toEqual({ stage: 'dead', reason: 'Seller listed with an agent' });
  });

  it("shows the server's refusal as a sentence and puts the card back", async () => {
    mockDealsApi({
      'GET /api/deals': dealsByStage([deal()]),
      'POST /api/deals/deal-1/stage': { status: 400, body: { error: { code: 'VALIDATION', message: 'Offer made needs an offer on the deal first' } } },
    });
    renderApp('/revenue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ana Owner to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Offer made' }));
    expect(await screen.findByText('Offer made needs an offer on the deal first')).toBeInTheDocument();
    expect(screen.getByText('Could not move Ana Owner to Offer made')).toBeInTheDocument();
    await waitFor(() => expect(within(column('Analyzing')).getByRole('article', { name: 'Ana Owner' })).toBeInTheDocument());
    expect(within(column('Offer made')).queryByRole('article')).not.toBeInTheDocument();
  });

  it('filters the board and the figures by owner through the URL and shows the list view as a table', async () => {
    const bens = { ...REVENUE, closedByMonth: [{ month: '2026-03', fees: 6000, deals: 1 }], closedDeals: 1, referralFees: { expected: 0, expectedReferrals: 0, received: 0, receivedReferrals: 0 } };
    const fetchMock = mockDealsApi({
      'GET /api/deals': dealsByStage([deal(), deal({ id: 'deal-2', lead_name: 'Bo Seller', owner_user_id: 'user-2', owner_name: 'Ben Ortiz' })]),
      'GET /api/deals/revenue': (url) => ({ body: url.searchParams.get('owner') === 'user-2' ? bens : REVENUE }),
    });
    const { router } = renderApp('/revenue');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Bo Seller' });
    expect(await screen.findByRole('region', { name: 'Revenue figures' })).toHaveTextContent('Fees closed$15,000');
    await user.selectOptions(screen.getByLabelText('Owner'), await screen.findByRole('option', { name: 'Ben Ortiz' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana Owner' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?owner=user-2');
    expect(requestedUrls(fetchMock, '/api/deals').some((u) => u.searchParams.get('owner') === 'user-2')).toBe(true);
    // The figures follow the owner: Ben's alone, and the page says whose they are.
    expect(requestedUrls(fetchMock, '/api/deals/revenue').map((u) => u.search)).toEqual(['?months=12', '?months=12&owner=user-2']);
    const figures = await screen.findByRole('region', { name: 'Revenue figures' });
    await waitFor(() => expect(figures).toHaveTextContent('Fees closed$6,0001 deal closed in the last 12 months'));
    expect(figures).toHaveTextContent('for referrals Ben Ortiz sent');
    expect(screen.getByText(/^Ben Ortiz's deals from analysis to closing/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export deals as CSV' })).toHaveAttribute('href', '/api/deals/export.csv?owner=user-2');

    await user.click(screen.getByRole('button', { name: 'List' }));
    const table = await screen.findByRole('table', { name: 'Deals' });
    const row = within(table).getByRole('row', { name: 'Bo Seller' });
    expect(row).toHaveTextContent('Analyzing');
    expect(row).toHaveTextContent('Ben Ortiz');
    expect(within(row).getByRole('button', { name: /Move to/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?owner=user-2&view=list');
  });
});
