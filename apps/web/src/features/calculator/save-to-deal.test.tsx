import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { makeLead } from '@/features/leads/test-fixtures';
import { mockApi } from '@/test/mock-api';
import { DEAL, figure, makeAnalysis, renderCalculator, SETTINGS_ROUTE } from './test-utils';

afterEach(() => {
  toast.dismiss();
});

const LEAD = makeLead({
  id: 'lead-1',
  property_address_full: '12 Oak St, Austin, TX 78701',
  building_square_feet: 1_500,
  total_bedrooms: 3,
  total_baths: 2,
  year_built: 1978,
  estimated_value: 180_000,
  rental_estimate: 1_450,
});

const region = (name: string) => screen.getByRole('region', { name });
const field = (label: string) => within(region('Property and price')).getByLabelText(label);

type Call = [input: RequestInfo | URL, init?: RequestInit];
function requests(calls: Call[]) {
  return calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`).filter((r) => !r.endsWith('/api/deals/settings'));
}
function bodyOf(calls: Call[], request: string): unknown {
  const call = calls.find(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === request);
  return JSON.parse(String(call?.[1]?.body));
}

describe('the calculator from a lead', () => {
  it('prefills the property, the ARV and the rent from the lead', async () => {
    mockApi({ ...SETTINGS_ROUTE, 'GET /api/leads/lead-1': { body: LEAD }, 'GET /api/deals?lead_id=lead-1&stage=open': { body: { items: [], total: 0 } } });
    renderCalculator('/calculator?lead=lead-1');
    expect(await screen.findByText(/Prefilled from the lead for 12 Oak St/)).toBeInTheDocument();
    expect(field('Address')).toHaveValue('12 Oak St, Austin, TX 78701');
    expect(field('Square feet')).toHaveValue('1,500');
    expect(field('Bedrooms')).toHaveValue('3');
    expect(field('Bathrooms')).toHaveValue('2');
    expect(field('Year built')).toHaveValue('1978');
    expect(field('ARV')).toHaveValue('180,000');
    expect(within(region('Rental lens')).getByLabelText('Monthly rent')).toHaveValue('1,450');
    // With the size known, the quick tier (moderate, $40/sqft) gives a first figure: 60,000 + 10%.
    expect(within(region('Repairs')).getByRole('tab', { name: 'Quick tier' })).toHaveAttribute('aria-selected', 'true');
    expect(figure('Total repairs', region('Repairs')).value).toBe('$66,000');
    expect(screen.getByRole('link', { name: 'Open the lead' })).toHaveAttribute('href', '/leads/lead-1');
  });

  it('opens a deal for a lead without one, then saves the analysis to it', async () => {
    const created = { ...DEAL, id: 'deal-9', arv: null, repair_estimate: null, target_fee: null, contract_price: null };
    const fetchMock = mockApi({
      ...SETTINGS_ROUTE,
      'GET /api/leads/lead-1': { body: LEAD },
      'GET /api/deals?lead_id=lead-1&stage=open': { body: { items: [], total: 0 } },
      'POST /api/deals': { status: 201, body: created },
      'POST /api/deals/deal-9/analyses': { status: 201, body: makeAnalysis(1, {}, { deal_id: 'deal-9', arv: 180_000, repair_estimate: 66_000 }) },
      'GET /api/deals/deal-9/analyses': { body: { items: [makeAnalysis(1, {}, { deal_id: 'deal-9' })] } },
    });
    renderCalculator('/calculator?lead=lead-1');
    const save = await screen.findByRole('button', { name: 'Save to deal' });
    await userEvent.click(save);

    expect(await screen.findByText('Saved as version 1')).toBeInTheDocument();
    expect(screen.getByText('A new deal was opened for this lead.')).toBeInTheDocument();
    const calls = fetchMock.mock.calls as Call[];
    // On saving: look for the lead's open deal again, open one, save to it.
    const sent = requests(calls);
    const saving = sent.slice(sent.indexOf('POST /api/deals') - 1, sent.indexOf('POST /api/deals') + 2);
    expect(saving).toEqual(['GET /api/deals?lead_id=lead-1&stage=open', 'POST /api/deals', 'POST /api/deals/deal-9/analyses']);
    expect(bodyOf(calls, 'POST /api/deals')).toEqual({ lead_id: 'lead-1' });
    // 180,000 × 70% − 66,000 = 60,000; − 10,000 fee
    expect(bodyOf(calls, 'POST /api/deals/deal-9/analyses')).toMatchObject({
      arv: 180_000,
      repair_estimate: 66_000,
      target_fee: 10_000,
      mao: 60_000,
      max_offer: 50_000,
      inputs: { address: '12 Oak St, Austin, TX 78701', sqft: 1_500, repairMode: 'tier', tier: 'moderate', rental: { monthlyRent: 1_450 } },
    });
    expect(within(region('Save to deal')).getByRole('button', { name: /Version 1/ })).toHaveAttribute('aria-current', 'true');
  });

  it("saves to the lead's open deal without opening another", async () => {
    const fetchMock = mockApi({
      ...SETTINGS_ROUTE,
      'GET /api/leads/lead-1': { body: LEAD },
      'GET /api/deals?lead_id=lead-1&stage=open': { body: { items: [DEAL], total: 1 } },
      'GET /api/deals/deal-1/analyses': { body: { items: [] } },
      'POST /api/deals/deal-1/analyses': { status: 201, body: makeAnalysis(1, {}) },
    });
    renderCalculator('/calculator?lead=lead-1');
    // The deal's figures win over the lead's estimate.
    await waitFor(() => expect(field('ARV')).toHaveValue('200,000'));
    await userEvent.click(screen.getByRole('button', { name: 'Save to deal' }));
    expect(await screen.findByText('Saved as version 1')).toBeInTheDocument();
    expect(requests(fetchMock.mock.calls as Call[])).not.toContain('POST /api/deals');
  });

  it('shows why a save failed', async () => {
    mockApi({
      ...SETTINGS_ROUTE,
      'GET /api/leads/lead-1': { body: LEAD },
      'GET /api/deals?lead_id=lead-1&stage=open': { body: { items: [], total: 0 } },
      'POST /api/deals': { status: 409, body: { error: { code: 'CONFLICT', message: 'This lead already has an open deal' } } },
    });
    renderCalculator('/calculator?lead=lead-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save to deal' }));
    expect(await screen.findByText('Could not save the analysis')).toBeInTheDocument();
    expect(screen.getByText('This lead already has an open deal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to deal' })).toBeEnabled();
  });

  it('says so for an unknown lead and works standalone', async () => {
    mockApi({ ...SETTINGS_ROUTE, 'GET /api/leads/nope': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Lead not found' } } } });
    renderCalculator('/calculator?lead=nope');
    expect(await screen.findByText('Lead not found. The calculator starts blank.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to deal' })).toBeDisabled();
  });
});

describe('the calculator from a deal', () => {
  const DEAL_ROUTES = { ...SETTINGS_ROUTE, 'GET /api/deals/deal-1': { body: DEAL }, 'GET /api/leads/lead-1': { body: LEAD } };

  it("starts from the deal's figures and saves a new version with POST /api/deals/:id/analyses", async () => {
    const fetchMock = mockApi({
      ...DEAL_ROUTES,
      'GET /api/deals/deal-1/analyses': { body: { items: [] } },
      'POST /api/deals/deal-1/analyses': { status: 201, body: makeAnalysis(1, {}) },
    });
    renderCalculator('/calculator?deal=deal-1');
    await waitFor(() => expect(field('ARV')).toHaveValue('200,000'));
    expect(field('Your offer')).toHaveValue('95,000');
    // The deal's repair figure as one line with no contingency on top.
    expect(figure('Total repairs', region('Repairs')).value).toBe('$30,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save to deal' }));
    expect(await screen.findByText('Saved as version 1')).toBeInTheDocument();
    const calls = fetchMock.mock.calls as Call[];
    expect(requests(calls).filter((r) => r.startsWith('POST'))).toEqual(['POST /api/deals/deal-1/analyses']);
    expect(bodyOf(calls, 'POST /api/deals/deal-1/analyses')).toMatchObject({ arv: 200_000, repair_estimate: 30_000, target_fee: 10_000, mao: 110_000, max_offer: 100_000 });
  });

  it('loads the latest version, lists them all, and reopens an older one', async () => {
    const older = { arv: 150_000, targetFee: 5_000, repairMode: 'items', contingencyPercent: 0, items: [{ id: 'x', category: 'roof', quantity: 1, unitCost: 20_000 }] };
    const latest = { ...older, arv: 210_000 };
    mockApi({
      ...DEAL_ROUTES,
      'GET /api/deals/deal-1/analyses': {
        body: { items: [makeAnalysis(2, latest, { arv: 210_000 }), makeAnalysis(1, older, { arv: 150_000, created_by_name: 'Sam Ortiz' })] },
      },
    });
    renderCalculator('/calculator?deal=deal-1');
    await waitFor(() => expect(field('ARV')).toHaveValue('210,000'));
    expect(screen.getByText(/Figures from the deal for 12 Oak St, Austin, TX 78701, version 2/)).toBeInTheDocument();
    const saveRegion = region('Save to deal');
    expect(within(saveRegion).getByRole('button', { name: /Version 2/ })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(within(saveRegion).getByRole('button', { name: /Version 1.*Sam Ortiz/ }));
    expect(await screen.findByText('Loaded version 1')).toBeInTheDocument();
    expect(field('ARV')).toHaveValue('150,000');
    expect(field('Target fee')).toHaveValue('5,000');
    // 150,000 × 70% − 20,000
    expect(figure('MAO', region('Maximum offer')).value).toBe('$85,000');
    expect(within(saveRegion).getByRole('button', { name: /Version 1/ })).toHaveAttribute('aria-current', 'true');
  });

  it('says so for an unknown deal', async () => {
    mockApi({ ...SETTINGS_ROUTE, 'GET /api/deals/nope': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Deal not found' } } } });
    renderCalculator('/calculator?deal=nope');
    expect(await screen.findByText('Deal not found. The calculator starts blank.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to deal' })).toBeDisabled();
  });
});
