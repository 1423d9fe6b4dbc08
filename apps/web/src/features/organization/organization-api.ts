/** Organization, membership and the signed-in user's summary. */
import type { Me, Organization } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth/use-session';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';


export function fetchMe(): Promise<Me> {
  return apiRequest<Me>('/api/me');
}

export function createOrganization(orgName: string): Promise<Organization> {
  return apiRequest<Organization>('/api/organizations', { method: 'POST', body: { org_name: orgName } });
}

export function fetchOrganization(): Promise<Organization> {
  return apiRequest<Organization>('/api/organization');
}

export function renameOrganization(name: string): Promise<Organization> {
  return apiRequest<Organization>('/api/organization', { method: 'PATCH', body: { name } });
}

/** Who is signed in, their organization (or null) and role; never asked for once signed out. */
export function useMe() {
  const session = useSession();
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, enabled: session.status === 'signed-in' });
}

/** The organization's record; asked for only once /api/me named one. */
export function useOrganization(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.organizations, queryFn: fetchOrganization, enabled });
}

export function canManageOrganization(role: Me['role']): boolean {
  return role === 'owner' || role === 'admin';
}
