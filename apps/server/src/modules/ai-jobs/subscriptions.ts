import type { EventOutbox } from '../outbox/delivery';
import type { AiJobs } from './service';

/** The names the AI jobs' deliveries are recorded under. */
export const AI_SUBSCRIBERS = { newLead: 'ai-jobs.new-lead', import: 'ai-jobs.import', analysis: 'ai-jobs.analysis' } as const;

/**
 * The AI jobs' part in the outbox: new leads are enriched and scored, finished imports' leads likewise, and every
 * text sent or received is analyzed, each as the organization's switches say. The jobs are queued in the delivery's
 * transaction (so exactly once per event) and their workers woken once it committed.
 */
export function subscribeAiJobs(outbox: EventOutbox, ai: AiJobs): void {
  const wake = () => ai.wake();
  outbox.subscribe('lead.created', AI_SUBSCRIBERS.newLead, (event, tx) => ai.queueForNewLead(tx, event.organizationId, event.leadId), wake);
  outbox.subscribe('import.finished', AI_SUBSCRIBERS.import, (event, tx) => ai.queueForImport(tx, event.organizationId, event.importId), wake);
  for (const type of ['text.received', 'text.sent'] as const) {
    outbox.subscribe(type, AI_SUBSCRIBERS.analysis, async (event, tx) => void (await ai.enqueueConversationAnalysis(event.organizationId, event.conversationId, tx)), wake);
  }
}
