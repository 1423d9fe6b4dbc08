/**
 * The transcription connection of dialer.md §4, free of any framework: the live stream first (5 s connect
 * timeout), database polling every 200 ms (limit 50) on error, timeout, abnormal close or a silent stream,
 * one reconnect attempt 10 s after an abnormal close, a ping every 30 s, refresh and disconnect.
 * Sockets, fetching, the clock and the timers are the caller's (tests drive them with fake timers).
 */
import { isStorableChunk, MIN_STREAM_CONFIDENCE, MIN_TRANSCRIPT_CHARS, TRANSCRIPTION_POLL_MS, type Speaker, type TranscriptionRecord } from './rules';
import {
  CHUNK_BATCH_MS, STREAM_BUFFER_LIMIT, STREAM_CONNECT_TIMEOUT_MS, STREAM_PING_MS, STREAM_RECONNECT_DELAY_MS, STREAM_REFRESH_WAIT_MS, type StreamClientMessage,
} from './stream';

/**
 * An open stream that has delivered no transcription message for this long is backed by polling
 * ("polling is also used when the stream yields no messages"). It only applies until the stream's first
 * chunk: the server replays the latest 50 chunks on connect, so a healthy stream on a call with speech
 * answers at once, while pauses in a conversation that the stream already carries do not flip it to polling.
 */
export const STREAM_SILENCE_MS = 3000;

/** Texts of dialer.md §8 "Transcription". */
export const TRANSCRIPTION_CONNECTION_MESSAGES = {
  timeout: 'Connection timeout - using database fallback',
  failed: 'Direct connection failed - using database fallback',
  fallback: 'Using database fallback',
  unavailable: 'Direct connection unavailable - using database fallback',
  streamError: 'Stream connection error',
  pollingActive: 'Using database sync (WebSocket failed)',
  pollingConnecting: 'Connecting to database...',
} as const;

/** Close codes that end a stream normally (no reconnect, error cleared). */
export const NORMAL_CLOSE_CODES: readonly number[] = [1000, 1001];

export type TranscriptionMode = 'stream' | 'polling' | 'connecting' | 'inactive' | 'error';

export interface TranscriptionConnectionState {
  mode: TranscriptionMode;
  /** Distinct chunks received on this connection (stream and polling together). */
  messageCount: number;
  /** Epoch ms of the last server message or of the last poll that brought new chunks. */
  lastActivity: number | null;
  error: string | null;
  /** Kept chunks in timestamp order, at most STREAM_BUFFER_LIMIT, unique by id. */
  records: readonly TranscriptionRecord[];
  /** Whether a poll has answered since polling started (null while not polling). */
  pollingReady: boolean | null;
  /** The call status last pushed by the stream. */
  callStatus: string | null;
}

export const INACTIVE_TRANSCRIPTION_STATE: TranscriptionConnectionState = Object.freeze({
  mode: 'inactive', messageCount: 0, lastActivity: null, error: null, records: Object.freeze([]) as readonly TranscriptionRecord[], pollingReady: null, callStatus: null,
});

/** What the manager sees of a socket; `openSocket` adapts a browser WebSocket (or a fake) to it. */
export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: unknown): void;
  onError(): void;
  onClose(code: number): void;
}
export interface SocketLike {
  send(data: string): void;
  close(code?: number): void;
}

export interface TranscriptionConnectionOptions {
  callSid: string;
  organizationId?: string | null;
  /** The stream endpoint without query, e.g. wss://host/api/transcription-stream. */
  url: string;
  openSocket: (url: string, handlers: SocketHandlers) => SocketLike;
  /** The latest 50 chunks of the call, oldest first. */
  fetchChunks: (callSid: string) => Promise<readonly TranscriptionRecord[]>;
  onChange: (state: TranscriptionConnectionState) => void;
  now?: () => number;
}

export interface TranscriptionConnection {
  /** Starts the stream (no-op for a temporary call id, or when already started). */
  connect(): void;
  /** Drops the connection, waits 500 ms and connects again; the transcript is kept. */
  refresh(): void;
  /** Stops everything and clears transcript, error, activity and timers. */
  disconnect(): void;
  getState(): TranscriptionConnectionState;
}

/** A call id the provider has not confirmed yet (temp_… in the spec, pending_… from this app's call session). */
export function isTemporaryCallSid(callSid: string): boolean {
  return callSid.startsWith('temp_') || callSid.startsWith('pending_');
}

