import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToBuffer, createTranscriptionConnection, isTemporaryCallSid, STREAM_SILENCE_MS, TRANSCRIPTION_CONNECTION_MESSAGES as MSG,
  type SocketHandlers, type TranscriptionConnectionState,
} from './connection';
import type { TranscriptionRecord } from './rules';

class TestSocket {
  sent: string[] = [];
  closedWith: number | undefined | null = null;
  constructor(readonly url: string, readonly handlers: SocketHandlers) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.handlers.onOpen();
  }
  receive(message: unknown) {
    this.handlers.onMessage(JSON.stringify(message));
  }
  closeFromServer(code: number) {
    this.handlers.onClose(code);
  }
}

const record = (id: string, transcript = `words of ${id}`, confidence = 0.9, second = 0): TranscriptionRecord => ({
  id, call_sid: 'CA1', transcript, timestamp: new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString(), confidence, speaker: 'lead', is_partial: false,
});
const chunk = (r: TranscriptionRecord) => ({ type: 'transcription', ...r });

function setup(callSid = 'CA1', rows: () => Promise<TranscriptionRecord[]> = async () => []) {
  const sockets: TestSocket[] = [];
  const states: TranscriptionConnectionState[] = [];
  const fetchChunks = vi.fn(rows);
  const connection = createTranscriptionConnection({
    callSid,
    organizationId: 'org-1',
    url: 'ws://app.test/api/transcription-stream',
    openSocket: (url, handlers) => {
      const socket = new TestSocket(url, handlers);
      sockets.push(socket);
      return socket;
    },
    fetchChunks,
    onChange: (state) => states.push(state),
  });
  const last = () => connection.getState();
  return { connection, sockets, states, fetchChunks, last, socket: () => sockets.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12, 0, 10) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTranscriptionConnection', () => {
  it('opens the stream with callSid and organizationId and is Live once open', () => {
    const { connection, sockets, last } = setup();
    connection.connect();
    expect(last().mode).toBe('connecting');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://app.test/api/transcription-stream?callSid=CA1&organizationId=org-1');
    sockets[0]!.open();
    expect(last()).toMatchObject({ mode: 'stream', error: null });
  });

  it.each(['temp_123', 'pending_abc'])('never connects for the temporary id %s', async (sid) => {
    const { connection, sockets, fetchChunks, last } = setup(sid);
    connection.connect();
    connection.refresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(0);
    expect(fetchChunks).not.toHaveBeenCalled();
    expect(last().mode).toBe('inactive');
    expect(isTemporaryCallSid(sid)).toBe(true);
    expect(isTemporaryCallSid('CA123')).toBe(false);
  });

  it('falls back to polling every 200 ms when the stream does not open within 5 s', async () => {
    const { connection, socket, fetchChunks, last } = setup('CA1', async () => [record('a')]);
    connection.connect();
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchChunks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(socket().closedWith).toBe(1000);
    expect(last()).toMatchObject({ mode: 'polling', error: MSG.timeout, pollingReady: true, messageCount: 1 });
    expect(fetchChunks).toHaveBeenCalledTimes(1);
    expect(fetchChunks).toHaveBeenCalledWith('CA1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchChunks).toHaveBeenCalledTimes(6);
    expect(last().messageCount).toBe(1);
  });

  it('says the direct connection failed on an error before opening, and the stream errored after', () => {
    const first = setup();
    first.connection.connect();
    first.socket().handlers.onError();
    expect(first.last()).toMatchObject({ mode: 'polling', error: MSG.failed });

    const second = setup();
    second.connection.connect();
    second.socket().open();
    second.socket().handlers.onError();
    expect(second.last()).toMatchObject({ mode: 'polling', error: MSG.streamError });
  });

  it('uses polling when the stream cannot even be created', () => {
    const fetchChunks = vi.fn(async () => []);
    const connection = createTranscriptionConnection({
      callSid: 'CA1', url: 'ws://x/api/transcription-stream', fetchChunks, onChange: () => {},
      openSocket: () => {
        throw new Error('WebSocket is not supported');
      },
    });
    connection.connect();
    expect(connection.getState()).toMatchObject({ mode: 'polling', error: MSG.unavailable });
    expect(fetchChunks).toHaveBeenCalledTimes(1);
  });

  it('polls at once after an abnormal close and makes exactly one reconnect attempt 10 s later', async () => {
    const { connection, sockets, fetchChunks, last } = setup();
    connection.connect();
    sockets[0]!.open();
    sockets[0]!.closeFromServer(1006);
    expect(last()).toMatchObject({ mode: 'polling', error: MSG.fallback });
    expect(fetchChunks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.closeFromServer(1011);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(2);
    expect(last().mode).toBe('polling');
  });

  it('goes back to the stream when the reconnected stream delivers, and stops polling', async () => {
    const { connection, sockets, fetchChunks, last } = setup();
    connection.connect();
    sockets[0]!.open();
    sockets[0]!.closeFromServer(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[1]!.open();
    expect(last().mode).toBe('polling');
    sockets[1]!.receive(chunk(record('a')));
    expect(last()).toMatchObject({ mode: 'stream', error: null });
    const polls = fetchChunks.mock.calls.length;
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchChunks).toHaveBeenCalledTimes(polls);
    expect(last().messageCount).toBe(1);
  });

  it('does not reconnect after a normal close, and clears the error', async () => {
    for (const code of [1000, 1001]) {
      const { connection, sockets, last } = setup();
      connection.connect();
      sockets[0]!.handlers.onClose(1006);
      expect(last().error).toBe(MSG.failed);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sockets).toHaveLength(2);
      sockets[1]!.open();
      sockets[1]!.closeFromServer(code);
      expect(last().error).toBeNull();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sockets).toHaveLength(2);
      connection.disconnect();
    }
  });

  it('sends a ping every 30 s while the stream is open', async () => {
    const { connection, socket } = setup();
    connection.connect();
    socket().open();
    socket().receive(chunk(record('a')));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(socket().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket().sent).toHaveLength(3);
  });

  it('refresh drops the connection, waits 500 ms, reconnects and keeps the transcript', async () => {
    const { connection, sockets, last } = setup();
    connection.connect();
    sockets[0]!.open();
    sockets[0]!.receive(chunk(record('a')));
    await vi.advanceTimersByTimeAsync(50);
    connection.refresh();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(last()).toMatchObject({ mode: 'connecting', messageCount: 1 });
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // Events of the dropped socket no longer count.
    sockets[0]!.closeFromServer(1006);
    expect(last().mode).toBe('connecting');
    sockets[1]!.open();
    expect(last().mode).toBe('stream');
    expect(last().records.map((r) => r.id)).toEqual(['a']);
  });

  it('disconnect clears transcript, error, activity and timers', async () => {
    const { connection, sockets, fetchChunks, last } = setup('CA1', async () => [record('a')]);
    connection.connect();
    sockets[0]!.closeFromServer(1006);
    await vi.advanceTimersByTimeAsync(10);
    expect(last().records).toHaveLength(1);
    connection.disconnect();
    expect(last()).toEqual({ mode: 'inactive', messageCount: 0, lastActivity: null, error: null, records: [], pollingReady: null, callStatus: null });
    const polls = fetchChunks.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchChunks).toHaveBeenCalledTimes(polls);
    expect(sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops stream chunks below 0.2 confidence or under 3 characters and de-duplicates by id', async () => {
    const { connection, socket, last } = setup();
    connection.connect();
    socket().open();
    socket().receive(chunk(record('low', 'Quiet words', 0.19)));
    socket().receive(chunk(record('short', 'ok', 0.95)));
    socket().receive(chunk(record('good', 'How much is it worth?', 0.2)));
    socket().receive(chunk(record('good', 'How much is it worth?', 0.2)));
    await vi.advanceTimersByTimeAsync(50);
    expect(last().records.map((r) => r.id)).toEqual(['good']);
    expect(last().messageCount).toBe(1);
  });

  it('batches stream chunks in 50 ms windows', async () => {
    const { connection, socket, states } = setup();
    connection.connect();
    socket().open();
    const before = states.length;
    socket().receive(chunk(record('a', 'first line', 0.9, 1)));
    const afterFirst = states.length;
    socket().receive(chunk(record('b', 'second line', 0.9, 2)));
    socket().receive(chunk(record('c', 'third line', 0.9, 3)));
    await vi.advanceTimersByTimeAsync(49);
    expect(states.slice(afterFirst).some((s) => s.records.length > 0)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const withRecords = states.slice(before).filter((s) => s.records.length > 0);
    expect(withRecords).toHaveLength(1);
    expect(withRecords[0]!.records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it(`backs a stream that yields no transcription for ${STREAM_SILENCE_MS} ms with polling`, async () => {
    const { connection, socket, fetchChunks, last } = setup('CA1', async () => [record('db')]);
    connection.connect();
    socket().open();
    socket().receive({ type: 'connected', callSid: 'CA1', timestamp: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS - 1);
    expect(fetchChunks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(last()).toMatchObject({ mode: 'polling', error: null, messageCount: 1 });
    expect(socket().closedWith).toBeNull();
    socket().receive(chunk(record('db')));
    socket().receive(chunk(record('live', 'Now the stream talks', 0.9, 5)));
    await vi.advanceTimersByTimeAsync(50);
    expect(last()).toMatchObject({ mode: 'stream', messageCount: 2 });
    expect(last().records.map((r) => r.id)).toEqual(['db', 'live']);
  });

  it('shows a connection issue while polling fails and recovers when it answers again', async () => {
    let fail = true;
    const { connection, socket, last } = setup('CA1', async () => {
      if (fail) throw new Error('Could not reach the server.');
      return [record('a')];
    });
    connection.connect();
    socket().handlers.onError();
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ mode: 'error', error: 'Could not reach the server.' });
    fail = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(last()).toMatchObject({ mode: 'polling', error: MSG.failed, messageCount: 1 });
  });

  it('keeps the call status and the last activity from the stream', () => {
    const { connection, socket, last } = setup();
    connection.connect();
    socket().open();
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 1, 0));
    socket().receive({ type: 'status', status: 'in-progress', timestamp: new Date().toISOString() });
    expect(last()).toMatchObject({ callStatus: 'in-progress', lastActivity: Date.UTC(2026, 0, 1, 12, 1, 0) });
  });
});

describe('addToBuffer', () => {
  it('keeps the latest 100 unique chunks in timestamp order', () => {
    const many = Array.from({ length: 120 }, (_, i) => record(`r${i}`, 'same words', 0.9, i % 60));
    const { records, added } = addToBuffer([], many);
    expect(added).toBe(120);
    expect(records).toHaveLength(100);
    expect(addToBuffer(records, [records[0]!]).added).toBe(0);
  });
});
