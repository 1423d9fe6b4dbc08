/**
 * The transcription connection of a call in React: WS /api/transcription-stream first, database polling of
 * GET /api/calls/by-sid/:callSid/transcriptions as the fallback (the rules are in @wholesail/domain's
 * createTranscriptionConnection). The organization comes from the signed-in user's /api/me.
 */
import {
  createTranscriptionConnection, INACTIVE_TRANSCRIPTION_STATE, isTemporaryCallSid,
  type SocketHandlers, type SocketLike, type TranscriptionConnection, type TranscriptionConnectionState,
} from '@wholesail/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '@/features/auth/use-session';
import { useMe } from '@/features/organization/organization-api';
import { fetchCallTranscriptions } from './transcription-api';

/** Same host as the page, ws:// or wss:// by the page's protocol. */
export function transcriptionStreamEndpoint(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/transcription-stream`;
}

/** Adapts a browser WebSocket to the manager's socket. */
export function openBrowserSocket(url: string, handlers: SocketHandlers): SocketLike {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => handlers.onMessage(event.data);
  socket.onerror = () => handlers.onError();
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return { send: (data) => socket.send(data), close: (code) => socket.close(code) };
}

export type TranscriptionConnectionView = TranscriptionConnectionState & {
  /** Drops the connection, waits 500 ms and reconnects. */
  refresh: () => void;
};

/**
 * Connects while `active` and the call id is known and not temporary (temp_… / pending_…); disconnecting
 * (call no longer active, another call id, unmount) clears the transcript.
 */
export function useTranscriptionConnection(callSid: string | null, active: boolean): TranscriptionConnectionView {
  const session = useSession();
  const me = useMe();
  const identityKnown = session.status !== 'loading' && !me.isLoading;
  const organizationId = me.data?.organization?.id ?? null;
  const enabled = active && callSid !== null && !isTemporaryCallSid(callSid);
  const [state, setState] = useState<TranscriptionConnectionState>(INACTIVE_TRANSCRIPTION_STATE);
  const connection = useRef<TranscriptionConnection | null>(null);

  useEffect(() => {
    if (!enabled || !identityKnown || callSid === null) return;
    const current = createTranscriptionConnection({
      callSid,
      organizationId,
      url: transcriptionStreamEndpoint(),
      openSocket: openBrowserSocket,
      fetchChunks: (sid) => fetchCallTranscriptions(sid),
      onChange: setState,
    });
    connection.current = current;
    current.connect();
    return () => {
      if (connection.current === current) connection.current = null;
      current.disconnect();
    };
  }, [enabled, identityKnown, callSid, organizationId]);

  const refresh = useCallback(() => connection.current?.refresh(), []);
  // Until the organization is known the connection is about to start: show it as connecting.
  const mode = enabled && state.mode === 'inactive' ? 'connecting' : state.mode;
  return { ...state, mode, refresh };
}
