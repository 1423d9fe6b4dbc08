import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { clearOfflineData, getSessionOrSaved } from './offline-data';

const KEY = 'wholesail:offline-session';
/** better-auth's answer carries the session token. */
const FROM_SERVER = { ...SIGNED_IN_SESSION, session: { ...SIGNED_IN_SESSION.session, token: 'secret-token', userId: 'user-1' } };
const unreachable = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

afterEach(() => {
  window.localStorage.clear();
});

describe('the session offline', () => {
  it('keeps a copy without the token, and opens with it when the server cannot be reached', async () => {
    mockApi({ 'GET /api/auth/get-session': { body: FROM_SERVER } });
    expect(await getSessionOrSaved()).toEqual(FROM_SERVER);
    expect(window.localStorage.getItem(KEY)).not.toContain('secret-token');

    unreachable();
    expect(await getSessionOrSaved()).toEqual(SIGNED_IN_SESSION);
  });

  it('does not stand in for an answer from the server, a signed-out one or an expired session', async () => {
    mockApi({ 'GET /api/auth/get-session': { body: FROM_SERVER } });
    await getSessionOrSaved();
    mockApi({ 'GET /api/auth/get-session': { status: 500, body: {} } });
    await expect(getSessionOrSaved()).rejects.toMatchObject({ status: 500 });

    mockApi({ 'GET /api/auth/get-session': { body: null } });
    expect(await getSessionOrSaved()).toBeNull();
    unreachable();
    await expect(getSessionOrSaved()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });

    window.localStorage.setItem(KEY, JSON.stringify({ ...SIGNED_IN_SESSION, session: { id: 's', expiresAt: '2020-01-01T00:00:00.000Z' } }));
    await expect(getSessionOrSaved()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('clearOfflineData forgets the session and drops the cached API answers', async () => {
    const cacheDelete = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('caches', { delete: cacheDelete });
    window.localStorage.setItem(KEY, JSON.stringify(SIGNED_IN_SESSION));
    await clearOfflineData();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(cacheDelete).toHaveBeenCalledWith('wholesail-api');
  });
});
