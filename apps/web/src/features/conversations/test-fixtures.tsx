/** Test data and rendering for the texting components (tests only). */
import type { ConversationMessage, ConversationThread } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';

/** An ISO time `minutes` ago. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makeMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: 'msg-1',
    lead_id: 'lead-1',
    body: 'Hello',
    direction: 'outbound',
    channel: 'sms',
    status: 'delivered',
    provider_sid: 'SM1',
    from_e164: '+15125550100',
    to_e164: '+15551234567',
    created_at: minutesAgo(10),
    read_at: null,
    error: null,
    ...overrides,
  };
}

export function makeThread(overrides: Partial<ConversationThread> & { last?: Partial<ConversationThread['last_message']> } = {}): ConversationThread {
  const { last, last_message, ...rest } = overrides;
  return {
    lead_id: 'lead-1',
    lead_name: 'Ana Owner',
    phone: '+15551234567',
    unread_count: 0,
    dnc_status: false,
    ...rest,
    last_message: { body: 'Hello', direction: 'inbound', status: 'received', created_at: minutesAgo(5), ...last_message, ...last },
  };
}

/** Renders a component with a fresh cache (no retries), the toaster and a router (for its links). */
export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, client, router };
}

/** The JSON bodies posted to a path. */
export function postedBodies(fetchMock: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => {
      const body = (init as RequestInit).body;
      return typeof body === 'string' ? JSON.parse(body) : undefined;
    });
}
