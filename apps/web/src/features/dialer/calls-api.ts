/** Client of the calling API (docs/api-calls.md): caller id, compliance check, dial, call record, hangup. */
import type { CallCheck, callerIdChoiceSchema, CallRecord, StartCallBody, StartCallResult } from '@wholesail/domain';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type CallerId = z.infer<typeof callerIdChoiceSchema>;
export type { CallCheck };

const leadQuery = (leadId: string) => `leadId=${encodeURIComponent(leadId)}`;
const callPath = (id: string) => `/api/calls/${encodeURIComponent(id)}`;

/** Statuses of a call that has not been answered yet. */
export const RINGING_STATUSES: readonly string[] = ['initiated', 'queued', 'ringing'];
/** Statuses of a call that is over. */
export const ENDED_STATUSES: readonly string[] = ['completed', 'canceled', 'failed', 'busy', 'no-answer'];

export function useCallerId(leadId: string) {
  return useQuery({
    queryKey: queryKeys.calls.callerId(leadId),
    queryFn: ({ signal }) => apiRequest<CallerId>(`/api/calls/caller-id?${leadQuery(leadId)}`, { signal }),
    enabled: leadId !== '',
  });
}

/** The gate's answer before dialling `to` (its per-number limit included); without a number, for any of the lead's. */
export function useCallCheck(leadId: string, to: string | null) {
  return useQuery({
    queryKey: queryKeys.calls.check(leadId, to),
    queryFn: ({ signal }) => apiRequest<CallCheck>(`/api/calls/check?${leadQuery(leadId)}${to ? `&to=${encodeURIComponent(to)}` : ''}`, { signal }),
    enabled: leadId !== '',
  });
}

/** The call record; polled every 500 ms while `poll` (ringing or ending), otherwise refreshed by realtime events. */
export function useCallRecord(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: queryKeys.calls.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<CallRecord>(callPath(id ?? ''), { signal }),
    enabled: id !== null,
    refetchInterval: poll ? 500 : false,
  });
}

export function startCall(body: StartCallBody): Promise<StartCallResult> {
  return apiRequest('/api/calls', { method: 'POST', body });
}

export function hangUpCall(id: string): Promise<CallRecord> {
  return apiRequest<CallRecord>(`${callPath(id)}/hangup`, { method: 'POST' });
}

/** 'm:ss' of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
