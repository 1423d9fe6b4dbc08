import crypto from 'node:crypto';
import twilio from 'twilio';
import type { TwilioConfig } from '../../config';
import type { VoiceProvider } from './index';

/** Lifetime of a browser voice token (issue 4: 1 h). */
export const VOICE_TOKEN_TTL_SEC = 3600;

/** Placeholder call_sid of a call that passed the gate but whose Twilio CallSid is not known yet. */
export const PENDING_SID_PREFIX = 'pending_';

/** The identity a browser device registers with: a user prefix plus a timestamp. */
export function voiceIdentity(userId: string, now: Date): string {
  return `${voiceIdentityPrefix(userId)}${now.getTime()}`;
}

/** The part of every identity of this user that does not change: `user_<first 8 id chars>_`. */
export function voiceIdentityPrefix(userId: string): string {
  return `user_${userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}_`;
}

/** An Access Token with a VoiceGrant for the TwiML app (outgoing calls only). */
export function createVoiceToken(config: TwilioConfig, userId: string, now = new Date()) {
  const identity = voiceIdentity(userId, now);
  const token = new twilio.jwt.AccessToken(config.accountSid, config.apiKey, config.apiSecret, {
    identity,
    ttl: VOICE_TOKEN_TTL_SEC,
  });
  token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: config.twimlAppSid, incomingAllow: false }));
  return {
    identity,
    token: token.toJwt(),
    expires_at: new Date(Math.floor(now.getTime() / 1000) * 1000 + VOICE_TOKEN_TTL_SEC * 1000).toISOString(),
  };
}

/**
 * Twilio calls are placed by the browser (@twilio/voice-sdk) after the compliance gate; the server
 * learns of them through the voice and status webhooks. So starting and hanging up are no-ops here,
 * and a new call gets a placeholder sid until the voice webhook links Twilio's CallSid.
 */
export class TwilioBrowserLine implements VoiceProvider {
  readonly kind = 'twilio' as const;

  newCallSid(): string {
    return `${PENDING_SID_PREFIX}${crypto.randomUUID()}`;
  }

  async startCall(): Promise<void> {}

  async hangup(): Promise<void> {}

  async stop(): Promise<void> {}
}
