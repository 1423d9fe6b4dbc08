import { LEAD_FIELD_NAMES } from '@wholesail/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { TagList } from './tag-list';
import { makeLead, mockLeadsApi, requestedUrls } from './test-fixtures';

beforeAll(async () => {
  await import('./lead-detail-page');
});

const tags = ['vacant', 'absentee', 'probate', 'tired-landlord', 'code-violation', 'high-equity', 'free-clear', 'inherited', 'divorce'];

// 6 of the 12 key fields, 9 fields in all.
const lead = makeLead({
  id: 'lead-1',
  owner_1_name: 'Ana Owner',
  contact_1_phone1: '555-123-4567',
  property_address_full: '12 Oak St, Austin, TX 78701',
  property_address_city: 'Austin',
  property_address_state: 'TX',
  estimated_value: 350000,
  status: 'new',
  badges: tags,
  notes: 'Wants to sell before summer.',
});

async function openLead(overrides = {}, routes = {}) {
  const fetchMock = mockLeadsApi({ 'GET /api/leads/lead-1': { body: { ...lead, ...overrides } }, ...routes });
  renderApp('/leads/lead-1');
  await screen.findByRole('heading', { name: 'Ana Owner', level: 1 });
  return { fetchMock, user: userEvent.setup() };
}

