/** Test data and a fetch mock for the leads screens (tests only). */
import { LEAD_FIELD_NAMES, LEAD_LIST_FIELDS, type Lead, type LeadListItem } from '@wholesail/domain';
import { vi } from 'vitest';
import { SIGNED_IN_ROUTES } from '@/test/mock-api';

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  const empty = Object.fromEntries(LEAD_FIELD_NAMES.map((name) => [name, name === 'badges' ? [] : null])) as unknown as Lead;
  return {
    ...empty,
    id: 'lead-1',
    organization_id: 'org-1',
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The lead as a GET /api/leads row: only the list fields, so a screen reading detail fields gets undefined, as in production. */
export function toListItem(lead: Lead): LeadListItem {
  const keys = [...LEAD_LIST_FIELDS, 'id', 'organization_id', 'created_at', 'updated_at', 'version'] as const;
  return Object.fromEntries(keys.map((key) => [key, lead[key]])) as LeadListItem;
}

type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((url: URL, init: RequestInit | undefined) => Reply | Promise<Reply>);

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (no query string); a handler gets the URL to
 * check its query. Session and /api/me answer as a signed-in owner; anything else is a 404.
 */
export function mockLeadsApi(routes: Record<string, Handler>) {
  const all: Record<string, Handler> = {
    ...SIGNED_IN_ROUTES,
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const handler = all[`${init?.method ?? 'GET'} ${url.pathname}`];
    const reply =
      handler === undefined ? { status: 404, body: { error: { code: 'NOT_FOUND', message: url.pathname } } } : typeof handler === 'function' ? await handler(url, init) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetched for a path, e.g. every GET /api/leads with its query. */
export function requestedUrls(fetchMock: ReturnType<typeof mockLeadsApi>, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'))
    .filter((url) => url.pathname === pathname);
}

/** jsdom lays nothing out; give scroll containers a height so the virtualiser renders rows. */
export function fakeLayout(height = 800, width = 1400) {
  const proto = HTMLElement.prototype;
  const originals = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  };
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    for (const key of ['clientHeight', 'clientWidth'] as const) {
      const original = originals[key];
      if (original) Object.defineProperty(proto, key, original);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}
