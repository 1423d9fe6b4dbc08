import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/features/conversations/test-fixtures';
import { RulesSection } from './rules-section';
import { lastBody, mockRulesApi, rule, SEQUENCE_ID } from './test-fixtures';

const openNewRule = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New rule' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'New rule' }) };
};

describe('the rule editor', () => {
  it('refuses a rule with sentences on the fields, before sending anything', async () => {
    const fetchMock = mockRulesApi([]);
    renderWithProviders(<RulesSection />);
    const { user, dialog } = await openNewRule();
    await user.selectOptions(within(dialog).getByLabelText('When'), 'calls_unanswered');
    await user.clear(within(dialog).getByLabelText('Unanswered calls in a row'));
    await user.type(within(dialog).getByLabelText('Unanswered calls in a row'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));

    expect(await within(dialog).findByText('A rule needs a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at most 20.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a sequence.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Sequence')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Fixing a field clears its message, and so does changing an action's type; removing the last action says a rule needs one.
    await user.type(within(dialog).getByLabelText('Rule name'), 'Call-backs');
    expect(within(dialog).queryByText('A rule needs a name.')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Action 1', { selector: 'select' }), 'add_tag');
    expect(within(dialog).queryByText('Choose a sequence.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove action 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await within(dialog).findByText('A rule needs at least one action.')).toBeInTheDocument();
  });

  it('builds conditions and several actions into the request, and shows the rule as a sentence while typing', async () => {
    const fetchMock = mockRulesApi([], { 'POST /api/automation-rules': { status: 201, body: rule({ name: 'Texas import' }) } });
    renderWithProviders(<RulesSection />);
    const { user, dialog } = await openNewRule();
    await user.type(within(dialog).getByLabelText('Rule name'), 'Texas import');
    await user.selectOptions(within(dialog).getByLabelText('When'), 'lead_imported');
    await user.click(within(dialog).getByText(/If the lead…/));
    await user.type(within(dialog).getByLabelText('Property state'), 'tx');
    await user.type(within(dialog).getByLabelText('Tagged with any of'), 'vacant, Probate');
    await user.type(within(dialog).getByLabelText('Value up to'), '250000');
    await user.selectOptions(within(dialog).getByLabelText('Sequence'), SEQUENCE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Add an action' }));
    await user.selectOptions(within(dialog).getByLabelText('Action 2', { selector: 'select' }), 'assign_round_robin');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Ortiz' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana Lopez' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add an action' }));
    await user.selectOptions(within(dialog).getByLabelText('Action 3', { selector: 'select' }), 'create_task');
    await user.type(within(dialog).getByLabelText('Task'), 'Drive by the house');
    await user.clear(within(dialog).getByLabelText('Due after'));
    await user.type(within(dialog).getByLabelText('Due after'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'days');

    expect(within(dialog).getByText(/^When a lead is imported, if the lead/)).toHaveTextContent(
      'When a lead is imported, if the lead is tagged “vacant” or “probate”, is worth at most $250,000 and is in TX, then enrol in “No answer follow-up”, assign in turn to Ben Ortiz and Ana Lopez and create the task “Drive by the house” for the lead’s owner, due in 2 days.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Rule “Texas import” created')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/automation-rules')).toEqual({
      name: 'Texas import',
      trigger: { type: 'lead_imported' },
      conditions: { badges: 'vacant, Probate', maxValue: 250000, state: 'tx' },
      actions: [
        { type: 'enrol', sequence_id: SEQUENCE_ID },
        { type: 'assign_round_robin', user_ids: ['user-2', 'user-1'] },
        { type: 'create_task', title: 'Drive by the house', due_in_minutes: 2880 },
      ],
      is_active: true,
    });
  });

  it('puts the server’s refusal on the field it names, as a sentence, and anything else above the buttons', async () => {
    mockRulesApi([rule()], {
      'PATCH /api/automation-rules/rule-1': {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: 'actions.1.user_id: user_id: this member is not in your organization; conditions: the rule is too broad' } },
      },
    });
    renderWithProviders(<RulesSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “No answer after 3 calls”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “No answer after 3 calls”' });
    expect(within(dialog).getByLabelText('Member')).toHaveValue('user-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('This member is not in your organization.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Member')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The rule is too broad.');
  });

  it('deletes a rule only after asking', async () => {
    const fetchMock = mockRulesApi([rule()], { 'DELETE /api/automation-rules/rule-1': { status: 204 } });
    renderWithProviders(<RulesSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “No answer after 3 calls”' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    const question = within(dialog).getByRole('alertdialog');
    expect(question).toHaveTextContent('Delete this rule? It stops acting at once; what it already did to leads stays.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Rule deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/automation-rules/rule-1' && init?.method === 'DELETE')).toBe(true);
  });
});
