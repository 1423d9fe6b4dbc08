import { z } from 'zod';

/** Voice constants of dialer.md §9 and the voice token / provider contract of docs/api-calls.md. */

/** Device initialization and token refresh retry delays: up to 3 retries. */
export const VOICE_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
/** A token is refreshed 50 min after it was issued (its lifetime is assumed to be 50 min). */
export const VOICE_TOKEN_REFRESH_AFTER_MS = 50 * 60 * 1000;
/** How often the token's age is checked. */
export const VOICE_TOKEN_CHECK_INTERVAL_MS = 60 * 1000;
/** Ending forces Ended after this long. */
export const FORCED_END_MS = 3000;
/** Transcription debug starts this long after the call is accepted. */
export const TRANSCRIPTION_DEBUG_DELAY_MS = 2000;
/** A post-call dialog closed without completing auto-completes after this long. */
export const POST_CALL_AUTO_CLOSE_MS = 10_000;

export const VOICE_PROVIDERS = ['twilio', 'demo'] as const;
export type VoiceProviderKind = (typeof VOICE_PROVIDERS)[number];
/** The organization's choice: 'auto' is Twilio when the server has credentials, else the demo line. */
export const VOICE_PROVIDER_CHOICES = ['auto', ...VOICE_PROVIDERS] as const;
export type VoiceProviderChoice = (typeof VOICE_PROVIDER_CHOICES)[number];

/** POST /api/voice/token: a Twilio access token, or the demo line's identity (no token). */
export const voiceTokenSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('twilio'), identity: z.string(), token: z.string(), expires_at: z.string() }),
  z.object({ provider: z.literal('demo'), identity: z.string(), token: z.null(), expires_at: z.null() }),
]);
export type VoiceToken = z.infer<typeof voiceTokenSchema>;

/** Error code of POST /api/voice/token when Twilio is selected but the server has no credentials. */
export const TWILIO_NOT_CONFIGURED = 'TWILIO_NOT_CONFIGURED';
export const VOICE_MESSAGES = {
  twilioNotConfigured: 'Voice calling requires Twilio configuration: missing Twilio credentials on the server',
  noActiveCall: 'No active call',
} as const;

/** A token error that means credentials are missing: initialization stops instead of retrying. */
export function isVoiceConfigurationError(message: string): boolean {
  return /credential|not configured|configuration/i.test(message);
}

export const muteCallBody = z.object({ muted: z.boolean({ error: 'muted: expected true or false' }) }).strict();
export const dtmfBody = z
  .object({ digits: z.string({ error: 'digits: expected a string' }).regex(/^[0-9*#]{1,24}$/, 'digits: only 0-9, * and # (1 to 24 keys)') })
  .strict();
