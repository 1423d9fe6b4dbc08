import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { AddressSearchWidget } from './address-search-widget';

const ADDRESS = '123 Main St, Austin, TX 78701';
const SIGNED_IN = { 'GET /api/auth/get-session': { body: SIGNED_IN_SESSION }, 'GET /api/me': { body: ME } };
const DATA = {
  owner_1_name: 'John Smith',
  contact_1_phone1: '5125550100',
  contact_1_email1: 'john@example.com',
  estimated_value: 350000,
  property_type: 'Single Family',
  total_bedrooms: 3,
  total_baths: 2,
  building_square_feet: 1800,
  year_built: 1995,
  last_sale_date: '2015-06-01',
  last_sale_price: 210000,
  mortgage_balance: 120000,
  tax_delinquent: false,
  motivation_score: 6,
};
const NULL_DATA = Object.fromEntries(Object.keys(DATA).map((k) => [k, null]));

type Routes = Parameters<typeof mockApi>[0];

function renderWidget(routes: Routes) {
  const fetchMock = mockApi({ ...SIGNED_IN, ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <AddressSearchWidget /> }], { initialEntries: ['/leads'] });
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, client };
}

async function lookUp(address = ADDRESS) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Property address'), address);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
  return user;
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('address search', () => {
  it('says enrichment is unavailable when the service is not configured (skipped)', async () => {
    const { fetchMock } = renderWidget({
      'POST /api/enrichment/property': { body: { success: false, skipped: true, error: 'Data enrichment service is not configured. Basic property info only.' } },
    });
    await lookUp();
    expect(await screen.findByText('Enrichment Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Data enrichment service is not configured. Basic property info only.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/enrichment/property')).toEqual({ address: ADDRESS });
    expect(screen.getByText('Basic info only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Leads' })).toBeInTheDocument();
  });

  it("shows the server's own error text when enrichment answers with an error", async () => {
    renderWidget({ 'POST /api/enrichment/property': { body: { success: false, error: 'No match for this address' } } });
    await lookUp();
    expect(await screen.findByText('Enrichment Unavailable')).toBeInTheDocument();
    expect(screen.getByText('No match for this address')).toBeInTheDocument();
  });

  it('shows the spinner while looking up, then the enriched property', async () => {
    let answer: (v: { body: unknown }) => void = () => {};
    renderWidget({ 'POST /api/enrichment/property': () => new Promise((resolve) => (answer = resolve)) });
    await lookUp();
    expect(await screen.findByText('Looking up property data...')).toBeInTheDocument();
    await act(async () => answer({ body: { success: true, data: DATA } }));
    expect(await screen.findByText('Property Enriched!')).toBeInTheDocument();
    expect(screen.getByText(`Found owner, value, and contact data for ${ADDRESS}`)).toBeInTheDocument();
    expect(screen.queryByText('Looking up property data...')).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Property' });
    expect(within(card).getByText('John Smith')).toBeInTheDocument();
    expect(within(card).getByText('$350,000')).toBeInTheDocument();
    expect(within(card).getByText('1 (512) 555-0100')).toBeInTheDocument();
    expect(within(card).getByText('3 beds · 2 baths · 1,800 sq ft · built 1995')).toBeInTheDocument();
    expect(within(card).getByText('6/9')).toBeInTheDocument();
  });

  it('says there is no additional data when enrichment succeeds empty', async () => {
    renderWidget({ 'POST /api/enrichment/property': { body: { success: true, data: NULL_DATA } } });
    await lookUp();
    expect(await screen.findByText('No Additional Data')).toBeInTheDocument();
    expect(screen.getByText('Basic property info only. You can still add this lead.')).toBeInTheDocument();
  });

  it('reports a connection error when the service cannot be reached', async () => {
    renderWidget({
      'POST /api/enrichment/property': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await lookUp();
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to connect to enrichment service. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Lookup failed')).toBeInTheDocument();
  });

  it('reports a lookup error when the answer cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWidget({ 'POST /api/enrichment/property': { body: null } });
    await lookUp();
    expect(await screen.findByText('Lookup Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('adds an enriched lead with data_source batchdata, then shows the badge for 3 s', async () => {
    const { fetchMock } = renderWidget({
      'POST /api/enrichment/property': { body: { success: true, data: DATA } },
      'POST /api/leads': { status: 201, body: { id: 'lead-1' } },
    });
    await lookUp();
    const add = await screen.findByRole('button', { name: 'Add to Leads' });
    await waitFor(() => expect(add).toBeEnabled());
    // Timers still run with the clock (fetch and the query cache need them); the test moves time on by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(add);
    expect(await screen.findByText('Lead Added!')).toBeInTheDocument();
    expect(screen.getByText('Property successfully added to your leads list')).toBeInTheDocument();
    expect(screen.getByText('Added to Leads')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/leads')).toEqual({
      status: 'new',
      source: 'manual_search',
      property_address_full: ADDRESS,
      property_address_line_1: '123 Main St',
      property_address_city: 'Austin',
      property_address_state: 'TX',
      property_address_zipcode: '78701',
      ...Object.fromEntries(Object.entries(DATA).filter(([, v]) => v !== null)),
      data_source: 'batchdata',
    });

    // dialer.md §9: the lead-added card resets after 3 s.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Added to Leads')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Added to Leads')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Property' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Property address')).toHaveValue('');
  });

  it('adds a basic lead without data_source when there was no data', async () => {
    const { fetchMock } = renderWidget({
      'POST /api/enrichment/property': { body: { success: false, skipped: true } },
      'POST /api/leads': { status: 201, body: { id: 'lead-1' } },
    });
    await lookUp();
    const add = await screen.findByRole('button', { name: 'Add to Leads' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.setup().click(add);
    expect(await screen.findByText('Lead Added!')).toBeInTheDocument();
    const body = bodyOf(fetchMock, '/api/leads');
    expect(body).toMatchObject({ status: 'new', source: 'manual_search', property_address_full: ADDRESS });
    expect(body).not.toHaveProperty('data_source');
    expect(body).not.toHaveProperty('owner_1_name');
  });

  it("shows the server's message when the lead is refused", async () => {
    renderWidget({
      'POST /api/enrichment/property': { body: { success: false, skipped: true } },
      'POST /api/leads': { status: 400, body: { error: { code: 'VALIDATION', message: 'property_address_state must be a two-letter state code' } } },
    });
    await lookUp();
    const add = await screen.findByRole('button', { name: 'Add to Leads' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.setup().click(add);
    expect(await screen.findByText('Failed to Add Lead')).toBeInTheDocument();
    expect(screen.getByText('property_address_state must be a two-letter state code')).toBeInTheDocument();
  });

  it('refuses to add without an organization', async () => {
    const { fetchMock } = renderWidget({
      'GET /api/me': { body: { ...ME, organization: null, role: null } },
      'POST /api/enrichment/property': { body: { success: false, skipped: true } },
    });
    await lookUp();
    const add = await screen.findByRole('button', { name: 'Add to Leads' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.setup().click(add);
    expect(await screen.findByText('Missing required data. Please try again.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/leads')).toBeUndefined();
  });

  it('typing after a lookup clears the property', async () => {
    renderWidget({ 'POST /api/enrichment/property': { body: { success: false, skipped: true } } });
    const user = await lookUp();
    await screen.findByRole('region', { name: 'Property' });
    await user.type(screen.getByLabelText('Property address'), 'x');
    expect(screen.queryByRole('region', { name: 'Property' })).not.toBeInTheDocument();
  });
});

describe('landing page search', () => {
  it('lets a signed-out visitor search, and asks them to sign in to add the lead', async () => {
    mockApi({
      'GET /api/auth/get-session': { body: null },
      'POST /api/enrichment/property': { body: { success: true, data: DATA } },
    });
    renderApp('/');
    expect(await screen.findByText('Try It Now - Search Any Property')).toBeInTheDocument();
    // A stand-in holds the place until the visitor reaches for it; focusing it loads the real field.
    const standIn = await screen.findByLabelText('Property address');
    expect(standIn).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Look up' })).not.toBeInTheDocument();
    act(() => standIn.focus());
    await waitFor(() => expect(screen.getByLabelText('Property address')).not.toHaveAttribute('readonly'));
    await waitFor(() => expect(screen.getByLabelText('Property address')).toHaveFocus());
    await lookUp();
    expect(await screen.findByText('Property Enriched!')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in to add this lead' });
    expect(signIn).toHaveAttribute('href', '/login?redirect=/leads');
    expect(screen.queryByRole('button', { name: 'Add to Leads' })).not.toBeInTheDocument();
  });
});
