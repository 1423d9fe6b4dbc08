import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  INTEGRATION_IDS, INTEGRATION_MESSAGES, type Integration, type IntegrationId, type IntegrationTestBody, type IntegrationTestResult,
} from '@wholesail/domain';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import type { RequestContext } from '../../http/context';
import type { FileStorage } from '../../providers/storage';
import { readCalling } from '../calls/settings';
import { CATALOG, describeIntegrations, testedIn } from './catalog';
import { CHECK_TIMEOUT_MS, type IntegrationChecks } from './checks';
import { readStatuses, recordIntegration } from './status';
import type { CheckResult } from './twilio-checks';

export interface IntegrationsDeps {
  db: Kysely<DB>;
  config: Config;
  storage: FileStorage;
  checks: IntegrationChecks;
  log: FastifyBaseLogger;
}

/** Every secret the configuration holds: none may appear in an answer, even inside a provider's error text. */
function secretsOf(config: Config): string[] {
  const smtpPassword = config.SMTP_URL ? decodeURIComponent(new URL(config.SMTP_URL).password) : '';
  return [
    config.TWILIO_AUTH_TOKEN, config.TWILIO_API_SECRET, config.LLM_API_KEY, config.BATCHDATA_API_KEY, config.GOOGLE_MAPS_API_KEY,
    config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY, config.SMTP_URL, smtpPassword,
  ].filter((s): s is string => typeof s === 'string' && s.length >= 4);
}

/** The text with every configured secret and any user:password@ of a URL taken out. */
function scrub(text: string, secrets: readonly string[]): string {
  const hidden = secrets.reduce((t, secret) => t.split(secret).join('[hidden]'), text);
  return hidden.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1');
}

/** GET /api/integrations: each provider as it runs here, with this organization's last success and error. */
export async function listIntegrations(deps: IntegrationsDeps, ctx: RequestContext): Promise<Integration[]> {
  const { described, statuses } = await ctx.read(async (tx) => {
    const described = describeIntegrations(deps.config, deps.storage, (await readCalling(tx, ctx.organizationId)).voiceProvider);
    return { described, statuses: await readStatuses(tx, ctx.organizationId, (id) => described[id].configured) };
  });
  const secrets = secretsOf(deps.config);
  return INTEGRATION_IDS.map((id) => {
    const { name, purpose, settings, test } = CATALOG[id];
    const status = statuses.get(id);
    return {
      id, name, purpose, ...described[id], settings, test, tested_in: testedIn(id),
      last_success_at: status?.last_success_at ?? null,
      last_error_at: status?.last_error_at ?? null,
      last_error: status?.last_error ? scrub(status.last_error, secrets) : null,
    };
  });
}

/** The check, answered as timed out after CHECK_TIMEOUT_MS whatever the provider's client does. */
function withDeadline(work: Promise<CheckResult>, name: string): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: INTEGRATION_MESSAGES.timedOut(name, CHECK_TIMEOUT_MS / 1000) }), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * POST /api/integrations/:id/test: one harmless call, its outcome recorded. A provider that is not configured is
 * answered so (200, ok false) and nothing is recorded; storage always runs, on the bucket or the local directory.
 * The Maps key is checked by the admin's browser, which sends its outcome here to be recorded.
 */
export async function testIntegration(deps: IntegrationsDeps, ctx: RequestContext, id: IntegrationId, body: IntegrationTestBody | null | undefined): Promise<IntegrationTestResult> {
  const checkedAt = () => new Date().toISOString();
  // The organization's line choice changes only the words of a mode, never whether the server is configured.
  const configured = describeIntegrations(deps.config, deps.storage, 'auto')[id].configured;
  if (!configured && id !== 'storage') return { ok: false, checked: false, message: INTEGRATION_MESSAGES.notConfigured(CATALOG[id].required), duration_ms: 0, checked_at: checkedAt() };
  let result: CheckResult;
  let durationMs: number;
  if (id === 'google_maps') {
    if (!body?.browser) return { ok: false, checked: false, message: INTEGRATION_MESSAGES.browserOnly, duration_ms: 0, checked_at: checkedAt() };
    result = { ok: body.browser.ok, message: body.browser.message };
    durationMs = body.browser.duration_ms;
  } else {
    const started = performance.now();
    result = await withDeadline(deps.checks.run(id), CATALOG[id].name);
    durationMs = Math.round(performance.now() - started);
  }
  const message = scrub(result.message, secretsOf(deps.config));
  await recordIntegration(deps.db, ctx.organizationId, id, result.ok ? { ok: true } : { ok: false, error: message }, deps.log, { always: true });
  return { ok: result.ok, checked: true, message, duration_ms: durationMs, checked_at: checkedAt() };
}
