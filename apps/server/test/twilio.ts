import twilio from 'twilio';
import { ORIGIN, type TestApp } from './harness';

/** A complete set of (fake) Twilio settings: the app then checks webhook signatures with this auth token. */
export const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
  TWILIO_API_KEY: `SK${'2'.repeat(32)}`,
  TWILIO_API_SECRET: 'api-secret-api-secret-0123456789',
  TWILIO_TWIML_APP_SID: `AP${'3'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'auth-token-auth-token-0123456789',
};

/** X-Twilio-Signature of a form post to `path`, as Twilio computes it over PUBLIC_URL + path (the test ORIGIN). */
export const twilioSignature = (path: string, params: Record<string, string>, authToken = TWILIO.TWILIO_AUTH_TOKEN) =>
  twilio.getExpectedTwilioSignature(authToken, `${ORIGIN}${path}`, params);

/** Posts a Twilio webhook form; signed correctly unless `signature` is given (null: no signature header). */
export function postTwilioWebhook(t: TestApp, path: string, params: Record<string, string>, signature: string | null = twilioSignature(path, params)) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });
}

/**
 * The Twilio account's numbers, without the network: `incoming` are numbers it bought, `callerIds` verified caller
 * IDs. Twilio's list endpoints filtered by PhoneNumber answer these; the lists may be changed later.
 */
export function fakeTwilioAccount(t: TestApp, account: { incoming: string[]; callerIds?: string[] }) {
  const ownership = t.app.services.numberOwnership!;
  const lookups: string[] = [];
  ownership.incoming = async (phoneNumber) => {
    lookups.push(phoneNumber);
    return account.incoming.filter((n) => n === phoneNumber).map((n) => ({ phoneNumber: n }));
  };
  ownership.callerIds = async (phoneNumber) => (account.callerIds ?? []).filter((n) => n === phoneNumber).map((n) => ({ phoneNumber: n }));
  return { account, lookups };
}