describe('lead details', () => {
  it('has the five tabs, in order', async () => {
    await openLead();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Property', 'Financial', 'Communication', 'Intelligence']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the field count and the completeness over the 12 key fields', async () => {
    await openLead();
    expect(screen.getByText('9 fields')).toHaveAttribute('title', `9 of ${LEAD_FIELD_NAMES.length} fields populated`);
    expect(screen.getByText('50% Complete')).toBeInTheDocument();
  });

  it('colours the completeness badge by its variant', async () => {
    await openLead({ mortgage_balance: 1, total_bedrooms: 3, total_baths: 2 }); // 9 of 12 = 75%
    expect(screen.getByText('75% Complete').className).toMatch(/text-primary/);
  });

  it('shows overview metrics, insight badges, tags with +N more and notes', async () => {
    await openLead({ vacant: true, mortgage_balance: 50000 });
    const metrics = screen.getByRole('region', { name: 'Key metrics' });
    expect(within(metrics).getByText('Motivation score')).toBeInTheDocument();
    expect(within(metrics).getByLabelText('Motivation not scored')).toBeInTheDocument();
    expect(within(metrics).getByText('$350,000')).toBeInTheDocument();
    expect(within(metrics).getByText('$300,000')).toBeInTheDocument(); // derived equity
    expect(within(metrics).getByText('Mar 4, 2025')).toBeInTheDocument();
    const insights = screen.getByRole('region', { name: 'Property insights' });
    expect(within(insights).getByText('Vacant')).toBeInTheDocument();
    const statusTags = screen.getByRole('region', { name: 'Status and tags' });
    expect(within(statusTags).getByText('tired-landlord')).toBeInTheDocument();
    expect(within(statusTags).queryByText('divorce')).not.toBeInTheDocument();
    expect(within(statusTags).getByText('+1 more')).toHaveAttribute('title', 'divorce');
    expect(screen.getByText('Wants to sell before summer.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'AI score' })).getByText(/^Not scored yet/)).toBeInTheDocument();
  });

  it('shows the AI score with its reasons, how it was made and when', async () => {
    await openLead({ ai_score: 72, ai_score_reasons: ['Tax delinquent (+10)', 'Vacant (+8)'], ai_score_source: 'rules+llm', ai_scored_at: '2025-03-05T15:00:00Z' });
    const ai = screen.getByRole('region', { name: 'AI score' });
    expect(within(ai).getByText('72')).toBeInTheDocument();
    expect(within(ai).getByText('Tax delinquent (+10)')).toBeInTheDocument();
    expect(within(ai).getByText('Vacant (+8)')).toBeInTheDocument();
    expect(within(ai).getByText(/^The record’s score and the language model’s, averaged, /)).toBeInTheDocument();
  });

  it('switches tabs and shows each one’s content and empty states', async () => {
    const { user } = await openLead();
    await user.click(screen.getByRole('tab', { name: 'Property' }));
    expect(screen.getByRole('region', { name: 'Property details' })).toBeInTheDocument();
    expect(screen.getByText('School data not available in this area')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Legal and parcel' })).getByText('Not available for this property')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Street view' })).getByText('Not available for this property')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Key metrics' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Financial' }));
    expect(screen.getByText('Sale history not available for this property')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Valuation' })).getByText('$350,000')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Communication' }));
    const phones = screen.getByRole('region', { name: 'Phone numbers' });
    expect(within(phones).getByText('Primary')).toBeInTheDocument();
    expect(within(phones).getByText('1 (555) 123-4567')).toBeInTheDocument();
    expect(within(phones).getByText('Alt 1')).toBeInTheDocument();
    expect(within(phones).getByText('Alt 2')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('New')).toBeInTheDocument(); // the status in words, not its code

    await user.click(screen.getByRole('tab', { name: 'Intelligence' }));
    expect(screen.getByText('No major distress signals detected')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Investment analysis' })).getByText('Mid market')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Market intelligence' })).getByText('Not available for this property')).toBeInTheDocument();
  });

  it('lists distress signals in a timeline and sale history', async () => {
    const { user } = await openLead({ pre_foreclosure: true, lis_pendens_date: '2024-06-01', last_sale_date: '2019-05-02', last_sale_price: 210000 });
    await user.click(screen.getByRole('tab', { name: 'Intelligence' }));
    const distress = screen.getByRole('region', { name: 'Distress indicators' });
    expect(within(distress).getByText('Lis pendens')).toBeInTheDocument();
    expect(within(distress).getByText('Jun 1, 2024')).toBeInTheDocument();
    expect(within(distress).getByText('Pre-foreclosure')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Financial' }));
    expect(screen.getByText('$210,000')).toBeInTheDocument();
    expect(screen.queryByText('Sale history not available for this property')).not.toBeInTheDocument();
  });

  it('renders the footer actions: Call Lead, and Send SMS and Email links', async () => {
    await openLead({ email: 'ana@example.com' });
    expect(screen.getByRole('button', { name: 'Call Lead' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(screen.getByRole('link', { name: 'Send SMS' })).toHaveAttribute('href', expect.stringMatching(/^\/communications\?tab=conversations&lead=/));
  });

  it('shows "Lead not found" for a 404, with a way back', async () => {
    mockLeadsApi({});
    renderApp('/leads/missing');
    expect(await screen.findByRole('heading', { name: 'Lead not found' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/leads');
    expect(screen.getByRole('link', { name: 'Back to leads' })).toHaveAttribute('href', '/leads');
  });
});

describe('street view', () => {
  it('asks for no maps key when the lead has no coordinates', async () => {
    const { fetchMock, user } = await openLead();
    await user.click(screen.getByRole('tab', { name: 'Property' }));
    expect(requestedUrls(fetchMock, '/api/maps/key')).toHaveLength(0);
  });

  it('shows nothing special when the server has no key (404)', async () => {
    const { fetchMock, user } = await openLead({ property_lat: 30.1, property_lng: -97.2 });
    await user.click(screen.getByRole('tab', { name: 'Property' }));
    const block = screen.getByRole('region', { name: 'Street view' });
    expect(await within(block).findByText('Not available for this property')).toBeInTheDocument();
    expect(requestedUrls(fetchMock, '/api/maps/key')).toHaveLength(1);
    expect(block.querySelector('iframe')).toBeNull();
  });

  it('embeds the street view for the coordinates, with full screen and Close', async () => {
    const { user } = await openLead({ latitude: 30.1, longitude: -97.2 }, { 'GET /api/maps/key': { body: { key: 'KEY1' } } });
    await user.click(screen.getByRole('tab', { name: 'Property' }));
    const frame = await screen.findByTitle('Street view of 12 Oak St, Austin, TX 78701');
    expect(frame).toHaveAttribute('src', 'https://www.google.com/maps/embed/v1/streetview?key=KEY1&location=30.1,-97.2');
    await user.click(screen.getByRole('button', { name: 'Open street view full screen' }));
    expect(await screen.findByTitle('Street view of 12 Oak St, Austin, TX 78701 (full screen)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTitle(/full screen\)/)).not.toBeInTheDocument());
  });
});

describe('data debug dialog', () => {
  it('shows coverage overall and per group, and copies the JSON', async () => {
    const { user } = await openLead({ data_source: 'batchdata' });
    await user.click(screen.getByRole('button', { name: 'Data debug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data debug' });
    // The same figure as the header's badge (6 of the 12 key fields), then every field.
    expect(screen.getByText('50% Complete')).toBeInTheDocument();
    const completeness = within(dialog).getByRole('group', { name: 'Completeness' });
    expect(within(completeness).getByText('50%')).toBeInTheDocument();
    expect(within(completeness).getByText(/6 of 12 key fields/)).toBeInTheDocument();
    expect(within(completeness).getByText('contact_1_email1')).toBeInTheDocument();
    const percent = Math.round((10 / LEAD_FIELD_NAMES.length) * 100);
    expect(within(dialog).getByText(`${percent}%`)).toBeInTheDocument();
    expect(within(dialog).getByText(`of every field the record can hold (10 of ${LEAD_FIELD_NAMES.length} fields), by group:`)).toBeInTheDocument();
    const owner = within(dialog).getByLabelText('Owner coverage');
    expect(within(owner).getByText('10%')).toBeInTheDocument(); // 1 of 10 owner fields
    expect(within(owner).getByText('owner_1_name')).toBeInTheDocument();
    expect(within(owner).getByText('owner_2_name')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Raw Data' }));
    expect(within(dialog).getByText('batchdata')).toBeInTheDocument();
    expect(within(dialog).getByText('Never')).toBeInTheDocument();
    expect(within(dialog).getByTestId('raw-json').textContent).toContain('"owner_1_name": "Ana Owner"');
    await user.click(within(dialog).getByRole('button', { name: 'Copy JSON' }));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(JSON.parse(await navigator.clipboard.readText()).id).toBe('lead-1');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument(), { timeout: 3000 });
  });
});

describe('TagList', () => {
  it('shows up to 8 tags and then +N more', () => {
    render(<TagList tags={[...tags, 'extra']} />);
    expect(screen.getByText('inherited')).toBeInTheDocument();
    expect(screen.queryByText('divorce')).not.toBeInTheDocument();
    expect(screen.getByText('+2 more')).toHaveAttribute('title', 'divorce, extra');
  });

  it('shows all tags when there are 8 or fewer', () => {
    render(<TagList tags={tags.slice(0, 8)} />);
    expect(screen.queryByText(/more/)).not.toBeInTheDocument();
  });
});
