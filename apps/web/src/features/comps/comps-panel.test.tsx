import type { Comp, CompsResponse, Deal } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { currentUrl } from '@/test/render-app';
import { CompsPage } from './comps-page';
import { CompsPanel } from './comps-panel';

const comp = (id: string, address: string, fields: Partial<Comp> = {}): Comp => ({
  id, address, distance_miles: 0.2, sale_date: '2025-03-01', sale_price: 320_000, building_square_feet: 1600, total_bedrooms: 4, total_baths: 2,
  year_built: 2000, price_per_sqft: 200, adjustments: { sqft: -5_000, bedrooms: -7_500, bathrooms: 0, age: -16_000, total: -28_500 },
  adjusted_price: 291_500, similarity: 81, pinned: false, excluded: false, outlier: false, ...fields,
});

/** The server's answer, following the pin and exclude of the request as the API does. */
function answer(url: URL): CompsResponse {
  const pin = url.searchParams.get('pin')?.split(',') ?? [];
  const exclude = url.searchParams.get('exclude')?.split(',') ?? [];
  const comps = [comp('c-1', '12 Oak St, Austin, TX 78701'), comp('c-2', '40 Elm St, Austin, TX 78701', { adjusted_price: 300_000, adjustments: { sqft: 0, bedrooms: 0, bathrooms: 0, age: 0, total: 0 } })].map((c) => ({
    ...c, pinned: pin.includes(c.id), excluded: exclude.includes(c.id),
  }));
  return {
    subject: { id: 'lead-1', address: '1 Main St, Austin, TX 78701', latitude: 30.27, longitude: -97.74, building_square_feet: 1500, total_bedrooms: 3, total_baths: 2, year_built: 1990, property_type: 'Single Family', estimated_value: 290_000 },
    comps,
    arv: { value: 300_000, low: 295_750, high: 300_000, method: 'Median adjusted price of 2 comparable sales; the range is their 25th to 75th percentile.', used: 2 },
    source: { kind: 'records', message: 'Comparable sales from your own property records (your leads with a recorded sale). No property-data provider is configured, so BatchData was not searched.' },
  };
}

const deal = (id: string, arv: number | null) => ({ id, lead_id: 'lead-1', arv, stage: 'analyzing' }) as Deal;

