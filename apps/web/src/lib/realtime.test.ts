import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { connectRealtime, invalidateForEvent, realtimeUrl, reconnectDelay } from './realtime';

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses ws: or wss: on the page host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/realtime');
    expect(realtimeUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/api/realtime');
  });

  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('passes valid events on, ignores junk, reconnects after drops and stops when closed', () => {
    const events: unknown[] = [];
    const stop = connectRealtime((event) => events.push(event), 'ws://test/api/realtime');
    const first = FakeWebSocket.instances[0]!;
    first.open();
    first.receive({ table: 'invitations', op: 'INSERT', record: { id: 'i1' } });
    first.receive({ nope: true });
    expect(events).toEqual([{ table: 'invitations', op: 'INSERT', record: { id: 'i1' } }]);

    first.drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    FakeWebSocket.instances[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    stop();
    expect(FakeWebSocket.instances[2]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('invalidates the queries keyed by the table, and /api/me for organization changes', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    invalidateForEvent(client, { table: 'organization_settings', op: 'UPDATE', record: {} });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['organization_settings'] });
    invalidateForEvent(client, { table: 'organizations', op: 'UPDATE', record: {} });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['organizations'] });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['me'] });
  });
});