export function transcriptionStreamUrl(url: string, callSid: string, organizationId?: string | null): string {
  const query = new URLSearchParams({ callSid });
  if (organizationId) query.set('organizationId', organizationId);
  return `${url}?${query.toString()}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toSpeaker(value: unknown): Speaker | null {
  if (value === 'agent') return 'agent';
  if (value === 'lead' || value === 'prospect') return 'lead';
  return null;
}

/** A `transcription` (or `INSERT`, with or without a `record`) message of the stream as a record, or null. */
export function streamChunkToRecord(message: Record<string, unknown>, callSid: string): TranscriptionRecord | null {
  const body = isObject(message.record) ? message.record : message;
  const speaker = toSpeaker(body.speaker);
  const { id, transcript, confidence, timestamp } = body;
  if (typeof id !== 'string' || typeof transcript !== 'string' || typeof confidence !== 'number' || speaker === null) return null;
  const time = typeof timestamp === 'number' ? new Date(timestamp).toISOString() : typeof timestamp === 'string' ? timestamp : null;
  if (time === null || Number.isNaN(Date.parse(time))) return null;
  return { id, call_sid: typeof body.call_sid === 'string' ? body.call_sid : callSid, transcript, timestamp: time, confidence, speaker, is_partial: body.is_partial === true };
}

/** Stream chunks need 3 characters and a confidence of 0.2 (dialer.md §5). */
export function isShownStreamChunk(record: TranscriptionRecord): boolean {
  return record.transcript.trim().length >= MIN_TRANSCRIPT_CHARS && record.confidence >= MIN_STREAM_CONFIDENCE;
}

/** Adds chunks to a buffer: unique by id (a later copy replaces the earlier), timestamp order, latest `limit` kept. */
export function addToBuffer(
  buffer: readonly TranscriptionRecord[], incoming: readonly TranscriptionRecord[], limit = STREAM_BUFFER_LIMIT,
): { records: TranscriptionRecord[]; added: number } {
  const byId = new Map(buffer.map((record) => [record.id, record]));
  let added = 0;
  for (const record of incoming) {
    if (!byId.has(record.id)) added += 1;
    else byId.delete(record.id);
    byId.set(record.id, record);
  }
  // Map order is arrival order; a stable sort keeps it for equal timestamps.
  const records = [...byId.values()].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return { records: records.slice(-limit), added };
}

type Timer = ReturnType<typeof setTimeout>;

export function createTranscriptionConnection(options: TranscriptionConnectionOptions): TranscriptionConnection {
  const { callSid, openSocket, fetchChunks, onChange } = options;
  const now = options.now ?? Date.now;
  const temporary = isTemporaryCallSid(callSid);
  let state: TranscriptionConnectionState = INACTIVE_TRANSCRIPTION_STATE;

  let socket: SocketLike | null = null;
  /** Bumped whenever a socket is dropped, so late events of an old socket are ignored. */
  let generation = 0;
  let socketOpen = false;
  /** The current socket has delivered a transcription message. */
  let streamDelivering = false;
  let reconnectUsed = false;
  let started = false;
  const timers: { connect?: Timer; ping?: ReturnType<typeof setInterval>; silence?: Timer; reconnect?: Timer; refresh?: Timer; poll?: ReturnType<typeof setInterval>; batch?: Timer } = {};
  let pending: TranscriptionRecord[] = [];
  let polling = false;
  let pollInFlight = false;
  /** Bumped when polling starts or stops, so answers of an earlier polling run are ignored. */
  let pollRun = 0;
  /** The error shown while polling (restored when a failed poll recovers). */
  let fallbackError: string | null = null;

  const set = (patch: Partial<TranscriptionConnectionState>) => {
    state = { ...state, ...patch };
    onChange(state);
  };

  const clear = (name: keyof typeof timers) => {
    clearTimeout(timers[name]);
    clearInterval(timers[name]);
    delete timers[name];
  };

  const send = (message: StreamClientMessage) => {
    try {
      socket?.send(JSON.stringify(message));
    } catch {
      // A socket that cannot send is about to close; the close handler takes over.
    }
  };

  const dropSocket = () => {
    generation += 1;
    clear('connect');
    clear('ping');
    clear('silence');
    const old = socket;
    socket = null;
    socketOpen = false;
    streamDelivering = false;
    try {
      old?.close(1000);
    } catch {
      // Already closed.
    }
  };

  const flush = () => {
    clear('batch');
    if (pending.length === 0) return;
    const { records, added } = addToBuffer(state.records, pending);
    pending = [];
    set({ records, messageCount: state.messageCount + added });
  };

  const poll = async () => {
    if (pollInFlight) return;
    pollInFlight = true;
    const run = pollRun;
    try {
      const rows = await fetchChunks(callSid);
      if (!polling || run !== pollRun) return;
      const kept = rows.filter((row) => isStorableChunk(row.transcript, row.confidence));
      const { records, added } = addToBuffer(state.records, kept);
      const recovered = state.mode === 'error' ? { mode: 'polling' as const, error: fallbackError } : {};
      if (added > 0 || state.pollingReady !== true || state.mode === 'error') {
        set({ records, messageCount: state.messageCount + added, pollingReady: true, ...(added > 0 ? { lastActivity: now() } : {}), ...recovered });
      }
    } catch (error) {
      if (!polling || run !== pollRun) return;
      set({ mode: 'error', error: error instanceof Error && error.message ? error.message : TRANSCRIPTION_CONNECTION_MESSAGES.streamError });
    } finally {
      if (run === pollRun) pollInFlight = false;
    }
  };

  const startPolling = (error: string | null) => {
    fallbackError = error;
    if (polling) {
      if (state.mode !== 'stream') set({ error: error ?? state.error });
      return;
    }
    polling = true;
    pollRun += 1;
    set({ mode: 'polling', error, pollingReady: false });
    void poll();
    timers.poll = setInterval(() => void poll(), TRANSCRIPTION_POLL_MS);
  };

  const stopPolling = () => {
    if (!polling) return;
    polling = false;
    pollRun += 1;
    clear('poll');
    pollInFlight = false;
    fallbackError = null;
  };

  /** The stream failed: drop it and poll (if not already), showing this reason. */
  const fallBack = (error: string | null) => {
    dropSocket();
    startPolling(error);
  };

  const scheduleReconnect = () => {
    if (reconnectUsed) return;
    reconnectUsed = true;
    timers.reconnect = setTimeout(() => {
      delete timers.reconnect;
      openStream();
    }, STREAM_RECONNECT_DELAY_MS);
  };

  const handleMessage = (data: unknown) => {
    let message: unknown;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : data;
    } catch {
      return;
    }
    if (!isObject(message)) return;
    const at = now();
    if (message.type === 'transcription' || message.type === 'INSERT') {
      const record = streamChunkToRecord(message, callSid);
      if (!streamDelivering) {
        streamDelivering = true;
        clear('silence');
        stopPolling();
        set({ mode: 'stream', error: null, pollingReady: null, lastActivity: at });
      } else {
        state = { ...state, lastActivity: at };
      }
      if (!record || !isShownStreamChunk(record)) return;
      pending.push(record);
      timers.batch ??= setTimeout(flush, CHUNK_BATCH_MS);
      return;
    }
    if (message.type === 'status' && typeof message.status === 'string') {
      set({ callStatus: message.status, lastActivity: at });
      return;
    }
    if (message.type === 'connected' || message.type === 'pong') set({ lastActivity: at });
  };

  function openStream() {
    dropSocket();
    const mine = generation;
    const current = () => mine === generation;
    if (!polling) set({ mode: 'connecting' });
    try {
      socket = openSocket(transcriptionStreamUrl(options.url, callSid, options.organizationId), {
        onOpen: () => {
          if (!current()) return;
          socketOpen = true;
          clear('connect');
          if (!polling) set({ mode: 'stream', error: null });
          timers.ping = setInterval(() => send({ type: 'ping' }), STREAM_PING_MS);
          timers.silence = setTimeout(() => {
            delete timers.silence;
            if (current() && !streamDelivering) startPolling(state.error);
          }, STREAM_SILENCE_MS);
        },
        onMessage: (data) => {
          if (current()) handleMessage(data);
        },
        onError: () => {
          if (!current()) return;
          const error = socketOpen ? TRANSCRIPTION_CONNECTION_MESSAGES.streamError : TRANSCRIPTION_CONNECTION_MESSAGES.failed;
          // Browsers close the socket right after an error: treat it as an abnormal close.
          fallBack(error);
          scheduleReconnect();
        },
        onClose: (code) => {
          if (!current()) return;
          if (NORMAL_CLOSE_CODES.includes(code)) {
            dropSocket();
            startPolling(null);
            set({ error: null });
            return;
          }
          fallBack(socketOpen ? TRANSCRIPTION_CONNECTION_MESSAGES.fallback : TRANSCRIPTION_CONNECTION_MESSAGES.failed);
          scheduleReconnect();
        },
      });
    } catch {
      socket = null;
      startPolling(TRANSCRIPTION_CONNECTION_MESSAGES.unavailable);
      return;
    }
    timers.connect = setTimeout(() => {
      delete timers.connect;
      if (current() && !socketOpen) fallBack(TRANSCRIPTION_CONNECTION_MESSAGES.timeout);
    }, STREAM_CONNECT_TIMEOUT_MS);
  }

  const stopAll = () => {
    dropSocket();
    stopPolling();
    for (const name of Object.keys(timers) as Array<keyof typeof timers>) clear(name);
    pending = [];
  };

  return {
    connect() {
      if (temporary || started) return;
      started = true;
      reconnectUsed = false;
      openStream();
    },
    refresh() {
      if (temporary || !started) return;
      flush();
      stopAll();
      reconnectUsed = false;
      set({ mode: 'connecting', error: null, pollingReady: null });
      timers.refresh = setTimeout(() => {
        delete timers.refresh;
        openStream();
      }, STREAM_REFRESH_WAIT_MS);
    },
    disconnect() {
      stopAll();
      started = false;
      state = INACTIVE_TRANSCRIPTION_STATE;
      onChange(state);
    },
    getState: () => state,
  };
}
