/** Members, invitations and AI settings of the current organization. */
import type { AiIntegration, Invitation, Member, OrganizationSettings } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function fetchSettings(): Promise<OrganizationSettings> {
  return apiRequest<OrganizationSettings>('/api/organization/settings');
}

/** The organization's settings (its aiIntegration switches), shared by the settings page and the dialer's coaching. */
export function useOrganizationSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: fetchSettings });
}

export function updateAiIntegration(patch: Partial<AiIntegration>): Promise<OrganizationSettings> {
  return apiRequest<OrganizationSettings>('/api/organization/settings', { method: 'PUT', body: { aiIntegration: patch } });
}

export async function fetchMembers(): Promise<Member[]> {
  return (await apiRequest<{ members: Member[] }>('/api/organization/members')).members;
}

export async function fetchInvitations(): Promise<Invitation[]> {
  return (await apiRequest<{ invitations: Invitation[] }>('/api/organization/invitations')).invitations;
}

export type InviteRole = 'admin' | 'member';
export type CreatedInvitation = { invitation: Invitation; link: string };

export function createInvitation(body: { email: string; role: InviteRole }): Promise<CreatedInvitation> {
  return apiRequest<CreatedInvitation>('/api/organization/invitations', { method: 'POST', body });
}

export function revokeInvitation(id: string): Promise<unknown> {
  return apiRequest(`/api/organization/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
