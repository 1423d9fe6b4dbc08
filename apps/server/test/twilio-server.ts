import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll } from 'vitest';
import { TWILIO } from './twilio';

/** The account a fake Twilio REST API serves: its status and numbers, and the auth token it accepts. */
export interface FakeTwilioApi {
  readonly baseUrl: string;
  /** Paths asked, in order. */
  readonly requests: string[];
  status: 'active' | 'suspended';
  numbers: string[];
  authToken: string;
}

/**
 * Twilio's REST client sending its requests to `baseUrl` instead of api.twilio.com (the app's
 * integrationChecks.twilioHttpClient), so the real client and its error handling run against a fake.
 */
export class LocalTwilioClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override request: twilio.RequestClient['request'] = (opts) => super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.baseUrl) });
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Twilio's account fetch and incoming-number list on loopback, checking Basic auth as Twilio does. */
export function useFakeTwilioApi(): FakeTwilioApi {
  const fake = { baseUrl: '', requests: [] as string[], status: 'active' as FakeTwilioApi['status'], numbers: ['+15125550100'], authToken: TWILIO.TWILIO_AUTH_TOKEN };
  const sid = TWILIO.TWILIO_ACCOUNT_SID;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    fake.requests.push(path);
    if (req.headers.authorization !== `Basic ${Buffer.from(`${sid}:${fake.authToken}`).toString('base64')}`) {
      return json(res, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    }
    if (path === `/2010-04-01/Accounts/${sid}.json`) return json(res, 200, { sid, friendly_name: 'Proof Realty', status: fake.status });
    if (path === `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers.json`) {
      return json(res, 200, { incoming_phone_numbers: fake.numbers.slice(0, 1).map((n) => ({ phone_number: n, account_sid: sid })), next_page_uri: null, page: 0, page_size: 1 });
    }
    return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return fake;
}
