import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { notifyDueFollowUps } from '../modules/notifications/follow-ups';
import type { JobQueue, QueueDefinition } from './queue';
import { scheduleRepeating } from './repeat';

export const FOLLOW_UPS_DUE_QUEUE = 'notifications.follow-ups-due';
/** A follow-up is announced within a minute of its time. */
const SWEEP_EVERY_MS = 60_000;

/** 'notifications.follow-ups-due': notifies the follow-ups whose time has come (once per due time, see follow-ups.ts). */
export function followUpsDueQueue(db: Kysely<DB>): QueueDefinition<Record<string, never>> {
  return { name: FOLLOW_UPS_DUE_QUEUE, retryLimit: 2, handler: async () => ({ announced: await notifyDueFollowUps(db) }) };
}

export function scheduleFollowUpsDue(queue: JobQueue, log: FastifyBaseLogger): () => void {
  return scheduleRepeating(queue, log, FOLLOW_UPS_DUE_QUEUE, SWEEP_EVERY_MS);
}
