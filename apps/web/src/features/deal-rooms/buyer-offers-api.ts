/** Buyers' offers on a deal, ranked (GET/POST /api/deals/:id/offers, PATCH …/:offerId, POST …/:offerId/accept). */
import type { agentOfferBody, BuyerOffer, buyerOffersSchema } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type BuyerOffers = z.infer<typeof buyerOffersSchema>;
export type AgentOfferWrite = z.input<typeof agentOfferBody>;

const offersPath = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}/offers`;
const offerPath = (dealId: string, offerId: string) => `${offersPath(dealId)}/${encodeURIComponent(offerId)}`;

export function useBuyerOffers(dealId: string) {
  return useQuery({ queryKey: queryKeys.buyerOffers.deal(dealId), queryFn: () => apiRequest<BuyerOffers>(offersPath(dealId)) });
}

export const addBuyerOffer = (dealId: string, body: AgentOfferWrite) => apiRequest<BuyerOffer>(offersPath(dealId), { method: 'POST', body });
export const setBuyerOfferStatus = (dealId: string, offerId: string, status: 'received' | 'backup' | 'declined') =>
  apiRequest<BuyerOffer>(offerPath(dealId, offerId), { method: 'PATCH', body: { status } });
export const acceptBuyerOffer = (dealId: string, offerId: string, body: { notify_others: boolean; backup_offer_id: string | null }) =>
  apiRequest<unknown>(`${offerPath(dealId, offerId)}/accept`, { method: 'POST', body });
