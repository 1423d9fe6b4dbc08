import type { RawBuilder } from 'kysely';
import type { Tx } from '../../db/scope';
import { LEAD_PURGE_QUEUE } from '../../jobs/lead-purge';
import { transactionExecutor } from '../../jobs/transaction-executor';
import { AI_QUEUES } from '../ai-jobs/types';
import { AUTOMATION_QUEUES } from '../automation/engine';
import { RULE_QUEUES } from '../automation/rules/automation-rules';
import { LEAD_IMPORT_QUEUE } from '../lead-import/service';
import { OUTBOX_QUEUE, OUTBOX_RETRY_QUEUE } from '../outbox/delivery';

/** pg-boss 10's job states (its job_state enum). */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** What the screens call each queue; a queue not named here (added later) shows its own name. */
const QUEUE_LABELS: Record<string, string> = {
  [AI_QUEUES.enrich]: 'Enrichment',
  [AI_QUEUES.score]: 'AI scoring',
  [AI_QUEUES.analyze]: 'Conversation analysis',
  [AUTOMATION_QUEUES.step]: 'Sequence steps',
  [AUTOMATION_QUEUES.sweep]: 'Sequence sweep',
  [RULE_QUEUES.importPage]: 'Rules for imported leads',
  [RULE_QUEUES.overdue]: 'Rules for overdue tasks',
  [LEAD_IMPORT_QUEUE]: 'Lead imports',
  [LEAD_PURGE_QUEUE]: 'Deleted-lead purge',
  [OUTBOX_QUEUE]: 'Event delivery',
  [OUTBOX_RETRY_QUEUE]: 'Event delivery retries',
};
export const queueLabel = (name: string) => QUEUE_LABELS[name] ?? name;

/** The longest error text shown: pg-boss keeps whatever the handler threw. */
const ERROR_LENGTH = 500;

/**
 * The error pg-boss recorded as a job's output: a thrown Error serialized ({message, …}), a timeout or a shutdown
 * ({value: {message} | text}), or the supervisor's release ({message}). The stack is never shown.
 */
export function jobError(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null;
  const o = output as { message?: unknown; value?: unknown };
  const value = o.value as { message?: unknown } | string | undefined;
  const message = typeof o.message === 'string' ? o.message : typeof value === 'string' ? value : typeof value?.message === 'string' ? value.message : null;
  if (!message?.trim()) return null;
  return message.length > ERROR_LENGTH ? `${message.slice(0, ERROR_LENGTH - 1)}…` : message;
}

/**
 * Runs a query of pg-boss's own tables (or job_workers) inside the tenant transaction, as the role that owns them
 * (transactionExecutor); the tenant role has no grant there. Such queries name their organization themselves.
 */
export async function ownerRows<T>(tx: Tx, query: RawBuilder<T>): Promise<T[]> {
  const compiled = query.compile(tx);
  return (await transactionExecutor(tx).executeSql(compiled.sql, [...compiled.parameters])).rows as T[];
}
