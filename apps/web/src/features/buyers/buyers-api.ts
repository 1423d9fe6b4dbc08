/** Buyers API (docs/api-leads.md "Buyers"). */
import type { Buyer, BuyerMatches, buyerWriteBody, DealMatches } from '@wholesail/domain';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';

/** platform.md §9: buyer page size 25. */
export const BUYER_PAGE_SIZE = 25;

export interface BuyerFilters {
  activeOnly: boolean;
  minScore: number | null;
  page: number;
}

export interface BuyerList {
  items: Buyer[];
  total: number;
}

/** What POST and PATCH send: the shared schema's output. */
export type BuyerWrite = z.output<typeof buyerWriteBody>;

export function buyersPath({ activeOnly, minScore, page }: BuyerFilters): string {
  const params = new URLSearchParams();
  if (activeOnly) params.set('active', 'true');
  if (minScore !== null) params.set('minScore', String(minScore));
  params.set('limit', String(BUYER_PAGE_SIZE));
  params.set('offset', String((page - 1) * BUYER_PAGE_SIZE));
  return `/api/buyers?${params.toString()}`;
}

export function fetchBuyers(filters: BuyerFilters): Promise<BuyerList> {
  return apiRequest<BuyerList>(buyersPath(filters));
}

export function fetchBuyer(id: string): Promise<Buyer> {
  return apiRequest<Buyer>(`/api/buyers/${encodeURIComponent(id)}`);
}

export function createBuyer(body: BuyerWrite): Promise<Buyer> {
  return apiRequest<Buyer>('/api/buyers', { method: 'POST', body });
}

export function updateBuyer(id: string, body: Partial<BuyerWrite>): Promise<Buyer> {
  return apiRequest<Buyer>(`/api/buyers/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** The organization's active buyers ranked for a deal (GET /api/deals/:id/matches). */
export function fetchDealMatches(dealId: string): Promise<DealMatches> {
  return apiRequest<DealMatches>(`/api/deals/${encodeURIComponent(dealId)}/matches`);
}

/** The open deals ranked for a buyer (GET /api/buyers/:id/matches). */
export function fetchBuyerMatches(buyerId: string): Promise<BuyerMatches> {
  return apiRequest<BuyerMatches>(`/api/buyers/${encodeURIComponent(buyerId)}/matches`);
}

export function deleteBuyer(id: string): Promise<void> {
  return apiRequest<void>(`/api/buyers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** URL → filters; anything unreadable falls back to the default. */
export function filtersFromParams(params: URLSearchParams): BuyerFilters {
  const min = params.get('minScore');
  const minScore = min !== null && min.trim() !== '' && Number.isFinite(Number(min)) && Number(min) >= 0 ? Number(min) : null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { activeOnly: params.get('active') === 'true', minScore, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}
