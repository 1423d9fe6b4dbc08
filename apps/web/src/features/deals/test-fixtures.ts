import { DEFAULT_DEAL_SETTINGS, type Deal, type Revenue } from '@wholesail/domain';
import { mockLeadsApi } from '@/features/leads/test-fixtures';

type Handler = Parameters<typeof mockLeadsApi>[0][string];

export function deal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'deal-1', lead_id: 'lead-1', lead_name: 'Ana Owner', property_address: '12 Oak St, Austin, TX 78701', stage: 'analyzing', dead_reason: null,
    owner_user_id: 'user-1', owner_name: 'Ana Lopez', asking_price: 250000, contract_price: null, earnest_money: null, earnest_money_due: null,
    inspection_ends: null, closing_date: null, title_company: null, arv: 300000, repair_estimate: 40000, target_fee: 10000, mao: 170000,
    max_offer: 160000, buyer_id: null, buyer_name: null, buyer_price: null, assignment_fee: null, assignment_fee_actual: null,
    exit_strategy: 'assignment', notes: null, stage_changed_at: '2026-03-01T10:00:00.000Z', contracted_at: null, closed_at: null,
    lead_created_at: '2026-01-01T10:00:00.000Z', created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z', ...overrides,
  };
}

export const REVENUE: Revenue = {
  closedByMonth: [{ month: '2026-02', fees: 15000, deals: 1 }, { month: '2026-03', fees: 0, deals: 0 }],
  closedByMember: [{ user_id: 'user-1', name: 'Ana Lopez', fees: 15000, deals: 1 }],
  pipeline: { weighted: 3000, unweighted: 30000, byStage: [{ stage: 'analyzing', deals: 1, fees: 30000, probability: 10, weighted: 3000 }] },
  averageFee: 15000,
  averageDays: { leadToContract: 30, contractToClose: 20 },
  closedDeals: 1,
  referralFees: { expected: 4500, expectedReferrals: 2, received: 3000, receivedReferrals: 1 },
};

export const MEMBERS = [
  { id: 'user-1', email: 'ana@example.com', name: 'Ana Lopez', role: 'owner', created_at: '2026-01-01T00:00:00.000Z' },
  { id: 'user-2', email: 'ben@example.com', name: 'Ben Ortiz', role: 'member', created_at: '2026-01-01T00:00:00.000Z' },
];

export const BUYER = {
  id: '11111111-1111-4111-8111-111111111111', organization_id: 'org-1', contact_name: 'Maria Chen', company_name: 'Chen Capital', buyer_score: 88,
  is_active: true, primary_email: null, primary_phone: null, notes: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};

/** A signed-in owner's app with the deals' supporting answers (members, buyers, figures, settings) and `routes` over them. */
export function mockDealsApi(routes: Record<string, Handler>) {
  return mockLeadsApi({
    'GET /api/organization/members': { body: { members: MEMBERS } },
    'GET /api/buyers': { body: { items: [BUYER], total: 1 } },
    'GET /api/deals/revenue': { body: REVENUE },
    'GET /api/deals/settings': { body: DEFAULT_DEAL_SETTINGS },
    ...routes,
  });
}

/** The JSON body of the requests made to `method path`. */
export function sentBodies(fetchMock: ReturnType<typeof mockLeadsApi>, method: string, pathname: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === pathname)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
