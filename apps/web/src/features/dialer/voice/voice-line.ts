/**
 * The provider-neutral voice line (dialer.md §4, §7): the demo line drives the call through the server's HTTP
 * endpoints, the Twilio line through the browser SDK. The dialer only ever sees these two interfaces.
 */
import type { VoiceProviderKind } from '@wholesail/domain';

/** The call the server already approved with POST /api/calls, and the numbers it approved. */
export type ConnectParams = { callId: string; leadId: string; to: string; from: string };

export interface ActiveVoiceCall {
  mute(muted: boolean): Promise<void>;
  sendDigits(digits: string): Promise<void>;
  hangup(): Promise<void>;
  /** Called once when the call ends; returns an unsubscribe function. */
  onDisconnect(listener: () => void): () => void;
  /** Called on a call failure; returns an unsubscribe function. */
  onError(listener: (error: Error) => void): () => void;
}

export interface VoiceLine {
  readonly kind: VoiceProviderKind;
  connect(params: ConnectParams): Promise<ActiveVoiceCall>;
  updateToken(token: string): void;
  destroy(): void;
}

/**
 * The listener half of an ActiveVoiceCall. A call can end before the dialer subscribes (between `connect`
 * resolving and the subscription), so a late `onDisconnect` subscriber is called at once.
 */
export function createCallEvents() {
  const disconnectListeners = new Set<() => void>();
  const errorListeners = new Set<(error: Error) => void>();
  let ended = false;
  return {
    onDisconnect(listener: () => void): () => void {
      if (ended) {
        listener();
        return () => {};
      }
      disconnectListeners.add(listener);
      return () => disconnectListeners.delete(listener);
    },
    onError(listener: (error: Error) => void): () => void {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    emitDisconnect(): void {
      if (ended) return;
      ended = true;
      for (const listener of [...disconnectListeners]) listener();
      disconnectListeners.clear();
    },
    emitError(error: Error): void {
      for (const listener of [...errorListeners]) listener(error);
    },
  };
}
