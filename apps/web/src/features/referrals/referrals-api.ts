/** Realtor push API for members (docs/api-referrals.md): partners and referrals. */
import type { Referral, ReferralPartner, ReferralPartnerBody, ReferralStatus } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type ReferralFilters = { status?: ReferralStatus; partner_id?: string; lead_id?: string };
type Sent = { referral: Referral; link: string };

const partnerPath = (id: string) => `/api/referral-partners/${encodeURIComponent(id)}`;
const referralPath = (id: string) => `/api/referrals/${encodeURIComponent(id)}`;

export const fetchPartners = () => apiRequest<{ items: ReferralPartner[] }>('/api/referral-partners').then((r) => r.items);
export const createPartner = (body: ReferralPartnerBody) => apiRequest<ReferralPartner>('/api/referral-partners', { method: 'POST', body });
export const updatePartner = (id: string, body: Partial<ReferralPartnerBody>) => apiRequest<ReferralPartner>(partnerPath(id), { method: 'PATCH', body });
export const deletePartner = (id: string) => apiRequest<void>(partnerPath(id), { method: 'DELETE' });

export function fetchReferrals(filters: ReferralFilters = {}): Promise<Referral[]> {
  const params = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return apiRequest<{ items: Referral[] }>(`/api/referrals${params.size ? `?${params.toString()}` : ''}`).then((r) => r.items);
}
export const createReferral = (body: { partner_id: string; lead_id: string; note?: string; commission_percent?: number }) =>
  apiRequest<Sent>('/api/referrals', { method: 'POST', body });
export const resendReferral = (id: string) => apiRequest<Sent>(`${referralPath(id)}/resend`, { method: 'POST' });
export const updateReferral = (id: string, body: { fee_received?: number | null; fee_received_on?: string | null; status?: 'cancelled' }) =>
  apiRequest<Referral>(referralPath(id), { method: 'PATCH', body });

export const usePartners = () => useQuery({ queryKey: queryKeys.referrals.partners, queryFn: fetchPartners });
export const useReferrals = (filters: ReferralFilters = {}) => useQuery({ queryKey: queryKeys.referrals.list(filters), queryFn: () => fetchReferrals(filters) });
