import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAllowedHosts, type AllowedHost } from './modules/webhooks/addresses';
import type { S3Settings } from './providers/storage/s3';

/** Prefixes this app owns: an unknown variable with one of them is a typo, and start-up stops. */
const OWNED_PREFIXES = ['WHOLESAIL_', 'DEMO_', 'SMTP_', 'MAIL_', 'SESSION_', 'AUTH_', 'SEED_', 'BATCHDATA_', 'GOOGLE_MAPS_', 'TWILIO_', 'LLM_'];

const bool = z
  .enum(['0', '1', 'true', 'false'], { error: 'expected 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For hops to believe: 0 (none: the socket's address is the client), a number of proxies in
 * front (the address that many hops from the right), or the proxies' addresses/CIDRs. Never "all": the
 * leftmost entries are whatever the client wrote.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: 'expected the number of proxies in front (0 for none) or a comma-separated list of proxy addresses or CIDRs' });
    return z.NEVER;
  }
  return entries;
});

const positiveInt = (label: string) =>
  z.coerce.number({ error: `expected ${label}` }).int(`expected ${label}`).positive(`expected ${label}`);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: positiveInt('a whole number of connections').default(10),
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool.optional(),
  DEMO_EMAIL: z.email('expected an email address').default('demo@wholesail.test'),
  DEMO_PASSWORD: z.string().min(8, 'expected at least 8 characters').optional(),
  DEMO_RING_MS: positiveInt('a whole number of milliseconds').default(2000),
  DEMO_MS_PER_WORD: positiveInt('a whole number of milliseconds').default(320),
  DEMO_SMS_DELIVERY_MS: positiveInt('a whole number of milliseconds').default(1500),
  DEMO_SMS_REPLY_MS: positiveInt('a whole number of milliseconds').default(3000),
  PUBLIC_URL: z.url('expected a URL such as https://app.example.com').optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  REQUEST_TIMEOUT_SECONDS: positiveInt('a whole number of seconds').default(120),
  HEADERS_TIMEOUT_SECONDS: positiveInt('a whole number of seconds').default(10),
  MAX_CONNECTIONS_PER_IP: z.coerce.number({ error: 'expected a whole number of connections' }).int('expected a whole number of connections').min(0, 'expected 0 (no limit) or more').default(100),
  AUTH_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  SESSION_IDLE_HOURS: positiveInt('a whole number of hours').default(24 * 7),
  SESSION_ABSOLUTE_HOURS: positiveInt('a whole number of hours').default(24 * 30),
  AUTH_SIGN_IN_LIMIT: positiveInt('a whole number of attempts').default(5),
  AUTH_RESET_LIMIT: positiveInt('a whole number of requests').default(3),
  AUTH_RATE_WINDOW_SECONDS: positiveInt('a whole number of seconds').default(60),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Wholesail <no-reply@wholesail.test>'),
  ACCESS_REQUEST_EMAIL: z.email('expected an email address').optional(),
  WEB_DIST: z.string().optional(),
  ADDRESS_LOOKUP_DAILY_CAP_ORG: positiveInt('a whole number of lookups').default(500),
  ADDRESS_LOOKUP_DAILY_CAP_PUBLIC: positiveInt('a whole number of lookups').default(200),
  BATCHDATA_API_KEY: z.string().min(10, 'expected a BatchData API token').optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(10, 'expected a Google Maps API key').optional(),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'expected an account SID (AC…)').optional(),
  TWILIO_API_KEY: z.string().regex(/^SK[0-9a-fA-F]{32}$/, 'expected an API key SID (SK…)').optional(),
  TWILIO_API_SECRET: z.string().min(16, 'expected the API key secret').optional(),
  TWILIO_TWIML_APP_SID: z.string().regex(/^AP[0-9a-fA-F]{32}$/, 'expected a TwiML app SID (AP…)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'expected the account auth token').optional(),
  LLM_BASE_URL: z.url('expected the base URL of an OpenAI-compatible API, such as https://api.openai.com/v1').optional(),
  LLM_API_KEY: z.string().min(1, 'expected an API key').optional(),
  LLM_MODEL: z.string().min(1, 'expected a model name').default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: positiveInt('a whole number of milliseconds').default(15_000),
  WHOLESAIL_JOB_HEARTBEAT_SECONDS: positiveInt('a whole number of seconds').default(10),
  IMPORT_UPLOADS_PER_ORG: positiveInt('a whole number of uploads').default(2),
  IMPORT_UPLOADS_PER_SERVER: positiveInt('a whole number of uploads').default(8),
  API_KEY_RATE_LIMIT: positiveInt('a whole number of requests a minute').default(600),
  S3_BUCKET: z.string().min(3, 'expected a bucket name').optional(),
  S3_ENDPOINT: z.url('expected a URL such as https://s3.example.com').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
});

