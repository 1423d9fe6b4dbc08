import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LeadFieldName } from '@wholesail/domain';
import type { DB } from '../../db/types';
import type { EnrichmentProvider } from '../../providers/enrichment';
import type { LlmProvider } from '../../providers/llm';
import type { PageCursor } from './repo';

/** The AI jobs (DESIGN.md "jobs/"): pg-boss queue names. */
export const AI_QUEUES = {
  enrich: 'lead.enrich',
  score: 'lead.ai-score',
  analyze: 'conversation.analyze',
} as const;

/** 'auto' jobs follow the organization's aiIntegration toggles; 'manual' ones (a user's request) run regardless. */
export type Trigger = 'auto' | 'manual';

/** One lead. `requestedAt` makes the job idempotent: a lead scored or enriched since then is not done again. */
export interface LeadJob {
  organizationId: string;
  leadId: string;
  requestedAt: string;
  trigger: Trigger;
  /** A member's manual enrichment (enrichment-batches.ts): the batch the lead's outcome is counted in. */
  batchId?: string;
}

/** The leads a CSV import created, a page at a time; each page queues the next (`after` is where it starts). */
export interface ImportLeadsJob {
  organizationId: string;
  importId: string;
  after?: PageCursor;
}

export type LeadJobData = LeadJob | ImportLeadsJob;

export interface ConversationJob {
  organizationId: string;
  conversationId: string;
  requestedAt: string;
  trigger: Trigger;
}

export type AiJobArea = 'enrichment' | 'scoring' | 'analysis';

export interface AiJobsDeps {
  db: Kysely<DB>;
  llm: LlmProvider | null;
  enrichment: EnrichmentProvider;
  log: FastifyBaseLogger;
  /** Leads per page of an import's scoring and enrichment (tests make them small). */
  pageSizes?: { score?: number; enrich?: number };
}

/** The stored score as POST /api/leads/:id/ai-score answers it. */
export type { LeadAiScore } from '@wholesail/domain';

export type EnrichOutcome =
  | { result: 'enriched'; filled: LeadFieldName[] }
  | { result: 'not_configured'; message: string }
  | { result: 'already_enriched' | 'no_address' | 'no_match' | 'not_found' | 'disabled' }
  | { result: 'error'; error: string };

/** Leads of an import scored per page (one UPDATE), and enriched per page (one lookup each). */
export const SCORE_PAGE = 500;
export const ENRICH_PAGE = 20;
