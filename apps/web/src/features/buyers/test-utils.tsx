import { EMPTY_BUY_BOX, type Buyer } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { BuyerDetailPage } from './buyer-detail-page';
import { BuyersPage } from './buyers-page';

/** The buyers pages at `path` (the app wires them into its routes; tests mount them alone). */
export function renderBuyers(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/buyers', element: <BuyersPage /> },
      { path: '/buyers/:id', element: <BuyerDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

export const BUYER: Buyer = {
  id: 'b-1',
  organization_id: 'org-1',
  contact_name: 'Maria Chen',
  company_name: 'Chen Capital',
  buyer_score: 88,
  is_active: true,
  primary_email: 'maria@chencap.com',
  primary_phone: '5125550134',
  notes: null,
  buy_box: EMPTY_BUY_BOX,
  created_at: '2025-03-01T10:00:00Z',
  updated_at: '2025-03-01T10:00:00Z',
};
