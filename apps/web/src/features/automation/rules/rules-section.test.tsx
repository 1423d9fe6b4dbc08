import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/features/conversations/test-fixtures';
import { RulesSection } from './rules-section';
import { lastBody, mockRulesApi, rule, SEQUENCE_ID } from './test-fixtures';

describe('the rules list', () => {
  it('says each rule in one sentence with the names of its sequence and member, and what it has done', async () => {
    mockRulesApi([rule(), rule({ id: 'rule-2', name: 'Hot seller', trigger: { type: 'call_completed', outcome: 'interested' }, conditions: {}, actions: [{ type: 'notify', message: 'Call them back', user_ids: [] }], runs: { applied: 12, last_at: new Date(Date.now() - 3 * 3_600_000).toISOString() } })]);
    renderWithProviders(<RulesSection />);
    const first = (await screen.findByRole('heading', { name: 'No answer after 3 calls' })).closest('li')!;
    expect(first).toHaveTextContent('When 3 calls in a row go unanswered, if the lead is in TX, then enrol in “No answer follow-up” and assign to Ben Ortiz.');
    expect(first).toHaveTextContent('Has not acted on a lead yet');
    const second = screen.getByRole('heading', { name: 'Hot seller' }).closest('li')!;
    expect(second).toHaveTextContent('When a call ends as “Interested”, then notify every member: “Call them back”.');
    expect(second).toHaveTextContent('Applied to 12 leads, last 3 hours ago');
  });

  it('switches a rule off with PATCH is_active and says so', async () => {
    const fetchMock = mockRulesApi([rule()], { 'PATCH /api/automation-rules/rule-1': { body: rule({ is_active: false }) } });
    renderWithProviders(<RulesSection />);
    const toggle = await screen.findByRole('switch', { name: 'Rule “No answer after 3 calls” on' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('“No answer after 3 calls” is off: it does nothing until you switch it on')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH', '/api/automation-rules/rule-1')).toEqual({ is_active: false });
  });

  it('explains rules when there is none and offers starting points that open the editor filled in, saving nothing', async () => {
    const fetchMock = mockRulesApi([], { 'POST /api/automation-rules': { status: 201, body: rule() } });
    renderWithProviders(<RulesSection />);
    expect(await screen.findByText('No rules yet')).toBeInTheDocument();
    const starts = screen.getByRole('list', { name: 'Starting points' });
    expect(starts).toHaveTextContent('When 3 calls in a row go unanswered, then enrol in “No answer follow-up”.');
    expect(starts).toHaveTextContent('When a lead is imported, if the lead has a motivation of at least 7, then create the task “Call this motivated seller” for the lead’s owner, due in 1 hour.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const user = userEvent.setup();
    await user.click(within(starts).getByRole('button', { name: 'Start from “No answer after 3 calls”' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    expect(within(dialog).getByLabelText('Rule name')).toHaveValue('No answer after 3 calls');
    expect(within(dialog).getByLabelText('Unanswered calls in a row')).toHaveValue('3');
    // The organization has a sequence of the suggested name: it is picked.
    expect(within(dialog).getByLabelText('Sequence')).toHaveValue(SEQUENCE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Rule “No answer after 3 calls” created')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/automation-rules')).toEqual({
      name: 'No answer after 3 calls', trigger: { type: 'calls_unanswered', count: 3 }, conditions: {}, actions: [{ type: 'enrol', sequence_id: SEQUENCE_ID }], is_active: true,
    });
  });
});
