import { ONBOARDING_ITEMS, type Onboarding } from '@wholesail/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { ME } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./onboarding-page');
});

const DONE = new Set(['named', 'phone_number', 'first_call']);
const state = (dismissed_at: string | null = null): Onboarding => ({
  items: ONBOARDING_ITEMS.map((i) => ({ key: i.key, done: DONE.has(i.key) })), done: 3, total: 8, complete: false, dismissed_at,
});

describe('/onboarding', () => {
  it('ticks the steps the data says are done, links the others to where they are done, and lets an owner hide it', async () => {
    const fetchMock = mockLeadsApi({
      'GET /api/onboarding': { body: state() },
      'POST /api/onboarding/dismiss': { body: state('2026-11-28T10:00:00.000Z') },
    });
    renderApp('/onboarding');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(screen.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.getByText('3 of 8 done')).toBeInTheDocument();
    const call = within(steps).getByText('Place your first call').closest('li')!;
    expect(call).toHaveAttribute('data-state', 'done');
    expect(within(call).queryByRole('link')).not.toBeInTheDocument();
    const invite = within(steps).getByText('Invite your team').closest('li')!;
    expect(invite).toHaveAttribute('data-state', 'open');
    expect(within(invite).getByRole('link', { name: 'Invite someone' })).toHaveAttribute('href', '/settings');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide the checklist' }));
    expect(await screen.findByRole('button', { name: 'Show it after sign-in again' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding/dismiss')).toEqual([{ dismissed: true }]);
  });

  it('gives a member the checklist without the hide button', async () => {
    mockLeadsApi({ 'GET /api/me': { body: { ...ME, role: 'member' } }, 'GET /api/onboarding': { body: state() } });
    renderApp('/onboarding');
    await screen.findByRole('list', { name: 'Setup steps' });
    expect(screen.queryByRole('button', { name: 'Hide the checklist' })).not.toBeInTheDocument();
  });
});
