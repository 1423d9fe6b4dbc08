/** Phone numbers, caller-ID assignments and calling settings (docs/api-calls.md). */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';

export type OrganizationPhoneNumber = {
  id: string;
  phone_number: string;
  is_active: boolean;
  is_primary: boolean;
  label: string | null;
  created_at: string;
};

export type PhoneAssignment = { phone_number: string; is_default: boolean };

export type NewPhoneNumber = { phone_number: string; label?: string; is_primary?: boolean; is_active?: boolean };
export type PhoneNumberPatch = { label?: string; is_primary?: boolean; is_active?: boolean };

export type CallSettings = { enforceHours: boolean };

// Keys start with the table name so realtime row changes refresh them.
export const PHONE_NUMBERS_QUERY_KEY = ['organization_phone_numbers'] as const;
export const PHONE_ASSIGNMENTS_QUERY_KEY = ['user_phone_assignments'] as const;
export const CALL_SETTINGS_QUERY_KEY = ['calls', 'settings'] as const;

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

/**
 * The calling settings, or null while the server has no such route (404): the contract names only
 * `PUT /api/calls/settings {enforceHours}`, so the current value is read with a GET of the same path.
 */
export async function fetchCallSettings(signal?: AbortSignal): Promise<CallSettings | null> {
  try {
    return await apiRequest<CallSettings>('/api/calls/settings', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function updateCallSettings(body: CallSettings): Promise<CallSettings> {
  return apiRequest<CallSettings>('/api/calls/settings', { method: 'PUT', body });
}

export function usePhoneNumbers() {
  return useQuery({ queryKey: PHONE_NUMBERS_QUERY_KEY, queryFn: ({ signal }) => fetchPhoneNumbers(signal) });
}

export function usePhoneAssignments() {
  return useQuery({ queryKey: PHONE_ASSIGNMENTS_QUERY_KEY, queryFn: ({ signal }) => fetchPhoneAssignments(signal) });
}
