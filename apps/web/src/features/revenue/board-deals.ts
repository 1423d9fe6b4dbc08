import { OPEN_DEAL_STAGES, type Deal, type DealStage } from '@wholesail/domain';
import { useDeals, type DealFilters } from '@/features/deals/deals-api';

/** The board's columns; dead deals sit in a lane of their own below them. */
export const BOARD_STAGES: readonly DealStage[] = [...OPEN_DEAL_STAGES, 'closed'];

/** Open deals come whole (the API's largest page); closed and dead ones only the latest, their totals in the header. */
export const OPEN_LIMIT = 500;
export const DONE_LIMIT = 25;

export type BoardDeals = {
  deals: Deal[];
  /** How many deals each stage holds in all, beyond the ones shown. */
  totals: Partial<Record<DealStage, number>>;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
};

/** The deals of the board and the list, for one owner (or all) and a search. */
export function useBoardDeals(owner: string | null, search: string): BoardDeals {
  const base = { owner, search };
  const open = useDeals({ ...base, stage: 'open', limit: OPEN_LIMIT } satisfies DealFilters);
  const closed = useDeals({ ...base, stage: 'closed', limit: DONE_LIMIT });
  const dead = useDeals({ ...base, stage: 'dead', limit: DONE_LIMIT });
  const queries = [open, closed, dead];
  // A moved card keeps its place in the list it came from until the refetch: the stage it carries decides its column.
  const seen = new Set<string>();
  const deals = queries.flatMap((q) => q.data?.items ?? []).filter((deal) => !seen.has(deal.id) && seen.add(deal.id));
  return {
    deals,
    totals: { closed: closed.data?.total, dead: dead.data?.total },
    isPending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.error)?.error ?? null,
    refetch: () => queries.forEach((q) => q.error && void q.refetch()),
  };
}

/** The deals of one stage, most recently moved first. */
export function dealsInStage(deals: readonly Deal[], stage: DealStage): Deal[] {
  return deals.filter((deal) => deal.stage === stage).sort((a, b) => b.stage_changed_at.localeCompare(a.stage_changed_at));
}
