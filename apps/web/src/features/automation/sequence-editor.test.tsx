import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS, sentBodies } from '@/features/deals/test-fixtures';
import { makeLead, mockLeadsApi, toListItem } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { segmentText } from './message-field';
import { sequence, SEQUENCE_ID } from './test-fixtures';

beforeAll(async () => {
  await import('./sequence-editor-page');
});
afterEach(() => {
  toast.dismiss();
});

const ANA = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', owner_1_first_name: 'Ana', property_address_full: '12 Oak St, Austin, TX 78701', property_address_city: 'Austin' });
const SUPPORT = {
  'GET /api/organization/members': { body: { members: MEMBERS } },
  'GET /api/leads': { body: { items: [toListItem(ANA)], total: 1, total_exact: true } },
};
const step = (n: number) => screen.getByRole('group', { name: `Step ${n}` });

describe('the sequence editor', () => {
  it('checks a new sequence with the domain’s rules in sentences, previews the text for a chosen lead, counts its segments and saves it', async () => {
    const fetchMock = mockLeadsApi({
      ...SUPPORT,
      'POST /api/sequences': { status: 201, body: sequence({ id: 'seq-new' }) },
      'GET /api/sequences/seq-new': { body: sequence({ id: 'seq-new' }) },
    });
    const { router } = renderApp('/automation/sequences/new');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'New sequence' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create sequence' }));
    expect(await screen.findByText('A sequence needs a name.')).toBeInTheDocument();
    expect(within(step(1)).getByText('A text step needs a message.')).toBeInTheDocument();
    expect(within(step(1)).getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/sequences')).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Cold follow-up');
    const message = within(step(1)).getByLabelText('Message');
    await user.type(message, 'Hi ');
    await user.click(within(step(1)).getByRole('button', { name: 'Insert {first_name}' }));
    await user.type(message, ', is {{street} still yours? {{agent_name}');
    expect(message).toHaveValue('Hi {first_name}, is {street} still yours? {agent_name}');
    expect(within(step(1)).getByText(/characters ·/)).toHaveTextContent('To a lead with no details on file: 49 characters · 1 segment');
    expect(within(step(1)).getByText(/Texts go out only inside the lead’s calling window/)).toHaveTextContent('8:00 AM–9:00 PM by federal law');

    // No lead chosen: each field reads what a lead without it would.
    expect(within(step(1)).getByRole('figure', { name: 'Preview of message' })).toHaveTextContent('Hi there, is your property still yours? Ana Lopez');
    await user.click(screen.getByRole('button', { name: 'Choose a lead' }));
    const picker = await screen.findByRole('dialog', { name: 'Preview for a lead' });
    await user.type(within(picker).getByLabelText('Search leads'), 'Ana');
    await user.click(await within(picker).findByRole('button', { name: /Ana Owner/ }));
    const preview = within(step(1)).getByRole('figure', { name: 'Preview of message' });
    expect(preview).toHaveTextContent('As Ana Owner would read it');
    expect(preview).toHaveTextContent('Hi Ana, is 12 Oak St still yours? Ana Lopez');
    expect(within(step(1)).getByText(/characters ·/)).toHaveTextContent('To Ana Owner: 43 characters · 1 segment');

    await user.click(screen.getByRole('button', { name: 'Add a step after step 1' }));
    await user.selectOptions(within(step(2)).getByLabelText('Then'), 'Change the status');
    expect(within(step(2)).queryByText(/calling window/)).not.toBeInTheDocument();
    await user.selectOptions(within(step(2)).getByLabelText('New status'), 'Follow up');
    await user.clear(within(step(2)).getByLabelText('Wait'));
    await user.type(within(step(2)).getByLabelText('Wait'), '2');
    await user.selectOptions(within(step(2)).getByLabelText('Unit'), 'hours');
    await user.click(screen.getByRole('button', { name: 'Create sequence' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/automation/sequences/seq-new'));
    expect(sentBodies(fetchMock, 'POST', '/api/sequences')).toEqual([
      {
        name: 'Cold follow-up',
        stop_on_reply: true,
        cooldown_days: 30,
        daily_cap: null,
        exit_statuses: [],
        steps: [
          { kind: 'text', delay_minutes: 0, body: 'Hi {first_name}, is {street} still yours? {agent_name}' },
          { kind: 'set_status', delay_minutes: 120, status: 'add-to-followup' },
        ],
      },
    ]);
  });

  it('names an unknown merge field before sending, and puts the server’s refusals by the fields they name', async () => {
    const fetchMock = mockLeadsApi({
      ...SUPPORT,
      [`GET /api/sequences/${SEQUENCE_ID}`]: { body: sequence() },
      [`PATCH /api/sequences/${SEQUENCE_ID}`]: {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: 'steps.1.subject: uses {street_name}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}; cooldown_days: must be at most 365' } },
      },
    });
    renderApp(`/automation/sequences/${SEQUENCE_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Cold follow-up' })).toBeInTheDocument();
    expect(within(step(2)).getByLabelText('Wait')).toHaveValue('3');
    expect(within(step(2)).getByLabelText('Unit')).toHaveValue('days');

    const message = within(step(1)).getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Hi {{firstname}');
    await user.click(screen.getByRole('button', { name: 'Save sequence' }));
    expect(await within(step(1)).findByText('Uses {firstname}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}.')).toBeInTheDocument();
    expect(screen.getByText('The sequence was not saved: fix the fields marked in red.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', `/api/sequences/${SEQUENCE_ID}`)).toEqual([]);

    await user.clear(message);
    await user.type(message, 'Hi {{first_name}');
    await user.click(screen.getByRole('button', { name: 'Save sequence' }));
    expect(await within(step(2)).findByText('Uses {street_name}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}.')).toBeInTheDocument();
    expect(within(step(2)).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Must be at most 365.')).toBeInTheDocument();
    expect(within(step(1)).queryByText(/merge field/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', `/api/sequences/${SEQUENCE_ID}`)).toHaveLength(1);
  });

  it('moves and removes steps, and deletes the sequence after confirming', async () => {
    const fetchMock = mockLeadsApi({
      ...SUPPORT,
      'GET /api/sequences': { body: { items: [] } },
      'GET /api/automation-rules': { body: { items: [] } },
      [`GET /api/sequences/${SEQUENCE_ID}`]: { body: sequence() },
      [`DELETE /api/sequences/${SEQUENCE_ID}`]: { status: 204 },
    });
    const { router } = renderApp(`/automation/sequences/${SEQUENCE_ID}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Cold follow-up' });
    await user.click(within(step(3)).getByRole('button', { name: 'Move step 3 up' }));
    expect(within(step(2)).getByLabelText('Then')).toHaveValue('call_task');
    expect(within(step(3)).getByLabelText('Then')).toHaveValue('email');
    await user.click(within(step(1)).getByRole('button', { name: 'Remove step 1' }));
    expect(screen.queryByRole('group', { name: 'Step 3' })).not.toBeInTheDocument();
    expect(within(step(1)).getByLabelText('Then')).toHaveValue('call_task');
    expect(within(step(1)).getByText('after enrolment')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Cold follow-up”?' });
    expect(confirm).toHaveTextContent('12 leads in it leave the sequence now');
    await user.click(within(confirm).getByRole('button', { name: 'Delete sequence' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/automation'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});

describe('the segment counter', () => {
  it('counts GSM-7 texts in 160/153 segments and says why a special character shortens them', () => {
    expect(segmentText('a'.repeat(160))).toBe('160 characters · 1 segment');
    expect(segmentText('a'.repeat(161))).toBe('161 characters · 2 segments');
    expect(segmentText('Hi 👋')).toBe('5 characters · 1 segment (an emoji or special character makes each segment 70 characters instead of 160)');
  });
});
