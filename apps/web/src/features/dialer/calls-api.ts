/** Client of the calling API (docs/api-calls.md): caller id, compliance check, dial, call record, hangup. */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type CallerIdReason = 'lead' | 'user_default' | 'org_primary' | 'first_active' | 'none';
export type CallerId = { phone_number: string | null; reason: CallerIdReason };
export type CallCheck = { allowed: boolean; reason?: string; code?: string };
export type CallRecord = {
  id: string;
  lead_id: string;
  call_sid: string;
  provider: 'demo' | 'twilio';
  status: string;
  started_at: string | null;
  answered_at: string | null;
  ended_at: string | null;
  duration_sec: number | null;
};
export type StartCallBody = { lead_id: string; from_e164: string; to_e164: string };

/** Keys under ['calls', …], so realtime changes of the calls table refresh them. */
export const callKeys = {
  callerId: (leadId: string) => ['calls', 'caller-id', leadId] as const,
  check: (leadId: string) => ['calls', 'check', leadId] as const,
  detail: (id: string) => ['calls', 'detail', id] as const,
};

const leadQuery = (leadId: string) => `leadId=${encodeURIComponent(leadId)}`;
const callPath = (id: string) => `/api/calls/${encodeURIComponent(id)}`;

/** Statuses of a call that has not been answered yet. */
export const RINGING_STATUSES: readonly string[] = ['initiated', 'queued', 'ringing'];
/** Statuses of a call that is over. */
export const ENDED_STATUSES: readonly string[] = ['completed', 'canceled', 'failed', 'busy', 'no-answer'];

export function useCallerId(leadId: string) {
  return useQuery({
    queryKey: callKeys.callerId(leadId),
    queryFn: ({ signal }) => apiRequest<CallerId>(`/api/calls/caller-id?${leadQuery(leadId)}`, { signal }),
    enabled: leadId !== '',
  });
}

export function useCallCheck(leadId: string) {
  return useQuery({
    queryKey: callKeys.check(leadId),
    queryFn: ({ signal }) => apiRequest<CallCheck>(`/api/calls/check?${leadQuery(leadId)}`, { signal }),
    enabled: leadId !== '',
  });
}

/** The call record; polled every 500 ms while `poll` (ringing or ending), otherwise refreshed by realtime events. */
export function useCallRecord(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: callKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<CallRecord>(callPath(id ?? ''), { signal }),
    enabled: id !== null,
    refetchInterval: poll ? 500 : false,
  });
}

export function startCall(body: StartCallBody): Promise<{ call_id: string; call_sid: string }> {
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
