/** The setup checklist (docs/onboarding.md). */
import type { Onboarding } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const fetchOnboarding = () => apiRequest<Onboarding>('/api/onboarding');
export const dismissOnboarding = (dismissed: boolean) => apiRequest<Onboarding>('/api/onboarding/dismiss', { method: 'POST', body: { dismissed } });

export const useOnboarding = () => useQuery({ queryKey: queryKeys.onboarding, queryFn: fetchOnboarding });
