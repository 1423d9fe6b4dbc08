import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/test/render-app';
import { fakeLayout, makeLead, mockLeadsApi, requestedUrls, toListItem } from './test-fixtures';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('./leads-page');
});
afterAll(() => restoreLayout());

const nia = makeLead({ id: 'lead-8', owner_1_name: 'Nia New' });

/** The dashboard's "N new leads since yesterday" opens /leads?created_after=<instant>. */
describe('/leads filtered to the leads created since an instant', () => {
  it('asks for exactly those leads, names the filter, and drops it on request', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads': { body: { items: [toListItem(nia)], total: 1, total_exact: true } } });
    const { router } = renderApp('/leads?created_after=2026-04-14T04%3A00%3A00.000Z');
    expect(await screen.findByRole('row', { name: 'Nia New' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/leads')[0]?.searchParams.get('created_after')).toBe('2026-04-14T04:00:00.000Z');
    expect(screen.getByText(/^Added since /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the added-since filter' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/leads'));
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/leads').at(-1)?.searchParams.has('created_after')).toBe(false));
  });

  it('ignores an address value that is not an instant', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads': { body: { items: [toListItem(nia)], total: 1, total_exact: true } } });
    renderApp('/leads?created_after=yesterday');
    expect(await screen.findByRole('row', { name: 'Nia New' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/leads')[0]?.searchParams.has('created_after')).toBe(false);
    expect(screen.queryByText(/^Added since /)).not.toBeInTheDocument();
  });
});
