/**
 * The Twilio line: the browser places the call with the Voice SDK after the server approved it (docs/api-calls.md).
 * The SDK is large and only organizations on Twilio need it, so it is loaded with a dynamic import and lands in
 * its own chunk. Nothing else may import '@twilio/voice-sdk' at runtime.
 */
import type { Call, Device } from '@twilio/voice-sdk';
import { createCallEvents, type ActiveVoiceCall, type ConnectParams, type VoiceLine } from './voice-line';

export type TwilioLineHandlers = {
  /** A device-level failure (signalling, token, media): the manager shows it. */
  onDeviceError: (message: string) => void;
  /** The SDK warns shortly before the token expires: the manager fetches a new one. */
  onTokenWillExpire: () => void;
};

function twilioCall(call: Call): ActiveVoiceCall {
  const events = createCallEvents();
  // 'cancel' and 'reject' end a call that never connected, without a 'disconnect'.
  for (const name of ['disconnect', 'cancel', 'reject'] as const) call.on(name, events.emitDisconnect);
  call.on('error', (error: Error) => events.emitError(error));
  return {
    mute: async (muted) => call.mute(muted),
    sendDigits: async (digits) => call.sendDigits(digits),
    hangup: async () => call.disconnect(),
    onDisconnect: events.onDisconnect,
    onError: events.onError,
  };
}

export async function createTwilioVoiceLine(token: string, handlers: TwilioLineHandlers): Promise<VoiceLine> {
  const sdk = await import('@twilio/voice-sdk');
  const device: Device = new sdk.Device(token, {
    codecPreferences: [sdk.Call.Codec.Opus, sdk.Call.Codec.PCMU],
    closeProtection: true,
    logLevel: 'error',
  });
  device.on('error', (error: Error) => handlers.onDeviceError(error.message));
  device.on('tokenWillExpire', () => handlers.onTokenWillExpire());
  return {
    kind: 'twilio',
    async connect({ callId, leadId, to, from }: ConnectParams) {
      const call = await device.connect({ params: { To: to, call_id: callId, lead_id: leadId, from_e164: from } });
      return twilioCall(call);
    },
    updateToken: (next) => device.updateToken(next),
    destroy: () => device.destroy(),
  };
}
