/**
 * Sends a user's queued post-call outcomes in the order they were saved. A lead that changed meanwhile
 * (409 LEAD_CHANGED) becomes a conflict for the agent to review, never overwritten silently; another refusal
 * is kept with its message; a network or server failure stops the run, to go on when the connection is back.
 */
import { completeCall, type CompleteCallResult } from '@/features/post-call/post-call-api';
import { ApiError } from '@/lib/api';
import type { Outbox, OutboxEntry } from './outbox';

export type SendEntry = (entry: OutboxEntry) => Promise<CompleteCallResult>;
export type SyncReport = { synced: OutboxEntry[]; conflicts: OutboxEntry[]; failed: OutboxEntry[]; stopped: boolean };

export const LEAD_CHANGED = 'LEAD_CHANGED';

export const sendEntry: SendEntry = (entry) => completeCall(entry.callId, entry.body);

/**
 * Outcomes queued by the app before leads had versions carry the updated_at the agent saw instead (no longer
 * checked by the server): each goes to the agent to review, as a changed lead does, rather than being saved
 * unchecked.
 */
export const SAVED_BEFORE_VERSIONS = 'Saved by an earlier version of the app: review the lead, then send the outcome again to save it anyway.';
type LegacyBody = OutboxEntry['body'] & { leadUpdatedAt?: string | null };
const savedBeforeVersions = (entry: OutboxEntry) => Boolean((entry.body as LegacyBody).leadUpdatedAt) && entry.body.leadVersion === undefined;
function withoutLegacyCheck(body: OutboxEntry['body']): OutboxEntry['body'] {
  const { leadUpdatedAt: _legacy, ...rest } = body as LegacyBody;
  return rest;
}

/** A refusal that sending again will not change (a 4xx other than session, timeout and rate limits). */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/**
 * After an entry went through, the later entries for the same lead that saw the same version now expect the
 * version this update made: the agent's own queued outcomes do not conflict with each other.
 */
async function carryVersion(box: Outbox, sent: OutboxEntry, result: CompleteCallResult): Promise<void> {
  const seen = sent.body.leadVersion;
  const now = result.lead.version;
  if (!seen || typeof now !== 'number') return;
  for (const later of box.getEntries()) {
    if (later.seq > sent.seq && later.status === 'pending' && later.lead.id === sent.lead.id && later.body.leadVersion === seen) {
      await box.update({ ...later, body: { ...later.body, leadVersion: now } });
    }
  }
}

/** Sends the user's pending entries, oldest first, and reports what became of them. */
export async function syncOutbox(box: Outbox, userId: string, send: SendEntry = sendEntry): Promise<SyncReport> {
  await box.load(true);
  const report: SyncReport = { synced: [], conflicts: [], failed: [], stopped: false };
  const order = box.getEntries().filter((e) => e.userId === userId && e.status === 'pending').map((e) => e.seq);
  for (const seq of order) {
    // Read again: an earlier send may have carried its version over, and the agent may have discarded it.
    const entry = box.getEntries().find((e) => e.seq === seq && e.status === 'pending');
    if (!entry) continue;
    if (savedBeforeVersions(entry)) {
      const kept: OutboxEntry = { ...entry, status: 'conflict', error: SAVED_BEFORE_VERSIONS };
      await box.update(kept);
      report.conflicts.push(kept);
      continue;
    }
    try {
      const result = await send(entry);
      await box.remove(entry.seq);
      report.synced.push(entry);
      await carryVersion(box, entry, result);
    } catch (error) {
      if (!isRefusal(error)) {
        report.stopped = true;
        break;
      }
      const kept: OutboxEntry = { ...entry, status: error.code === LEAD_CHANGED ? 'conflict' : 'failed', error: error.message };
      await box.update(kept);
      (kept.status === 'conflict' ? report.conflicts : report.failed).push(kept);
    }
  }
  return report;
}

/** The agent's choice on a conflict: send it without the version check, so it is saved over the change. */
export async function sendAnyway(box: Outbox, entry: OutboxEntry, send: SendEntry = sendEntry): Promise<CompleteCallResult> {
  const { leadVersion: _seen, ...body } = withoutLegacyCheck(entry.body);
  try {
    const result = await send({ ...entry, body });
    await box.remove(entry.seq);
    return result;
  } catch (error) {
    // Refused for another reason (the call was completed elsewhere, say): kept with that reason to discard.
    if (isRefusal(error)) await box.update({ ...entry, body, status: 'failed', error: error.message });
    throw error;
  }
}

/** One run at a time across the app's tabs (Web Locks where the browser has them). */
export function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('wholesail-outbox', run) : run();
}