function renderComps(path: string, element = <CompsPage />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/comps/:id', element },
      { path: '/calculator', element: <p>Calculator page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('comps screen', () => {
  it('shows the subject, ARV with its band and source, and each comp with its adjustments', async () => {
    mockLeadsApi({ 'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }), 'GET /api/maps/key': { status: 404, body: { error: { code: 'MAPS_NOT_CONFIGURED', message: 'none' } } } });
    renderComps('/comps/lead-1');
    expect(await screen.findByTestId('arv-value')).toHaveTextContent('$300,000');
    expect(screen.getByText('Range $295,750 – $300,000')).toBeInTheDocument();
    expect(screen.getByTestId('comps-source')).toHaveTextContent('BatchData was not searched');
    expect(screen.getByRole('link', { name: '1 Main St, Austin, TX 78701' })).toHaveAttribute('href', '/leads/lead-1');
    const row = screen.getByTestId('comp-c-1');
    for (const line of ['Size −$5,000', 'Bedrooms −$7,500', 'Age −$16,000']) expect(within(row).getByText(line)).toBeInTheDocument();
    expect(within(row).queryByText(/^Bathrooms/)).not.toBeInTheDocument();
    expect(within(row).getByText('$291,500')).toBeInTheDocument();
    expect(within(screen.getByTestId('comp-c-2')).getByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Map of/ })).not.toBeInTheDocument();
  });

  it('draws a map of the subject and the comps when the server has a maps key', async () => {
    mockLeadsApi({ 'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }), 'GET /api/maps/key': { body: { key: 'maps-key-1' } } });
    renderComps('/comps/lead-1?exclude=c-1');
    const map = await screen.findByRole('img', { name: /^Map of 1 Main St/ });
    const src = new URL(map.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://maps.googleapis.com/maps/api/staticmap');
    expect(src.searchParams.getAll('markers')).toEqual([
      'color:red|label:S|30.27,-97.74',
      'size:small|color:blue|40 Elm St, Austin, TX 78701',
      'size:small|color:gray|12 Oak St, Austin, TX 78701',
    ]);
  });

  it('sends pins, exclusions and filters to the server and keeps them in the URL', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }) });
    const router = renderComps('/comps/lead-1?radius=1&pin=c-2');
    const user = userEvent.setup();
    await screen.findByTestId('comp-c-1');
    const first = requestedUrls(fetchMock, '/api/leads/lead-1/comps')[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({ radius_miles: '1', months: '12', sqft_pct: '20', pin: 'c-2' });
    expect(screen.getByRole('button', { name: 'Pin 40 Elm St, Austin, TX 78701' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Exclude 12 Oak St, Austin, TX 78701' }));
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/leads/lead-1/comps').at(-1)!.searchParams.get('exclude')).toBe('c-1'));
    expect(currentUrl(router)).toBe('/comps/lead-1?radius=1&pin=c-2&exclude=c-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exclude 12 Oak St, Austin, TX 78701' })).toHaveAttribute('aria-pressed', 'true'));

    // Pinning an excluded comp takes it out of the exclusions.
    await user.click(screen.getByRole('button', { name: 'Pin 12 Oak St, Austin, TX 78701' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/comps/lead-1?radius=1&pin=c-2%2Cc-1'));
    const last = requestedUrls(fetchMock, '/api/leads/lead-1/comps').at(-1)!;
    expect(last.searchParams.get('pin')).toBe('c-2,c-1');
    expect(last.searchParams.has('exclude')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Sold within'), '24');
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/leads/lead-1/comps').at(-1)!.searchParams.get('months')).toBe('24'));
    await user.click(screen.getByRole('button', { name: 'Clear 2 pins and exclusions' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/comps/lead-1?radius=1&months=24'));
  });

  it("Use as ARV opens a deal for the lead when it has none, writes the ARV and links to the calculator", async () => {
    const calls: string[] = [];
    mockLeadsApi({
      'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }),
      'GET /api/deals': (url) => {
        calls.push(`GET ${url.search}`);
        return { body: { items: [], total: 0 } };
      },
      'POST /api/deals': (_url, init) => {
        calls.push(`POST ${String(init?.body)}`);
        return { status: 201, body: deal('deal-9', null) };
      },
      'PATCH /api/deals/deal-9': (_url, init) => {
        calls.push(`PATCH ${String(init?.body)}`);
        return { body: deal('deal-9', 300_000) };
      },
    });
    const router = renderComps('/comps/lead-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use as ARV' }));
    expect(await screen.findByText('ARV of $300,000 saved to the deal')).toBeInTheDocument();
    expect(calls).toEqual(['GET ?lead_id=lead-1&stage=open', 'POST {"lead_id":"lead-1"}', 'PATCH {"arv":300000}']);
    // A plain click: jsdom has no pointer capture, which the toast's swipe handling asks for on pointer down.
    fireEvent.click(screen.getByRole('button', { name: 'Open the calculator' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/calculator?deal=deal-9'));
  });

  it('Use as ARV writes to the open deal the lead has', async () => {
    const patched: string[] = [];
    mockLeadsApi({
      'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }),
      'GET /api/deals': { body: { items: [deal('deal-open', null)], total: 1 } },
      'PATCH /api/deals/deal-open': () => (patched.push('deal-open'), { body: deal('deal-open', 300_000) }),
    });
    renderComps('/comps/lead-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use as ARV' }));
    expect(await screen.findByText('ARV of $300,000 saved to the deal')).toBeInTheDocument();
    expect(patched).toEqual(['deal-open']);
  });

  it('in a deal, Use as ARV writes to that deal without looking one up', async () => {
    const fetchMock = mockLeadsApi({
      'GET /api/leads/lead-1/comps': (url) => ({ body: answer(url) }),
      'PATCH /api/deals/deal-tab': { body: deal('deal-tab', 300_000) },
    });
    renderComps('/comps/lead-1', <CompsPanel leadId="lead-1" dealId="deal-tab" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use as ARV' }));
    expect(await screen.findByText('ARV of $300,000 saved to the deal')).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/deals')).toEqual([]);
  });

  it('says what the lead is missing, with a link to it, when it cannot be compared', async () => {
    const message = 'This lead has no square footage, which comparable sales need. Add it on the lead, or enrich the lead, and try again.';
    mockLeadsApi({ 'GET /api/leads/lead-1/comps': { status: 400, body: { error: { code: 'COMPS_MISSING_DATA', message } } } });
    renderComps('/comps/lead-1');
    expect(await screen.findByRole('heading', { name: 'This lead cannot be compared yet' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the lead' })).toHaveAttribute('href', '/leads/lead-1');
  });

  it('says a lead of another organization is not found', async () => {
    mockLeadsApi({ 'GET /api/leads/lead-1/comps': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Lead not found' } } } });
    renderComps('/comps/lead-1');
    expect(await screen.findByRole('heading', { name: 'Lead not found' })).toBeInTheDocument();
  });
});
