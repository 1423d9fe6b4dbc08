import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { fakeLayout, makeLead, mockLeadsApi, toListItem } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { sequence, SEQUENCE_ID } from './test-fixtures';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('@/features/leads/leads-page');
});
afterAll(() => restoreLayout());

const leads = [
  makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', status: 'new' }),
  makeLead({ id: 'lead-2', owner_1_name: 'Ben Buyer', status: 'new' }),
  makeLead({ id: 'lead-3', owner_1_name: 'Cy Third', status: 'new' }),
];
const PROBATE = sequence({ id: 'seq-2', name: 'Probate touch' });
const ENROL_PATH = (id: string) => `/api/sequences/${id}/enrollments`;
/** The leads page's own header (the app shell has another on phones). */
const pageHeader = async () => (await screen.findByRole('heading', { name: 'Leads', level: 1 })).closest('header')!;

function mock(enrolReply: { status?: number; body?: unknown }, sequences = [sequence(), PROBATE]) {
  return mockLeadsApi({
    'GET /api/leads': { body: { items: leads.map(toListItem), total: leads.length, total_exact: true } },
    'GET /api/sequences': { body: { items: sequences } },
    [`POST ${ENROL_PATH(SEQUENCE_ID)}`]: enrolReply,
    [`POST ${ENROL_PATH('seq-2')}`]: enrolReply,
  });
}

describe('Add to sequence on the leads list', () => {
  it('enrols the selected leads in the chosen sequence, then says how many went in and why the others did not', async () => {
    const fetchMock = mock({ body: { enrolled: 1, skipped: [{ lead_id: 'lead-2', reason: 'dnc' }] } });
    renderApp('/leads');
    const user = userEvent.setup();
    for (const name of ['Ana Owner', 'Ben Buyer']) {
      await user.click(within(await screen.findByRole('row', { name })).getByRole('checkbox', { name: `Select ${name}` }));
    }
    // The header's button (every lead of the filter) gives way to the selection's.
    expect(within(await pageHeader()).queryByRole('button', { name: 'Add to sequence' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Selected leads' })).getByRole('button', { name: 'Add to sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a sequence' });
    expect(dialog).toHaveTextContent('Enrol the 2 leads selected.');
    await user.selectOptions(await within(dialog).findByLabelText('Sequence'), 'Probate touch (3 steps)');
    await user.click(within(dialog).getByRole('button', { name: 'Enrol' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent('1 enrolled in “Probate touch”');
    expect(within(result).getByRole('listitem')).toHaveTextContent('On the Do-Not-Contact list1');
    expect(sentBodies(fetchMock, 'POST', ENROL_PATH('seq-2'))).toEqual([{ lead_ids: ['lead-1', 'lead-2'] }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected leads' })).not.toBeInTheDocument());
  });

  it('without a selection, enrols every lead of the current filter and groups the skipped by reason', async () => {
    const fetchMock = mock({
      body: { enrolled: 0, skipped: [{ lead_id: 'lead-1', reason: 'already_enrolled' }, { lead_id: 'lead-2', reason: 'cooldown' }, { lead_id: 'lead-3', reason: 'already_enrolled' }] },
    });
    renderApp('/leads?status=new&search=oak&page=2');
    const user = userEvent.setup();
    await user.click(await within(await pageHeader()).findByRole('button', { name: 'Add to sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a sequence' });
    expect(dialog).toHaveTextContent('Enrol every lead matching the filters (3 leads).');
    await within(dialog).findByRole('option', { name: 'Cold follow-up (3 steps)' });
    await user.click(within(dialog).getByRole('button', { name: 'Enrol' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent('0 enrolled in “Cold follow-up”');
    expect(result).toHaveTextContent('3 not enrolled:');
    expect(within(result).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Already in this sequence2', 'Left this sequence recently; the cooldown has not passed1']);
    expect(sentBodies(fetchMock, 'POST', ENROL_PATH(SEQUENCE_ID))).toEqual([{ filter: { status: 'new', search: 'oak' } }]);
  });

  it('says why the server refused, as a sentence', async () => {
    mock({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'filter: matches more than 10,000 leads; narrow the filter and enrol the rest in another request' } } });
    renderApp('/leads');
    const user = userEvent.setup();
    await user.click(await within(await pageHeader()).findByRole('button', { name: 'Add to sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a sequence' });
    await within(dialog).findByRole('option', { name: 'Cold follow-up (3 steps)' });
    await user.click(within(dialog).getByRole('button', { name: 'Enrol' }));
    expect(await within(dialog).findByText('Matches more than 10,000 leads; narrow the filter and enrol the rest in another request.')).toBeInTheDocument();
  });

  it('offers to write a sequence when there is none', async () => {
    mock({ body: { enrolled: 0, skipped: [] } }, []);
    renderApp('/leads');
    const user = userEvent.setup();
    await user.click(await within(await pageHeader()).findByRole('button', { name: 'Add to sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a sequence' });
    expect(await within(dialog).findByRole('link', { name: 'New sequence' })).toHaveAttribute('href', '/automation/sequences/new');
  });
});