/** Twilio is all-or-none: a partial set is a mistake, not a request for the demo line. */
const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY', 'TWILIO_API_SECRET', 'TWILIO_TWIML_APP_SID', 'TWILIO_AUTH_TOKEN'] as const;

export interface LlmConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface TwilioConfig {
  accountSid: string;
  apiKey: string;
  apiSecret: string;
  twimlAppSid: string;
  authToken: string;
}

const KNOWN = new Set(Object.keys(schema.shape));

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  allowedOrigins: string[];
  seedDemo: boolean;
  /** Set when every TWILIO_ setting is present; otherwise the demo line is used. */
  twilio: TwilioConfig | null;
  /** An OpenAI-compatible chat API when LLM_BASE_URL is set; otherwise AI features use local rules only. */
  llm: LlmConfig | null;
  /** Uploaded files go to this bucket when S3_BUCKET is set; otherwise under DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** Where /signup's access requests go: ACCESS_REQUEST_EMAIL, else the address of MAIL_FROM. */
  accessRequestEmail: string;
  /** Webhook hosts exempt from the public-address and https rules (WEBHOOK_ALLOWED_HOSTS: local development, tests). */
  webhookAllowedHosts: AllowedHost[];
};

/** The address of a From header: 'Wholesail <no-reply@example.com>' → 'no-reply@example.com'. */
const addressOf = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

export class ConfigError extends Error {}

/** Parses the environment once; throws a ConfigError naming every bad or unknown setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  for (const name of Object.keys(env)) {
    if (!KNOWN.has(name) && OWNED_PREFIXES.some((p) => name.startsWith(p))) {
      problems.push(`${name}: unknown setting`);
    }
  }
  const values = Object.fromEntries(
    [...KNOWN].filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]),
  );
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}: ${issue.message} (got ${JSON.stringify(env[name])})`);
    }
  }
  const twilioSet = TWILIO_KEYS.filter((k) => env[k] !== undefined && env[k] !== '');
  if (twilioSet.length > 0 && twilioSet.length < TWILIO_KEYS.length) {
    const missing = TWILIO_KEYS.filter((k) => !twilioSet.includes(k));
    problems.push(`${missing.join(', ')}: missing (Twilio needs all of ${TWILIO_KEYS.join(', ')}, or none for the demo line)`);
  }
  const s3Keys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => env[k] !== undefined && env[k] !== '');
  if (s3Keys.length === 1) problems.push(`${s3Keys[0] === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: missing (give both S3 keys, or neither for the SDK's own credentials)`);
  const s3Only = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => env[k] !== undefined && env[k] !== '');
  if (!env.S3_BUCKET && s3Only.length > 0) problems.push(`S3_BUCKET: missing (${s3Only.join(', ')} set without a bucket)`);
  let webhookAllowedHosts: AllowedHost[] = [];
  try {
    webhookAllowedHosts = parseAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS);
  } catch (error) {
    problems.push(`WEBHOOK_ALLOWED_HOSTS: ${(error as Error).message} (expected comma-separated host names or addresses, each optionally with :port)`);
  }
  if (problems.length > 0 || !parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const extraOrigins = (c.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  const origin = new URL(publicUrl);
  // localhost and 127.0.0.1 are the same machine; a visitor may type either.
  const loopbackTwin =
    origin.hostname === 'localhost' ? origin.origin.replace('localhost', '127.0.0.1')
    : origin.hostname === '127.0.0.1' ? origin.origin.replace('127.0.0.1', 'localhost')
    : null;
  const devOrigins = c.NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : [];
  return {
    ...c,
    publicUrl,
    allowedOrigins: [...new Set([origin.origin, ...(loopbackTwin ? [loopbackTwin] : []), ...devOrigins, ...extraOrigins])],
    seedDemo: c.SEED_DEMO ?? !c.DATABASE_URL,
    twilio:
      c.TWILIO_ACCOUNT_SID && c.TWILIO_API_KEY && c.TWILIO_API_SECRET && c.TWILIO_TWIML_APP_SID && c.TWILIO_AUTH_TOKEN
        ? { accountSid: c.TWILIO_ACCOUNT_SID, apiKey: c.TWILIO_API_KEY, apiSecret: c.TWILIO_API_SECRET, twimlAppSid: c.TWILIO_TWIML_APP_SID, authToken: c.TWILIO_AUTH_TOKEN }
        : null,
    accessRequestEmail: c.ACCESS_REQUEST_EMAIL ?? addressOf(c.MAIL_FROM),
    webhookAllowedHosts,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET, endpoint: c.S3_ENDPOINT, region: c.S3_REGION, accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY, forcePathStyle: c.S3_FORCE_PATH_STYLE,
        }
      : null,
    llm: c.LLM_BASE_URL ? { baseUrl: c.LLM_BASE_URL.replace(/\/$/, ''), apiKey: c.LLM_API_KEY ?? null, model: c.LLM_MODEL, timeoutMs: c.LLM_TIMEOUT_MS } : null,
  };
}
