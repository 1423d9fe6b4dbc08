import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeLead, mockLeadsApi } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { enrolment, SEQUENCE_ID, stepRun } from './test-fixtures';

beforeAll(async () => {
  await import('@/features/leads/lead-detail-page');
});
afterEach(() => {
  toast.dismiss();
});

const LEAD = {
  'GET /api/leads/lead-1': { body: makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', property_address_state: 'TX', property_address_zipcode: '78701' }) },
  'GET /api/leads/lead-1/activity': { body: { items: [], next_cursor: null } },
  'GET /api/deals': { body: { items: [], total: 0 } },
};
const card = () => screen.findByRole('region', { name: 'Automation' });
const MOVED = 'Texas allows no solicitation calls on Sunday before noon';

describe("the lead page's Automation card", () => {
  it('shows each enrolment with its state, why it left, and every step done, moved or skipped on the lead’s clock', async () => {
    mockLeadsApi({
      ...LEAD,
      'GET /api/leads/lead-1/automation': {
        body: {
          items: [
            enrolment({
              current_step: 1,
              steps: [
                stepRun({ state: 'done', ran_at: '2026-03-02T15:00:00.000Z' }),
                stepRun({ step_index: 1, kind: 'call_task', state: 'moved', due_at: '2026-03-08T14:00:00.000Z', moved_to: '2026-03-08T17:00:00.000Z', reason: MOVED }),
              ],
            }),
            enrolment({
              id: 'enrolment-0',
              sequence_id: 'seq-2',
              sequence_name: 'Probate touch',
              status: 'exited',
              exit_reason: 'replied',
              next_due_at: null,
              ended_at: '2026-02-20T18:30:00.000Z',
              steps: [stepRun({ kind: 'email', state: 'skipped', reason: 'The lead has no email address' })],
            }),
            enrolment({ id: 'enrolment-old', sequence_name: 'Welcome', status: 'completed', steps: [stepRun({ kind: 'add_tag', state: 'done', ran_at: '2026-01-05T16:00:00.000Z' })] }),
          ],
        },
      },
    });
    renderApp('/leads/lead-1');
    const region = await card();
    expect(within(region).getByText(/in the lead’s time \(CT\)/)).toBeInTheDocument();
    const active = await within(region).findByRole('listitem', { name: 'Cold follow-up' });
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByRole('link', { name: 'Cold follow-up' })).toHaveAttribute('href', `/automation/sequences/${SEQUENCE_ID}`);
    const steps = within(within(active).getByRole('list', { name: 'Steps of Cold follow-up' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Step 1 · Text — Done Mon, Mar 2, 9:00 AM CT',
      `Step 2 · Call task — Moved to Sun, Mar 8, 12:00 PM CT: ${MOVED}.`,
    ]);
    expect(within(active).getByRole('button', { name: 'Remove from sequence' })).toBeInTheDocument();

    const left = within(region).getByRole('listitem', { name: 'Probate touch' });
    expect(within(left).getByText('Left: Replied')).toBeInTheDocument();
    expect(within(left).getByText('The lead replied, so the sequence stopped.')).toBeInTheDocument();
    expect(left).toHaveTextContent('Step 1 · Email — Skipped: The lead has no email address.');
    expect(left).toHaveTextContent('left Fri, Feb 20, 12:30 PM CT');
    expect(within(left).queryByRole('button', { name: 'Remove from sequence' })).not.toBeInTheDocument();

    const done = within(region).getByRole('listitem', { name: 'Welcome' });
    expect(within(done).getByText('Finished')).toBeInTheDocument();
  });

  it('says when the lead is in no sequence, and removes it from one after confirming', async () => {
    let items = [enrolment({ steps: [stepRun({ state: 'due', due_at: '2026-03-02T15:00:00.000Z' })] })];
    const fetchMock = mockLeadsApi({
      ...LEAD,
      'GET /api/leads/lead-1/automation': () => ({ body: { items } }),
      [`DELETE /api/sequences/${SEQUENCE_ID}/enrollments/lead-1`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    renderApp('/leads/lead-1');
    const region = await card();
    expect(await within(region).findByText('Step 1 · Text')).toBeInTheDocument();
    expect(region).toHaveTextContent('Due Mon, Mar 2, 9:00 AM CT');
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Remove from sequence' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from “Cold follow-up”?' });
    expect(confirm).toHaveTextContent('The sequence’s cooldown starts now');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(region).findByText(/This lead is in no sequence/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/enrollments/lead-1'))).toBe(true));
  });

  it('shows a load failure with a retry', async () => {
    mockLeadsApi({ ...LEAD, 'GET /api/leads/lead-1/automation': { status: 503, body: { error: { code: 'DATABASE_UNAVAILABLE', message: 'the database is busy' } } } });
    renderApp('/leads/lead-1');
    const region = await card();
    expect(await within(region).findByText('Could not load the lead’s sequences: The database is busy.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
