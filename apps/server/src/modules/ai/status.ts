import type { FastifyBaseLogger } from 'fastify';
import { AI_HEALTH_CHECK_MS, type AiArea } from '@wholesail/domain';
import { LlmError } from '../../providers/llm';

/**
 * The outcome of each organization's last language-model call per AI area, kept in memory: GET /api/ai/health
 * shows an area as 'error' while its last call failed less than 5 minutes ago. Coaching reports here; the
 * scoring and analysis jobs report with `aiStatus.report(organizationId, 'scoring' | 'analysis', ok)`.
 */
export class AiStatusRecord {
  private readonly last = new Map<string, { ok: boolean; at: number }>();

  constructor(
    private readonly windowMs = AI_HEALTH_CHECK_MS,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  report(organizationId: string, area: AiArea, ok: boolean): void {
    const key = `${organizationId}:${area}`;
    this.last.delete(key);
    this.last.set(key, { ok, at: this.now() });
    // Oldest first (re-reported keys move to the end): forget what no longer matters.
    for (const [k, entry] of this.last) {
      if (this.last.size <= this.maxEntries && this.now() - entry.at <= this.windowMs) break;
      this.last.delete(k);
    }
  }

  /** Whether the area's last call for the organization failed within the window. */
  failing(organizationId: string, area: AiArea): boolean {
    const entry = this.last.get(`${organizationId}:${area}`);
    return entry !== undefined && !entry.ok && this.now() - entry.at <= this.windowMs;
  }
}

export const aiStatus = new AiStatusRecord();

/** What a failed language-model call means, for logs and answers: 402 credits, 429 rate limit, 0 unreachable. */
export function llmFailureText(error: unknown): string {
  if (!(error instanceof LlmError)) return 'The language model call failed';
  if (error.status === 402) return 'AI credits exhausted';
  if (error.status === 429) return 'AI rate limit exceeded';
  if (error.status === 0) return 'The language model could not be reached';
  return `The language model answered ${error.status}`;
}

/** Coaching failures are logged only (dialer.md §8): never shown to the user. */
export function logLlmFailure(log: FastifyBaseLogger, error: unknown, what: string): void {
  const status = error instanceof LlmError ? error.status : undefined;
  log.warn({ status, what, detail: error instanceof Error ? error.message : String(error) }, llmFailureText(error));
}
