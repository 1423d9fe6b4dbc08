import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { sequence } from './test-fixtures';

beforeAll(async () => {
  await import('./automation-page');
});

const RULES = { 'GET /api/automation-rules': { body: { items: [] } } };

describe('the Sequences tab of /automation', () => {
  it('lists each sequence with its steps, leads in it, replies, exits, cooldown and cap, and links to its editor', async () => {
    mockLeadsApi({ ...RULES, 'GET /api/sequences': { body: { items: [sequence(), sequence({ id: 'seq-2', name: 'Probate touch', steps: [{ kind: 'add_tag', delay_minutes: 60, tag: 'probate' }], cooldown_days: 0, daily_cap: 50, counts: { active: 0, completed: 0, exited: 0, replied: 0 } })] } } });
    renderApp('/automation');
    const link = await screen.findByRole('link', { name: 'Cold follow-up' });
    expect(link).toHaveAttribute('href', `/automation/sequences/${sequence().id}`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Text → Email → Call task');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['3', '12', '4', '5', '3', '30 days', 'Organization’s']);
    const other = screen.getByRole('link', { name: 'Probate touch' }).closest('tr')!;
    expect(within(other).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['1', '0', '0', '0', '0', 'None', '50 a day']);
    expect(screen.getByRole('link', { name: 'New sequence' })).toHaveAttribute('href', '/automation/sequences/new');
  });

  it('explains what a sequence is when there is none, and offers to write one', async () => {
    mockLeadsApi({ ...RULES, 'GET /api/sequences': { body: { items: [] } } });
    renderApp('/automation');
    expect(await screen.findByRole('heading', { name: 'No sequences yet' })).toBeInTheDocument();
    expect(screen.getByText(/A sequence follows up for you/)).toHaveTextContent('every text waits for the lead’s legal calling hours');
    expect(screen.getByRole('link', { name: 'New sequence' })).toHaveAttribute('href', '/automation/sequences/new');
  });

  it('keeps the tab in the address: Rules is ?tab=rules', async () => {
    mockLeadsApi({ ...RULES, 'GET /api/sequences': { body: { items: [] } } });
    const { router } = renderApp('/automation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Rules' }));
    expect(currentUrl(router)).toBe('/automation?tab=rules');
    expect(screen.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Sequences' }));
    expect(currentUrl(router)).toBe('/automation');
  });
});
