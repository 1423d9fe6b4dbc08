import { AI_HEALTH_CHECK_MS } from '@wholesail/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { useAiHealth } from './use-ai-health';

const HEALTH = AI_HEALTH_ALL_ON;

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup() {
  const fetchMock = mockApi({ 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/ai/health': { body: HEALTH } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => useAiHealth(), { wrapper });
  const checks = () => fetchMock.mock.calls.filter(([url]) => url === '/api/ai/health').length;
  return { view, client, checks };
}

describe('useAiHealth', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks once signed in, then every 5 minutes', async () => {
    const { view, checks } = setup();
    for (let i = 0; i < 5; i += 1) await wait(10);
    expect(view.result.current.data).toEqual(HEALTH);
    const first = checks();
    await wait(AI_HEALTH_CHECK_MS - 100);
    expect(checks()).toBe(first);
    await wait(200);
    expect(checks()).toBe(first + 1);
  });

  it('re-checks 1 s after the signed-in user changes', async () => {
    const { client, checks } = setup();
    for (let i = 0; i < 5; i += 1) await wait(10);
    const before = checks();
    act(() => client.setQueryData(queryKeys.session, { ...SIGNED_IN_SESSION, user: { ...SIGNED_IN_SESSION.user, id: 'user-2' } }));
    await wait(990);
    expect(checks()).toBe(before);
    await wait(20);
    expect(checks()).toBe(before + 1);
  });
});
