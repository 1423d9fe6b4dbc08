import twilio from 'twilio';
import type { TwilioConfig } from '../../config';
import { maskSid } from './catalog';

export type CheckResult = { ok: boolean; message: string };
export type TwilioHttpClient = NonNullable<Parameters<typeof twilio>[2]>['httpClient'];

/** A Twilio REST failure in words: refused credentials, an unknown account, another answer, or no answer at all. */
export function twilioFailure(error: unknown): string {
  const e = (error ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' && e.message ? e.message : 'no reason given';
  if (typeof e.status === 'number') {
    const code = typeof e.code === 'number' ? `, Twilio error ${e.code}` : '';
    if (e.status === 401) return `Twilio refused the credentials (401${code}): check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN`;
    if (e.status === 404) return `Twilio does not know this account (404${code}): check TWILIO_ACCOUNT_SID`;
    return `Twilio answered ${e.status}${code}: ${message}`;
  }
  return `Twilio could not be reached: ${message}`;
}

/** The REST client with the account SID and auth token; `httpClient` replaces Twilio's own (tests point it at a fake). */
const client = (config: TwilioConfig, timeoutMs: number, httpClient: TwilioHttpClient) =>
  twilio(config.accountSid, config.authToken, { timeout: timeoutMs, ...(httpClient ? { httpClient } : {}) });

/** Voice: fetches the account (free); it must be active for calls to go through. */
export async function checkTwilioAccount(config: TwilioConfig, timeoutMs: number, httpClient: TwilioHttpClient): Promise<CheckResult> {
  try {
    const account = await client(config, timeoutMs, httpClient).api.v2010.accounts(config.accountSid).fetch();
    const name = `account “${account.friendlyName}” (${maskSid(config.accountSid)})`;
    return account.status === 'active'
      ? { ok: true, message: `Twilio accepted the credentials: ${name} is active.` }
      : { ok: false, message: `Twilio accepted the credentials, but ${name} is ${account.status}.` };
  } catch (error) {
    return { ok: false, message: twilioFailure(error) };
  }
}

/** Messaging: lists one of the account's numbers (free); without one there is nothing to text from. */
export async function checkTwilioNumbers(config: TwilioConfig, timeoutMs: number, httpClient: TwilioHttpClient): Promise<CheckResult> {
  try {
    const [number] = await client(config, timeoutMs, httpClient).incomingPhoneNumbers.list({ limit: 1 });
    return number
      ? { ok: true, message: `Twilio accepted the credentials; the account has numbers to text from (${number.phoneNumber} is one).` }
      : { ok: false, message: 'Twilio accepted the credentials, but the account has no phone number to text from: buy one in Twilio.' };
  } catch (error) {
    return { ok: false, message: twilioFailure(error) };
  }
}
