/** Phone numbers, caller-ID assignments and calling settings (docs/api-calls.md). */
import type { CallingSettings, CallSettingsBody, OrganizationPhoneNumber, phoneAssignmentSchema, phoneNumberCreateBody, phoneNumberUpdateBody, VoiceProviderKind } from '@wholesail/domain';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type PhoneAssignment = z.infer<typeof phoneAssignmentSchema>;
export type NewPhoneNumber = z.input<typeof phoneNumberCreateBody>;
export type PhoneNumberPatch = z.input<typeof phoneNumberUpdateBody>;

/** The calling section of the settings (packages/domain) with the line it resolves to on this server. */
export type CallSettings = CallingSettings & {
  /** The line calls go out on; null when Twilio is chosen but the server has no credentials. */
  activeProvider: VoiceProviderKind | null;
  twilioConfigured: boolean;
};

const idPath = (id: string) => `/api/phone-numbers/${encodeURIComponent(id)}`;

export async function fetchPhoneNumbers(signal?: AbortSignal): Promise<OrganizationPhoneNumber[]> {
  return (await apiRequest<{ items: OrganizationPhoneNumber[] }>('/api/phone-numbers', { signal })).items;
}

export function createPhoneNumber(body: NewPhoneNumber): Promise<OrganizationPhoneNumber> {
  return apiRequest<OrganizationPhoneNumber>('/api/phone-numbers', { method: 'POST', body });
}

export function updatePhoneNumber(id: string, patch: PhoneNumberPatch): Promise<OrganizationPhoneNumber> {
  return apiRequest<OrganizationPhoneNumber>(idPath(id), { method: 'PATCH', body: patch });
}

export function deletePhoneNumber(id: string): Promise<unknown> {
  return apiRequest(idPath(id), { method: 'DELETE' });
}

export async function fetchPhoneAssignments(signal?: AbortSignal): Promise<PhoneAssignment[]> {
  return (await apiRequest<{ items: PhoneAssignment[] }>('/api/phone-assignments', { signal })).items;
}

export function setDefaultPhoneNumber(phoneNumber: string): Promise<PhoneAssignment> {
  return apiRequest<PhoneAssignment>('/api/phone-assignments/default', { method: 'PUT', body: { phone_number: phoneNumber } });
}

export function fetchCallSettings(signal?: AbortSignal): Promise<CallSettings> {
  return apiRequest<CallSettings>('/api/calls/settings', { signal });
}

export function updateCallSettings(body: CallSettingsBody): Promise<CallSettings> {
  return apiRequest<CallSettings>('/api/calls/settings', { method: 'PUT', body });
}

export function usePhoneNumbers() {
  return useQuery({ queryKey: queryKeys.phoneNumbers, queryFn: ({ signal }) => fetchPhoneNumbers(signal) });
}

export function usePhoneAssignments() {
  return useQuery({ queryKey: queryKeys.phoneAssignments, queryFn: ({ signal }) => fetchPhoneAssignments(signal) });
}
