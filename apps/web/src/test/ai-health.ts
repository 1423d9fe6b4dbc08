import type { AiHealth } from '@wholesail/domain';

/** GET /api/ai/health of a server with a language model and BatchData, every AI switch on; tests override parts. */
export const AI_HEALTH_ALL_ON: AiHealth = {
  llm: 'configured',
  enrichment: 'configured',
  areas: { coaching: 'active', enrichment: 'active', scoring: 'active', analysis: 'active' },
  modes: { coaching: 'full', enrichment: 'full', scoring: 'full', analysis: 'full' },
  checked_at: '2026-01-01T00:00:00Z',
};
