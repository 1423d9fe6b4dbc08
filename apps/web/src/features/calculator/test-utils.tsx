/** Rendering and fixtures for the calculator's tests (tests only). */
import { type Deal, type DealAnalysis, DEFAULT_DEAL_SETTINGS } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { CalculatorPage } from './calculator-page';

export function renderCalculator(path = '/calculator') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/calculator', element: <CalculatorPage /> }], { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

export const SETTINGS_ROUTE = { 'GET /api/deals/settings': { body: DEFAULT_DEAL_SETTINGS } };

/** The text of a computed figure, found by its label (FigureStat: label, value, why). */
export function figure(label: string, scope: HTMLElement = document.body): { value: string; why: string } {
  const labelNode = within(scope).getByText(label, { selector: 'p' });
  const [value, why] = [labelNode.nextElementSibling, labelNode.nextElementSibling?.nextElementSibling];
  return { value: value?.textContent ?? '', why: why?.textContent?.replace(/^Why: /, '') ?? '' };
}

export function lens(name: 'Flip' | 'Rental' | 'Retail') {
  return screen.getByRole('listitem', { name: `${name} buyer` });
}

export const DEAL: Deal = {
  id: 'deal-1',
  lead_id: 'lead-1',
  lead_name: 'Maria Chen',
  property_address: '12 Oak St, Austin, TX 78701',
  stage: 'analyzing',
  dead_reason: null,
  owner_user_id: 'user-1',
  owner_name: 'Ana Lopez',
  asking_price: null,
  contract_price: 95_000,
  earnest_money: null,
  earnest_money_due: null,
  inspection_ends: null,
  closing_date: null,
  title_company: null,
  arv: 200_000,
  repair_estimate: 30_000,
  target_fee: 10_000,
  mao: 110_000,
  max_offer: 100_000,
  buyer_id: null,
  buyer_name: null,
  buyer_price: null,
  assignment_fee: null,
  assignment_fee_actual: null,
  exit_strategy: 'assignment',
  notes: null,
  stage_changed_at: '2026-01-05T10:00:00.000Z',
  contracted_at: null,
  closed_at: null,
  lead_created_at: '2026-01-01T10:00:00.000Z',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
};

export function makeAnalysis(version: number, inputs: Record<string, unknown>, overrides: Partial<DealAnalysis> = {}): DealAnalysis {
  return {
    id: `analysis-${version}`,
    deal_id: DEAL.id,
    version,
    inputs,
    arv: 200_000,
    repair_estimate: 30_000,
    target_fee: 10_000,
    mao: 110_000,
    max_offer: 100_000,
    created_by: 'user-1',
    created_by_name: 'Ana Lopez',
    created_at: '2026-01-06T15:30:00.000Z',
    ...overrides,
  };
}
