/** POST /api/calls/:id/complete and the outcome list (platform.md §2–§5, docs/api-calls.md). */
import { apiRequest } from '@/lib/api';
import { CALL_OUTCOME_LABELS, type CallOutcome, type CompleteCallResult, type completeCallBody } from '@wholesail/domain';
import type { z } from 'zod';

export { CALL_OUTCOMES, FOLLOW_UP_OUTCOMES, type CallOutcome } from '@wholesail/domain';

export function outcomeLabel(outcome: CallOutcome): string {
  return CALL_OUTCOME_LABELS[outcome];
}

export const POST_CALL_TOASTS = {
  statusRequired: 'Status required',
  statusRequiredDescription: 'Please select a call outcome before continuing',
  error: 'Error',
  leadIdMissing: 'Lead ID is missing',
  organizationMissing: 'Organization context is missing',
  updateFailed: 'Update failed',
  updateFailedFallback: 'Failed to update lead',
  completed: 'Call completed',
  completedDescription: (outcome: string) => `Lead updated with ${outcome} status`,
  savedOffline: 'Saved offline — will sync when you are back online',
  savedOfflineDescription: (outcome: string) => `The lead will be updated with ${outcome} status`,
} as const;

/** What the modal sends: the domain's request schema as input, before its transforms. */
export type CompleteCallBody = z.input<typeof completeCallBody>;

/** This browser's time zone ('America/Chicago'), or none when the runtime cannot say. */
export function memberTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

export type { CompleteCallResult };

export function completeCall(callId: string, body: CompleteCallBody): Promise<CompleteCallResult> {
  return apiRequest<CompleteCallResult>(`/api/calls/${encodeURIComponent(callId)}/complete`, { method: 'POST', body });
}

/** "m:ss" for a duration in milliseconds. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The value of a datetime-local input for a moment, in local time ("2025-03-04T09:05"). */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
