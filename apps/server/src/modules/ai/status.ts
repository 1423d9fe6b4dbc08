import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { AI_HEALTH_CHECK_MS, type AiArea } from '@wholesail/domain';
import { readAsTenant, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { LlmError } from '../../providers/llm';

/**
 * How each organization's language-model calls went lately per AI area, kept in the database (table ai_status,
 * migration 0016) so every server instance answers GET /api/ai/health the same: an area shows 'error' while its
 * last call failed less than 5 minutes ago (the database's clock). Coaching and the AI jobs report here. Any
 * number of records over one database agree; each reads and writes only through it.
 */
export class AiStatusRecord {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly windowMs = AI_HEALTH_CHECK_MS,
  ) {}

  /**
   * A failure is written every time; a success when it ends a failure, is the area's first report, or the last one
   * written is a minute old (the Integrations screen shows it as the language model's or BatchData's last success),
   * so the usual success is one statement that changes nothing.
   */
  async report(organizationId: string, area: AiArea, ok: boolean): Promise<void> {
    await withTenant(this.db, organizationId, (tx) =>
      ok
        ? sql`insert into ai_status (organization_id, area, last_ok_at) values (${organizationId}, ${area}, now())
            on conflict (organization_id, area) do update set last_ok_at = excluded.last_ok_at
            where ai_status.last_ok_at is null or ai_status.last_ok_at < ai_status.last_failure_at or ai_status.last_ok_at < now() - interval '1 minute'`.execute(tx)
        : sql`insert into ai_status (organization_id, area, last_failure_at) values (${organizationId}, ${area}, now())
            on conflict (organization_id, area) do update set last_failure_at = excluded.last_failure_at`.execute(tx),
    );
  }

  /** The areas whose last call for the organization failed within the window, read in the caller's transaction. */
  async failingAreas(tx: Tx, organizationId: string): Promise<ReadonlySet<AiArea>> {
    const { rows } = await sql<{ area: AiArea }>`
      select area from ai_status
      where organization_id = ${organizationId}
        and last_failure_at > now() - make_interval(secs => ${this.windowMs / 1000})
        and (last_ok_at is null or last_ok_at < last_failure_at)`.execute(tx);
    return new Set(rows.map((r) => r.area));
  }

  /** Whether the area's last call for the organization failed within the window. */
  failing(organizationId: string, area: AiArea): Promise<boolean> {
    return readAsTenant(this.db, organizationId, async (tx) => (await this.failingAreas(tx, organizationId)).has(area));
  }
}

/** What a failed language-model call means, for logs and answers: 402 credits, 429 rate limit, 0 unreachable. */
export function llmFailureText(error: unknown): string {
  if (!(error instanceof LlmError)) return 'The language model call failed';
  if (error.status === 402) return 'AI credits exhausted';
  if (error.status === 429) return 'AI rate limit exceeded';
  if (error.status === 0) return 'The language model could not be reached';
  return `The language model answered ${error.status}`;
}

/** 503: the request needs a language model and none is configured. */
export const llmNotConfigured = () => new AppError(503, 'LLM_NOT_CONFIGURED', AI_NOT_CONFIGURED_MESSAGE);
export const AI_NOT_CONFIGURED_MESSAGE = 'No language model is configured (LLM_BASE_URL)';

/** 502 for a failed model call a member asked for: logged, and answered with what went wrong in words. */
export function llmAppError(log: FastifyBaseLogger, error: unknown, what: string): AppError {
  logLlmFailure(log, error, what);
  const status = error instanceof LlmError ? error.status : null;
  const text = llmFailureText(error);
  return new AppError(502, 'LLM_ERROR', status && !text.includes(String(status)) ? `The language model answered ${status}: ${text}` : text);
}

/** Coaching failures are logged only (dialer.md §8): never shown to the user. */
export function logLlmFailure(log: FastifyBaseLogger, error: unknown, what: string): void {
  const status = error instanceof LlmError ? error.status : undefined;
  log.warn({ status, what, detail: error instanceof Error ? error.message : String(error) }, llmFailureText(error));
}
