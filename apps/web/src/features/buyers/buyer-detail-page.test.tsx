import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentUrl } from '@/test/render-app';
import { BUYER, renderBuyers } from './test-utils';


afterEach(() => {
  toast.dismiss();
});

describe('buyer detail', () => {
  it('says so for an unknown buyer (404)', async () => {
    mockApi({ 'GET /api/buyers/nope': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Buyer not found' } } } });
    renderBuyers('/buyers/nope');
    expect(await screen.findByText('Buyer not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to buyers' })).toHaveAttribute('href', '/buyers');
  });

  it('says not found, not the validation text, for an address that cannot be a buyer id (400)', async () => {
    mockApi({ 'GET /api/buyers/xyz': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'id: expected a buyer id' } } } });
    renderBuyers('/buyers/xyz');
    expect(await screen.findByText('Buyer not found')).toBeInTheDocument();
    expect(screen.queryByText(/expected a buyer id/)).not.toBeInTheDocument();
  });

  it('shows other failures as they are', async () => {
    mockApi({ 'GET /api/buyers/b-1': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'You need an organization' } } } });
    renderBuyers('/buyers/b-1');
    expect(await screen.findByText('You need an organization')).toBeInTheDocument();
    expect(screen.queryByText('Buyer not found')).not.toBeInTheDocument();
  });

  it('edits with PATCH and toggles active', async () => {
    let stored = BUYER;
    const fetchMock = mockApi({
      'GET /api/buyers/b-1': () => ({ body: stored }),
      'PATCH /api/buyers/b-1': (init) => {
        stored = { ...stored, ...JSON.parse(String(init?.body)) };
        return { body: stored };
      },
    });
    renderBuyers('/buyers/b-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Buyer deactivated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toEqual({ is_active: false });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const company = within(dialog).getByLabelText('Company');
    await user.clear(company);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Buyer saved')).toBeInTheDocument();
    const edit = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')[1];
    expect(JSON.parse(String(edit?.[1]?.body))).toMatchObject({ contact_name: 'Maria Chen', company_name: null, is_active: false, buyer_score: 88 });
  });

  it('deletes after confirming and goes back to the list', async () => {
    const fetchMock = mockApi({
      'GET /api/buyers/b-1': { body: BUYER },
      'DELETE /api/buyers/b-1': { status: 204 },
      'GET /api/buyers?limit=25&offset=0': { body: { items: [], total: 0 } },
    });
    const { router } = renderBuyers('/buyers/b-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete buyer' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/buyers'));
    expect(await screen.findByText('Buyer deleted')).toBeInTheDocument();
  });

  it('shows the server message when delete fails', async () => {
    mockApi({
      'GET /api/buyers/b-1': { body: BUYER },
      'DELETE /api/buyers/b-1': { status: 409, body: { error: { code: 'CONFLICT', message: 'Buyer is linked to an open deal' } } },
    });
    renderBuyers('/buyers/b-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete buyer' }));
    expect(await screen.findByText('Failed to delete buyer')).toBeInTheDocument();
    expect(screen.getByText('Buyer is linked to an open deal')).toBeInTheDocument();
  });
});
