/**
 * The demo line (docs/api-calls.md): the server itself rings, answers and talks, so the browser loads no SDK
 * and only controls the live call over HTTP.
 */
import { apiRequest } from '@/lib/api';
import { createCallEvents, type ActiveVoiceCall, type ConnectParams, type VoiceLine } from './voice-line';

const callPath = (id: string) => `/api/calls/${encodeURIComponent(id)}`;

function demoCall(callId: string): ActiveVoiceCall {
  const events = createCallEvents();
  return {
    async mute(muted) {
      await apiRequest<{ muted: boolean }>(`${callPath(callId)}/mute`, { method: 'POST', body: { muted } });
    },
    async sendDigits(digits) {
      await apiRequest<null>(`${callPath(callId)}/dtmf`, { method: 'POST', body: { digits } });
    },
    // The dialer ends the call on the server (POST /api/calls/:id/hangup) for every provider, and the server's
    // call record tells it when the call is over; the demo line has nothing of its own to release.
    async hangup() {},
    // Failures surface as rejected promises.
    onDisconnect: events.onDisconnect,
    onError: events.onError,
  };
}

export function createDemoVoiceLine(): VoiceLine {
  return {
    kind: 'demo',
    // POST /api/calls already started the call on the server: there is nothing to dial here.
    connect: async ({ callId }: ConnectParams) => demoCall(callId),
    // The demo line has no token.
    updateToken: () => {},
    destroy: () => {},
  };
}
