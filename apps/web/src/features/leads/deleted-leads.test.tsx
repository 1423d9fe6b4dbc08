import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME } from '@/test/mock-api';
import { currentUrl, renderApp } from '@/test/render-app';
import { fakeLayout, makeLead, mockLeadsApi, requestedUrls, toListItem } from './test-fixtures';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('./leads-page');
});
afterAll(() => restoreLayout());

const gone = makeLead({ id: 'lead-9', owner_1_name: 'Gina Gone', property_address_full: '9 Elm St, Austin, TX 78701' });

describe('/leads "Deleted" filter', () => {
  it('lists the deleted leads and restores one for an owner, refreshing the list', async () => {
    let deleted = [gone];
    const fetchMock = mockLeadsApi({
      'GET /api/leads': (url) => ({ body: url.searchParams.get('deleted') === 'true' ? { items: deleted.map(toListItem), total: deleted.length, total_exact: true } : { items: [], total: 0, total_exact: true } }),
      'POST /api/leads/lead-9/restore': () => {
        deleted = [];
        return { body: gone };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/leads');
    await user.click(await screen.findByRole('button', { name: 'Deleted' }));
    expect(currentUrl(router)).toBe('/leads?deleted=true');
    const item = await screen.findByRole('listitem', { name: 'Gina Gone' });
    expect(within(item).getByText('9 Elm St, Austin, TX 78701')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('No deleted leads.')).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/leads/lead-9/restore')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Deleted' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a member the deleted leads without Restore', async () => {
    mockLeadsApi({
      'GET /api/me': { body: { ...ME, role: 'member' } },
      'GET /api/leads': { body: { items: [toListItem(gone)], total: 1, total_exact: true } },
    });
    renderApp('/leads?deleted=true');
    const item = await screen.findByRole('listitem', { name: 'Gina Gone' });
    expect(await screen.findByText(/An owner or admin can restore them/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });
});
