import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AiArea, IntegrationId } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { iso } from '../../db/timestamps';

export type IntegrationOutcome = { ok: true } | { ok: false; error: string };

export interface IntegrationStatus {
  last_success_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
}

/** The status screen shows times to the minute: a process writes a provider's success at most once a minute. */
const SUCCESS_EVERY_MS = 60_000;
const recentSuccess = new LRUCache<string, true>({ max: 10_000, ttl: SUCCESS_EVERY_MS });

/** Longest error text kept (the column's CHECK). */
const ERROR_MAX = 500;

/**
 * Records how a real use of an outside service went for an organization (a text through Twilio, a mail through
 * SMTP, a BatchData lookup, a stored upload, a Test connection). It opens its own transaction on `db`, so a failed
 * write can never roll back the work it reports on; call it outside any transaction (on PGlite a nested one would
 * wait for the single session for ever). It never throws: a failure is logged and the caller goes on.
 * `always` writes a success even when this process wrote one in the last minute (Test connection).
 */
export async function recordIntegration(
  db: Kysely<DB>,
  organizationId: string,
  provider: IntegrationId,
  outcome: IntegrationOutcome,
  log: FastifyBaseLogger,
  { always = false } = {},
): Promise<void> {
  const key = `${organizationId}:${provider}`;
  if (outcome.ok && !always && recentSuccess.has(key)) return;
  try {
    await withTenant(db, organizationId, (tx) =>
      outcome.ok
        ? sql`insert into integration_status (organization_id, provider, last_success_at) values (${organizationId}, ${provider}, now())
            on conflict (organization_id, provider) do update set last_success_at = excluded.last_success_at`.execute(tx)
        : sql`insert into integration_status (organization_id, provider, last_error_at, last_error) values (${organizationId}, ${provider}, now(), ${outcome.error.slice(0, ERROR_MAX)})
            on conflict (organization_id, provider) do update set last_error_at = excluded.last_error_at, last_error = excluded.last_error`.execute(tx),
    );
    if (outcome.ok) recentSuccess.set(key, true);
    else recentSuccess.delete(key);
  } catch (error) {
    log.warn({ err: error, organizationId, provider }, 'integration status not recorded');
  }
}

/** Awaits a provider's promise, records its outcome (the error's message when it rejects), and hands it back. */
export async function recorded<T>(db: Kysely<DB>, organizationId: string, provider: IntegrationId, work: Promise<T>, log: FastifyBaseLogger): Promise<T> {
  try {
    const value = await work;
    await recordIntegration(db, organizationId, provider, { ok: true }, log);
    return value;
  } catch (error) {
    await recordIntegration(db, organizationId, provider, { ok: false, error: error instanceof Error ? error.message : String(error) }, log);
    throw error;
  }
}

/**
 * The AI status (ai_status, modules/ai/status.ts) already records each organization's model and BatchData calls
 * per area: the list reads it rather than recording them twice, for a provider that is configured (without a
 * model, analysis by rules reports success too). Scoring's successes are left out: an imported list is scored by
 * rules alone and reports success without asking the model.
 */
const AI_SOURCES: Record<'llm' | 'batchdata', { failures: AiArea[]; successes: AiArea[] }> = {
  llm: { failures: ['coaching', 'scoring', 'analysis'], successes: ['coaching', 'analysis'] },
  batchdata: { failures: ['enrichment'], successes: ['enrichment'] },
};

const AI_FAILURE_TEXT: Record<AiArea, string> = {
  coaching: 'A coaching call to the language model failed (the server log has its answer)',
  scoring: 'An AI scoring call to the language model failed (the server log has its answer)',
  analysis: 'An AI analysis call to the language model failed (the server log has its answer)',
  enrichment: 'A BatchData lookup of a lead enrichment job failed (the server log has its answer)',
};

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** Each provider's last success and last error for the organization: its own row, merged with the AI status of `configured` ones. */
export async function readStatuses(tx: Tx, organizationId: string, configured: (id: IntegrationId) => boolean): Promise<Map<IntegrationId, IntegrationStatus>> {
  const own = await tx
    .selectFrom('integration_status')
    .select(['provider', 'last_success_at', 'last_error_at', 'last_error'])
    .where('organization_id', '=', organizationId)
    .execute();
  const ai = await tx.selectFrom('ai_status').select(['area', 'last_ok_at', 'last_failure_at']).where('organization_id', '=', organizationId).execute();
  const statuses = new Map<IntegrationId, IntegrationStatus>(
    own.map((r) => [r.provider, { last_success_at: iso(r.last_success_at), last_error_at: iso(r.last_error_at), last_error: r.last_error }]),
  );
  for (const [provider, areas] of Object.entries(AI_SOURCES) as Array<[keyof typeof AI_SOURCES, (typeof AI_SOURCES)['llm']]>) {
    if (!configured(provider)) continue;
    const status = statuses.get(provider) ?? { last_success_at: null, last_error_at: null, last_error: null };
    for (const row of ai) {
      const area = row.area as AiArea;
      if (areas.successes.includes(area)) status.last_success_at = later(status.last_success_at, iso(row.last_ok_at));
      const failedAt = iso(row.last_failure_at);
      if (areas.failures.includes(area) && failedAt && (status.last_error_at === null || failedAt > status.last_error_at)) {
        status.last_error_at = failedAt;
        status.last_error = AI_FAILURE_TEXT[area];
      }
    }
    statuses.set(provider, status);
  }
  return statuses;
}
