import type { DryRun } from '@wholesail/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/features/conversations/test-fixtures';
import { RulesSection } from './rules-section';
import { mockRulesApi, rule } from './test-fixtures';

const RESULT: DryRun = {
  total: 120,
  leads: [
    { id: 'lead-1', name: 'Ana Owner', address: '12 Oak St, Austin, TX 78701', status: 'new' },
    { id: 'lead-2', name: 'Bo Seller', address: null, status: 'discovery' },
  ],
  actions: ['Enrol in “No answer follow-up”', 'Assign to Ben Ortiz'],
  explanation: 'Leads in TX whose last 3 calls went unanswered',
};

const openDryRun = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Dry run “No answer after 3 calls”' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Dry run: No answer after 3 calls' }) };
};

describe('a rule’s dry run', () => {
  it('shows the total, the sample leads as links, the actions and the explanation, and says nothing was changed', async () => {
    const fetchMock = mockRulesApi([rule()], { 'POST /api/automation-rules/rule-1/dry-run': { body: RESULT } });
    renderWithProviders(<RulesSection />);
    const { dialog } = await openDryRun();
    expect(await within(dialog).findByText('120 leads would be touched now.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Nothing was changed. This is only a preview');
    expect(dialog).toHaveTextContent('Leads in TX whose last 3 calls went unanswered');
    expect(within(dialog).getByText('The first 2 of 120')).toBeInTheDocument();
    const actions = within(dialog).getByText('For each of them, the rule would:').nextElementSibling as HTMLElement;
    expect(within(actions).getAllByRole('listitem').map((li) => li.textContent)).toEqual(RESULT.actions);
    const leads = within(dialog).getByRole('list', { name: 'Leads the rule would touch' });
    expect(within(leads).getByRole('link', { name: 'Ana Owner' })).toHaveAttribute('href', '/leads/lead-1');
    expect(within(leads).getByRole('link', { name: 'Bo Seller' })).toHaveAttribute('href', '/leads/lead-2');
    expect(leads).toHaveTextContent('12 Oak St, Austin, TX 78701');
    expect(leads).toHaveTextContent('Discovery');
    // A dry run is its own POST: no write to the rule.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([input, init]) => `${init?.method} ${String(input)}`)).toEqual([
      'POST /api/automation-rules/rule-1/dry-run',
    ]);
  });

  it('says when no lead matches, and shows a refusal as a sentence', async () => {
    let answer: { status?: number; body: unknown } = { body: { ...RESULT, total: 0, leads: [] } };
    mockRulesApi([rule()], { 'POST /api/automation-rules/rule-1/dry-run': () => answer });
    renderWithProviders(<RulesSection />);
    const { user, dialog } = await openDryRun();
    expect(await within(dialog).findByText('No lead matches right now, so the rule would do nothing.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Leads the rule would touch' })).not.toBeInTheDocument();

    answer = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Rule not found' } } };
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    expect(await within(dialog).findByText('Rule not found.')).toBeInTheDocument();
  });
});
