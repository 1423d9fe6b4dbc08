/** Sequences and enrolments for members (docs/api-automation.md). */
import type { CreateSequence, EnrolResult, LeadAutomation, Sequence } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import type { LeadFilters } from '@/features/leads/leads-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** A sequence as the editor sends it: every field, so a save never depends on the server's defaults. */
export type SequenceBody = CreateSequence;

const sequencePath = (id: string) => `/api/sequences/${encodeURIComponent(id)}`;

export const fetchSequences = () => apiRequest<{ items: Sequence[] }>('/api/sequences').then((r) => r.items);
export const fetchSequence = (id: string) => apiRequest<Sequence>(sequencePath(id));
export const createSequence = (body: SequenceBody) => apiRequest<Sequence>('/api/sequences', { method: 'POST', body });
export const updateSequence = (id: string, body: SequenceBody) => apiRequest<Sequence>(sequencePath(id), { method: 'PATCH', body });
export const deleteSequence = (id: string) => apiRequest<void>(sequencePath(id), { method: 'DELETE' });

/** The leads to enrol: by id, or every lead the leads list's filter matches (its page left out). */
export type EnrolTarget = { lead_ids: string[] } | { filter: Omit<LeadFilters, 'page'> };

export const enrolLeads = (sequenceId: string, body: EnrolTarget) =>
  apiRequest<EnrolResult>(`${sequencePath(sequenceId)}/enrollments`, { method: 'POST', body });
export const removeFromSequence = (sequenceId: string, leadId: string) =>
  apiRequest<void>(`${sequencePath(sequenceId)}/enrollments/${encodeURIComponent(leadId)}`, { method: 'DELETE' });

export const useSequences = () => useQuery({ queryKey: queryKeys.automation.sequences.list, queryFn: fetchSequences });

export const useSequence = (id: string | null) =>
  useQuery({ queryKey: queryKeys.automation.sequences.detail(id ?? ''), queryFn: () => fetchSequence(id ?? ''), enabled: id !== null });

export const useLeadAutomation = (leadId: string) =>
  useQuery({
    queryKey: queryKeys.automation.leadAutomation(leadId),
    queryFn: ({ signal }) => apiRequest<LeadAutomation>(`/api/leads/${encodeURIComponent(leadId)}/automation`, { signal }).then((r) => r.items),
  });

export type LeadEnrolment = LeadAutomation['items'][number];
