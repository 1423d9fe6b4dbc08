import { BROWSER_TESTED, type IntegrationId, type VoiceProviderChoice } from '@wholesail/domain';
import type { Config } from '../../config';
import type { FileStorage } from '../../providers/storage';
import { SMS_STATUS_PATH } from '../../providers/sms';
import { activeProvider } from '../calls/settings';

/** What an integration is, whatever the configuration. */
interface Entry {
  name: string;
  purpose: string;
  settings: string[];
  /** The settings without which it is not configured (a test then says to set them). */
  required: string[];
  test: string;
}

/** How it runs on this server for this organization. */
export interface Described {
  configured: boolean;
  mode: string;
  detail: string;
}

const TWILIO_SETTINGS = ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY', 'TWILIO_API_SECRET', 'TWILIO_TWIML_APP_SID', 'TWILIO_AUTH_TOKEN'];
const DEMO_LINE = 'Demo line (simulated)';

export const CATALOG: Record<IntegrationId, Entry> = {
  twilio_voice: {
    name: 'Twilio Voice',
    purpose: 'Browser calling from the dialer: the browser places calls through Twilio with a token the server signs, and Twilio reports each call to the voice webhooks.',
    settings: TWILIO_SETTINGS,
    required: TWILIO_SETTINGS,
    test: 'Fetches the Twilio account with the account SID and auth token. Free: no call is placed.',
  },
  twilio_messaging: {
    name: 'Twilio Messaging',
    purpose: 'Texts to leads and buyers through Twilio’s Messages API, with delivery reports and replies through the SMS webhooks.',
    settings: TWILIO_SETTINGS,
    required: TWILIO_SETTINGS,
    test: 'Lists one of the account’s phone numbers with the account SID and auth token. Free: no text is sent.',
  },
  llm: {
    name: 'Language model',
    purpose: 'Coaching suggestions and response scripts during calls, AI lead scoring, text and call analysis, and Ask AI.',
    settings: ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'LLM_TIMEOUT_MS'],
    required: ['LLM_BASE_URL'],
    test: 'Lists the models the API offers (GET /models, free). A server without that list gets a one-token chat completion instead, a fraction of a cent on a paid API.',
  },
  batchdata: {
    name: 'BatchData',
    purpose: 'Property data: the address search, lead enrichment (one lead or a whole import) and comparable sales.',
    settings: ['BATCHDATA_API_KEY'],
    required: ['BATCHDATA_API_KEY'],
    test: 'BatchData bills every lookup, so the test sends an empty lookup with the token: BatchData refuses it (400) without returning or billing a property, or refuses the token (401 or 403).',
  },
  google_maps: {
    name: 'Google Maps',
    purpose: 'Address autocomplete (Places) and Street View in the browser.',
    settings: ['GOOGLE_MAPS_API_KEY'],
    required: ['GOOGLE_MAPS_API_KEY'],
    test: 'Your browser loads the Maps JavaScript API with the key from this page and reports whether Google refused it. No map is shown and no place is looked up.',
  },
  smtp: {
    name: 'Email (SMTP)',
    purpose: 'Invitations, password resets, deal emails to buyers, referral links, sequence emails and access requests.',
    settings: ['SMTP_URL', 'MAIL_FROM'],
    required: ['SMTP_URL'],
    test: 'Connects to the mail server and signs in (nodemailer’s verify). No mail is sent.',
  },
  storage: {
    name: 'File storage',
    purpose: 'Uploaded files waiting for their job (CSV imports) and deal room photos.',
    settings: ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'DATA_DIR'],
    required: ['S3_BUCKET'],
    test: 'Writes a tiny file under health-check/, reads it back and deletes it. On an S3 bucket that is three requests, a fraction of a cent.',
  },
};

export const testedIn = (id: IntegrationId) => (BROWSER_TESTED.has(id) ? ('browser' as const) : ('server' as const));

/** A Twilio SID shown as its prefix and last four characters: AC…1234. */
export const maskSid = (sid: string) => `${sid.slice(0, 2)}…${sid.slice(-4)}`;

