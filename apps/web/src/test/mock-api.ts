import type { Me } from '@wholesail/domain';
import { vi } from 'vitest';
import type { SessionData } from '@/features/auth/auth-api';

type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((init: RequestInit | undefined) => Reply | Promise<Reply>);

export const SIGNED_IN_SESSION: SessionData = {
  session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
  user: { id: 'user-1', email: 'ana@example.com', name: 'Ana Lopez' },
};

export const ME: Me = {
  user: SIGNED_IN_SESSION.user,
  organization: { id: 'org-1', name: 'Acme Home Buyers' },
  role: 'owner',
};

export const ORGANIZATION = { id: 'org-1', name: 'Acme Home Buyers', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

/** The requests of a signed-in member's app shell: the session, /api/me and the organization. */
export const SIGNED_IN_ROUTES = {
  'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
  'GET /api/me': { body: ME },
  'GET /api/organization': { body: ORGANIZATION },
} as const;

/**
 * Replaces fetch with a table of `"METHOD /path"` → reply (or a function giving one).
 * Unlisted requests answer 404 so a test sees what it forgot to mock.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    const reply = handler === undefined ? { status: 404, body: { error: { code: 'NOT_MOCKED', message: url } } } : typeof handler === 'function' ? await handler(init) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers: the session stays "loading". */
export function mockPendingApi() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
