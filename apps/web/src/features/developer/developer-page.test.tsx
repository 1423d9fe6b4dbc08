import type { ApiKey } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { ME } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('./developer-page');
});

const KEY: ApiKey = {
  id: 'key-1', name: 'Zapier', prefix: 'wsk_AbCd1234', scopes: ['leads:read', 'deals:read'], created_at: '2026-11-20T15:00:00.000Z',
  created_by: { id: 'user-1', name: 'Ana Lopez' }, last_used_at: null, expires_at: null, revoked_at: null,
};
const SECRET = 'wsk_NewK1234_' + 'x'.repeat(43);

describe('/developer', () => {
  it('creates a key with the scopes ticked and shows it once, with a copy button', async () => {
    let items: ApiKey[] = [KEY];
    const fetchMock = mockLeadsApi({
      'GET /api/api-keys': () => ({ body: { items } }),
      'POST /api/api-keys': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        const created = { ...KEY, id: 'key-2', name: body.name, prefix: 'wsk_NewK1234', scopes: body.scopes };
        items = [created, ...items];
        return { status: 201, body: { ...created, key: SECRET } };
      },
    });
    renderApp('/developer');
    expect(await screen.findByRole('row', { name: /Zapier/ })).toHaveTextContent('leads:read');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Name'), 'Make — texts');
    await user.click(within(dialog).getByRole('checkbox', { name: /texts:write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByLabelText('The new API key')).toHaveTextContent(SECRET);
    expect(sentBodies(fetchMock, 'POST', '/api/api-keys')).toEqual([{ name: 'Make — texts', scopes: ['leads:read', 'texts:write'], expires_at: null }]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy: The new API key' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy: The new API key' })).toHaveTextContent('Copied');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Once closed, the key is gone: the list shows only its prefix.
    expect(await screen.findByRole('row', { name: /Make — texts/ })).toHaveTextContent('wsk_NewK1234_…');
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a key after confirming', async () => {
    let items: ApiKey[] = [KEY];
    const fetchMock = mockLeadsApi({
      'GET /api/api-keys': () => ({ body: { items } }),
      'DELETE /api/api-keys/key-1': () => {
        items = [{ ...KEY, revoked_at: '2026-11-28T10:00:00.000Z' }];
        return { status: 204 };
      },
    });
    renderApp('/developer');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Zapier/ })).toHaveTextContent('Revoked'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Revoke Zapier' })).not.toBeInTheDocument();
  });

  it('tells a member that only owners and admins manage keys, and still shows the guide', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/me': { body: { ...ME, role: 'member' } } });
    renderApp('/developer');
    expect(await screen.findByText('Only owners and admins manage API keys')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByText(/\/api\/leads\?limit=25/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/api-keys'))).toBe(false);
  });
});