/** host:port of a URL, never its user name or password. */
const hostOf = (url: string) => new URL(url).host;

const addressOf = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/** Each provider as it runs here: configured or the local fallback, and where it goes, with secrets masked. */
export function describeIntegrations(config: Config, storage: FileStorage, voiceChoice: VoiceProviderChoice): Record<IntegrationId, Described> {
  const { twilio, llm, publicUrl } = config;
  const twilioLine = twilio && activeProvider(voiceChoice, true) === 'demo' ? `${DEMO_LINE}: this organization chose it in Settings → Voice & Dialer` : null;
  const smtp = config.SMTP_URL ? new URL(config.SMTP_URL) : null;
  return {
    twilio_voice: twilio
      ? {
          configured: true,
          mode: twilioLine ?? 'Twilio',
          detail: `Account ${maskSid(twilio.accountSid)}, TwiML app ${maskSid(twilio.twimlAppSid)}, browser tokens signed with API key ${maskSid(twilio.apiKey)}; voice webhooks at ${publicUrl}/api/webhooks/twilio/voice.`,
        }
      : { configured: false, mode: DEMO_LINE, detail: 'Calls ring a simulated seller who answers with a scripted conversation; nothing leaves the server.' },
    twilio_messaging: twilio
      ? {
          configured: true,
          mode: twilioLine ?? 'Twilio Messages API',
          detail: `Account ${maskSid(twilio.accountSid)}; delivery reports to ${publicUrl}${SMS_STATUS_PATH}, replies to ${publicUrl}/api/webhooks/twilio/sms.`,
        }
      : { configured: false, mode: DEMO_LINE, detail: 'Texts are marked delivered after a moment and a simulated seller replies; nothing is sent.' },
    llm: llm
      ? {
          configured: true,
          mode: `OpenAI-compatible API at ${hostOf(llm.baseUrl)}`,
          detail: `Model ${llm.model} at ${hostOf(llm.baseUrl)}, ${llm.apiKey ? 'with' : 'without'} an API key; a call taking over ${llm.timeoutMs / 1000} s fails and the built-in rules answer.`,
        }
      : { configured: false, mode: 'Built-in patterns and rules (no model)', detail: 'Coaching uses the instant conversation patterns, scoring and analysis use rules, and Ask AI is unavailable.' },
    batchdata: config.BATCHDATA_API_KEY
      ? { configured: true, mode: 'BatchData', detail: `API token set; lookups go to api.batchdata.com, at most ${config.ADDRESS_LOOKUP_DAILY_CAP_ORG} a day for this organization.` }
      : { configured: false, mode: 'Basic property info only (no lookups)', detail: 'Lookups answer that data enrichment is not configured; leads keep what was typed or imported.' },
    google_maps: config.GOOGLE_MAPS_API_KEY
      ? {
          configured: true,
          mode: 'Google Maps JavaScript API (browser key)',
          detail: `Key …${config.GOOGLE_MAPS_API_KEY.slice(-4)}, sent to browsers for Places autocomplete and Street View; restrict it by HTTP referrer to ${publicUrl}.`,
        }
      : { configured: false, mode: 'Addresses typed as free text', detail: 'Address fields take free text: no autocomplete and no Street View.' },
    smtp: smtp
      ? {
          configured: true,
          mode: 'SMTP',
          detail: `Server ${smtp.host}${smtp.protocol === 'smtps:' ? ' over TLS' : ''}${smtp.username ? ', signing in' : ''}; mail from ${addressOf(config.MAIL_FROM)}.`,
        }
      : { configured: false, mode: 'Mail outbox table (no SMTP)', detail: 'Mail is kept in the mail_outbox table and its text written to the server log, so links still work; nothing is delivered.' },
    storage: storage.kind === 's3'
      ? { configured: true, mode: `S3 bucket ${config.s3?.bucket ?? ''}`.trim(), detail: `Files go to the ${storage.location}.` }
      : { configured: false, mode: 'Local files in DATA_DIR/uploads', detail: `Files go to the ${storage.location}; every server instance must share it.` },
  };
}
