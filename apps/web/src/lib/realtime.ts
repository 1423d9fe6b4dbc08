/** Client of WS /api/realtime: row changes of the user's organization refresh the matching queries. */
import { realtimeEventSchema, type RealtimeEvent } from '@wholesail/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from './query-keys';

export const RECONNECT_BASE_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/** Queries that show data of a table without being keyed by it (the /api/me summary). */
const DEPENDENT_KEYS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  organizations: [queryKeys.me],
  user_profiles: [queryKeys.me],
  // Threads show the lead's name and DNC badge.
  leads: [queryKeys.conversations.all],
  // A deal shows its offers, timeline and saved analyses: two agents on one deal see each other's changes.
  // The analytics funnel counts offers and stage changes too.
  deal_offers: [queryKeys.deals.all, ['calls', 'analytics-funnel']],
  deal_events: [queryKeys.deals.all, ['calls', 'analytics-funnel']],
  deal_analyses: [queryKeys.deals.all],
  // Sources and lists count deals under contract and closed, and their fees; growth counts deals by stage.
  deals: [['leads', 'analytics-sources'], ['leads', 'growth']],
  // Growth lists the imports of its range.
  lead_imports: [['leads', 'growth']],
  // A buyer's offer changes its room's offer count and access log.
  buyer_offers: [queryKeys.dealRooms.all],
  // A sequence's counts follow its enrolments; a lead's automation card shows each step's state; a rule's run count.
  sequence_enrollments: [queryKeys.automation.sequences.all],
  sequence_step_runs: [queryKeys.automation.enrolments],
  automation_rule_runs: [queryKeys.automation.rules.all],
  // The texting report counts opt-outs.
  dnc_numbers: [['conversations', 'analytics']],
  // The Integrations screen reads the language model's and BatchData's calls from the AI status.
  ai_status: [queryKeys.integrations],
};

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

/** Hears every change the socket brings (besides refreshing queries), until the returned function is called. */
export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The change feed's connection, as the debug page reports it. */
export type RealtimeConnection = {
  readonly state: 'off' | 'connecting' | 'open' | 'waiting';
  /** When it entered that state. */
  readonly since: string;
  /** Failed connections since the last open one. */
  readonly failures: number;
  readonly lastEventAt: string | null;
};

let connection: RealtimeConnection = { state: 'off', since: new Date().toISOString(), failures: 0, lastEventAt: null };
const connectionListeners = new Set<() => void>();
function setConnection(change: Partial<RealtimeConnection>): void {
  const moved = change.state !== undefined && change.state !== connection.state;
  connection = { ...connection, ...change, ...(moved ? { since: new Date().toISOString() } : {}) };
  for (const listener of [...connectionListeners]) listener();
}

export const realtimeConnection = {
  getSnapshot: (): RealtimeConnection => connection,
  subscribe(listener: () => void): () => void {
    connectionListeners.add(listener);
    return () => connectionListeners.delete(listener);
  },
};

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_DELAY_MS * 2 ** attempt, RECONNECT_MAX_DELAY_MS);
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}

export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const result = realtimeEventSchema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function invalidateForEvent(client: QueryClient, event: RealtimeEvent): void {
  for (const queryKey of [[event.table], ...(DEPENDENT_KEYS[event.table] ?? [])]) {
    void client.invalidateQueries({ queryKey });
  }
}

/**
 * Keeps one socket open until the returned function is called, reconnecting with
 * capped exponential backoff; the attempt counter resets once a socket opens.
 */
export function connectRealtime(onEvent: (event: RealtimeEvent) => void, url: string = realtimeUrl()): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const open = () => {
    setConnection({ state: 'connecting' });
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempt = 0;
      setConnection({ state: 'open', failures: 0 });
    };
    socket.onmessage = (message: MessageEvent) => {
      const event = parseRealtimeEvent(message.data);
      if (event) {
        setConnection({ lastEventAt: new Date().toISOString() });
        onEvent(event);
      }
    };
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      timer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
      setConnection({ state: 'waiting', failures: attempt });
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000);
    socket = null;
    setConnection({ state: 'off' });
  };
}

/** Used once, in the signed-in layout, so the socket lives exactly as long as the session. */
export function useRealtime(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectRealtime((event) => {
      invalidateForEvent(client, event);
      for (const listener of listeners) listener(event);
    });
  }, [enabled, client]);
}
