import { AI_QUEUES, type AiJobs, type ConversationJob, type LeadJobData } from '../modules/ai-jobs/service';
import type { QueueDefinition } from './queue';

/**
 * Options every AI queue shares. 'stately' keeps at most one queued and one running job per key (a
 * lead, a conversation, a page of an import), so the same work never runs twice at once; each handler
 * is idempotent on the job's request time, so a retry after a crash changes nothing twice. Retries
 * back off exponentially from retryDelaySeconds.
 */
const AI_QUEUE_OPTIONS = { policy: 'stately', retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInMinutes: 10, workers: 2 } as const;

/** The AI jobs (docs/api-ai-jobs.md): enrichment (slower, an outside service), scoring and analysis. */
export function aiJobQueues(ai: AiJobs): [QueueDefinition<LeadJobData>, QueueDefinition<LeadJobData>, QueueDefinition<ConversationJob>] {
  return [
    { ...AI_QUEUE_OPTIONS, name: AI_QUEUES.enrich, retryDelaySeconds: 30, expireInMinutes: 15,
      handler: (data, job) => ai.runEnrichJob(data, job),
      onAbandoned: (data) => ai.abandonEnrichJob(data),
    },
    { ...AI_QUEUE_OPTIONS, name: AI_QUEUES.score, handler: (data) => ai.runScoreJob(data) },
    { ...AI_QUEUE_OPTIONS, name: AI_QUEUES.analyze, handler: (data) => ai.runAnalyzeJob(data) },
  ];
}
