import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fakeLayout, makeLead, mockLeadsApi, requestedUrls, toListItem } from './test-fixtures';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('./leads-page');
});
afterAll(() => restoreLayout());
afterEach(() => {
  toast.dismiss();
});

const leads = [
  makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', status: 'new', badges: ['vacant'] }),
  makeLead({ id: 'lead-2', owner_1_name: 'Ben Buyer', status: 'discovery', badges: ['probate', 'vacant'] }),
  makeLead({ id: 'lead-3', owner_1_name: 'Cy Third', status: 'new' }),
];
const list = { body: { items: leads.map(toListItem), total: leads.length, total_exact: true } };

type Body = { ids: string[]; status?: string; add_tags?: string[]; remove_tags?: string[] };

async function openList(reply: { status?: number; body?: unknown } = { body: { updated: 2, skipped: 0 } }) {
  const sent: Body[] = [];
  const fetchMock = mockLeadsApi({
    'GET /api/leads': list,
    'POST /api/leads/bulk': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)) as Body);
      return reply;
    },
  });
  renderApp('/leads');
  await screen.findByRole('row', { name: 'Ana Owner' });
  const user = userEvent.setup();
  const select = async (name: string) => user.click(within(screen.getByRole('row', { name })).getByRole('checkbox', { name: `Select ${name}` }));
  return { fetchMock, sent, user, select };
}

describe('bulk changes from the list selection', () => {
  it('shows the bar only while rows are selected, and ticking a row does not open it', async () => {
    const { select } = await openList();
    expect(screen.queryByRole('region', { name: 'Selected leads' })).not.toBeInTheDocument();
    await select('Ana Owner');
    expect(screen.getByRole('region', { name: 'Selected leads' })).toHaveTextContent('1 selected');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the status of the selected leads in one request, then clears the selection and refreshes the list', async () => {
    const { fetchMock, sent, user, select } = await openList();
    await select('Ana Owner');
    await select('Ben Buyer');
    const bar = screen.getByRole('region', { name: 'Selected leads' });
    expect(bar).toHaveTextContent('2 selected');
    const before = requestedUrls(fetchMock, '/api/leads').length;
    await user.selectOptions(within(bar).getByLabelText('Change status'), 'Follow up');
    await waitFor(() => expect(sent).toEqual([{ ids: ['lead-1', 'lead-2'], status: 'add-to-followup' }]));
    expect(await screen.findByText('2 leads updated')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected leads' })).not.toBeInTheDocument();
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/leads').length).toBeGreaterThan(before));
  });

  it('adds a tag and removes one of the tags the selected leads carry', async () => {
    const { sent, user, select } = await openList({ body: { updated: 1, skipped: 1 } });
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByRole('region', { name: 'Selected leads' })).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.type(await screen.findByLabelText('Tag to add'), 'hot{Enter}');
    await waitFor(() => expect(sent).toEqual([{ ids: ['lead-1', 'lead-2', 'lead-3'], add_tags: ['hot'] }]));
    expect(await screen.findByText('1 lead updated')).toBeInTheDocument();
    expect(screen.getByText('1 lead already so or no longer listed')).toBeInTheDocument();

    await select('Ben Buyer');
    const remove = within(screen.getByRole('region', { name: 'Selected leads' })).getByLabelText('Remove tag');
    expect(within(remove).getAllByRole('option').map((o) => o.textContent)).toEqual(['Remove tag…', 'probate', 'vacant']);
    await user.selectOptions(remove, 'probate');
    await waitFor(() => expect(sent[1]).toEqual({ ids: ['lead-2'], remove_tags: ['probate'] }));
  });

  it('says why nothing changed and keeps the selection when the server refuses', async () => {
    const { user, select } = await openList({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'ids: at most 500 leads at a time' } } });
    await select('Cy Third');
    await user.selectOptions(screen.getByLabelText('Change status'), 'Discovery');
    expect(await screen.findByText('The selected leads were not changed')).toBeInTheDocument();
    expect(screen.getByText('ids: at most 500 leads at a time')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Selected leads' })).toHaveTextContent('1 selected');
  });
});
