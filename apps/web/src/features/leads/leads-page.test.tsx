import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialerStore } from '@/features/dialer/dialer-store';
import { currentUrl, renderApp } from '@/test/render-app';
import { fakeLayout, makeLead, mockLeadsApi, requestedUrls, toListItem } from './test-fixtures';

let restoreLayout: () => void;
beforeAll(async () => {
  restoreLayout = fakeLayout();
  await import('./leads-page'); // warm the lazy route so the first test does not time out
});
afterAll(() => restoreLayout());

const ana = makeLead({
  id: 'lead-1',
  owner_1_name: 'Ana Owner',
  property_address_full: '12 Oak St, Austin, TX 78701',
  phone: '(555) 123-4567',
  estimated_value: 350000,
  mortgage_balance: 100000,
  motivation_score: 8,
  status: 'new',
  badges: ['vacant', 'absentee'],
  notes: 'Wants to sell before summer.', // a detail field: not in the list row
});
const dnc = makeLead({ id: 'lead-2', owner_1_name: 'Bob Blocked', phone: '555-222-3333', dnc_status: true });
const nophone = makeLead({ id: 'lead-3', owner_1_name: 'Cy Nophone', phone: '12345' });

const list = (items = [ana, dnc, nophone], total = items.length, total_exact = true) => ({ body: { items: items.map(toListItem), total, total_exact } });

describe('/leads list', () => {
  it('opens the lead dialer modal from a row Call button', async () => {
    mockLeadsApi({ 'GET /api/leads': list(), 'GET /api/phone-numbers': { body: { items: [] } } });
    const user = userEvent.setup();
    renderApp('/leads');
    const row = await screen.findByRole('row', { name: 'Ana Owner' });
    await user.click(within(row).getByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call' }, { timeout: 5000 });
    expect(within(dialog).getByText('Ana Owner · 12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('1 (555) 123-4567')).toBeInTheDocument();
    expect(dialerStore.getState().data).toEqual({ leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St, Austin, TX 78701', phone: '(555) 123-4567', email: '', version: ana.version });
    act(() => dialerStore.close());
  });

  it('shows the count, rows with formatted values, and Call links', async () => {
    mockLeadsApi({ 'GET /api/leads': list() });
    renderApp('/leads');
    expect(await screen.findByText('3 leads')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Ana Owner' });
    expect(within(row).getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(within(row).getByText('1 (555) 123-4567')).toBeInTheDocument();
    expect(within(row).getByText('$350,000')).toBeInTheDocument();
    expect(within(row).getByText('$250,000')).toBeInTheDocument();
    expect(within(row).getByLabelText('Motivation 8/9, Very High')).toHaveAttribute('data-colour', 'green');
    expect(within(row).getByText('vacant')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Call' })).toBeEnabled();

    const blocked = within(screen.getByRole('row', { name: 'Bob Blocked' })).getByRole('button', { name: 'Call: This lead is on the Do Not Call list' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    const noPhone = within(screen.getByRole('row', { name: 'Cy Nophone' })).getByRole('button', { name: 'Call: This lead has no phone number to call' });
    expect(noPhone).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it("says on a tap why a DNC lead's Call is off, without dialling or opening the lead", async () => {
    mockLeadsApi({ 'GET /api/leads': list() });
    renderApp('/leads');
    const user = userEvent.setup();
    await screen.findByText('3 leads');
    await user.click(within(screen.getByRole('row', { name: 'Bob Blocked' })).getByRole('button', { name: /^Call/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('This lead is on the Do Not Call list');
    expect(dialerStore.getState().isOpen).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Bob Blocked' })).not.toBeInTheDocument();
  });

  it('shows each row’s AI score beside its motivation, its reasons on a tap, and says when a lead is not scored yet', async () => {
    const scored = makeLead({ id: 'lead-5', owner_1_name: 'Eve Scored', ai_score: 64, ai_score_reasons: ['Vacant (+8)'], ai_score_source: 'rules' });
    mockLeadsApi({ 'GET /api/leads': list([scored, ana]) });
    renderApp('/leads');
    const user = userEvent.setup();
    await screen.findByText('2 leads');
    expect(within(screen.getByRole('row', { name: 'Ana Owner' })).getByRole('button', { name: 'Not scored by AI yet: show why' })).toHaveTextContent('AI —');
    await user.click(within(screen.getByRole('row', { name: 'Eve Scored' })).getByRole('button', { name: 'AI score 64 of 100: show why' }));
    const why = await screen.findByRole('dialog');
    expect(why).toHaveTextContent('Vacant (+8)');
    expect(why).toHaveTextContent('Scored from the record (no language model)');
    expect(screen.queryByRole('heading', { name: 'Eve Scored' })).not.toBeInTheDocument();
  });

  it.each([
    [12_345, '10,000+'],
    [2_345, 'about 2,300'],
  ])('says an estimated total of %i as %s, with a next page', async (total, shown) => {
    const items = Array.from({ length: 50 }, (_, i) => makeLead({ id: `l${i}`, owner_1_name: `Owner ${i}` }));
    mockLeadsApi({ 'GET /api/leads': list(items, total, false) });
    renderApp('/leads?search=oak');
    expect(await screen.findByText(`${shown.charAt(0).toUpperCase()}${shown.slice(1)} leads`)).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–50 of ${shown}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    // Rows are virtualised: only those in view (plus overscan) are in the document.
    expect(screen.getAllByRole('row').length).toBeLessThan(51);
  });

  it('formats exact totals with separators', async () => {
    mockLeadsApi({ 'GET /api/leads': list([ana], 1234) });
    renderApp('/leads');
    expect(await screen.findByText('1,234 leads')).toBeInTheDocument();
  });

  it('puts the debounced search in the URL and asks the API for it', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads': list() });
    const { router } = renderApp('/leads');
    await screen.findByRole('row', { name: 'Ana Owner' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), '555 123');
    expect(currentUrl(router)).toBe('/leads');
    await waitFor(() => expect(currentUrl(router)).toBe('/leads?search=555+123'));
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/leads').some((u) => u.searchParams.get('search') === '555 123')).toBe(true));
    // Only the settled value was sent, not every keystroke.
    expect(requestedUrls(fetchMock, '/api/leads').filter((u) => u.searchParams.has('search'))).toHaveLength(1);
  });

  it('reads filters and page from the URL on load', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads': list([ana], 120) });
    renderApp('/leads?status=new&page=2&minValue=100000&badges=vacant');
    expect(await screen.findByText('Showing 51–51 of 120')).toBeInTheDocument();
    const [url] = requestedUrls(fetchMock, '/api/leads');
    expect(url!.searchParams.get('status')).toBe('new');
    expect(url!.searchParams.get('offset')).toBe('50');
    expect(url!.searchParams.get('limit')).toBe('50');
    expect(url!.searchParams.get('minValue')).toBe('100000');
    expect(url!.searchParams.get('badges')).toBe('vacant');
    expect(screen.getByLabelText('Status')).toHaveValue('new');
  });

  it('changing a filter resets the page; Prev/Next move through pages in the URL', async () => {
    mockLeadsApi({ 'GET /api/leads': list([ana], 120) });
    const { router } = renderApp('/leads?page=2');
    await screen.findByText('Showing 51–51 of 120');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(currentUrl(router)).toBe('/leads?page=3');
    await user.click(screen.getByRole('button', { name: /Prev/ }));
    expect(currentUrl(router)).toBe('/leads?page=2');
    await user.selectOptions(screen.getByLabelText('Status'), 'discovery');
    expect(currentUrl(router)).toBe('/leads?status=discovery');
  });

  it('explains how to add leads when there are none', async () => {
    mockLeadsApi({ 'GET /api/leads': list([], 0) });
    renderApp('/leads');
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeInTheDocument();
    expect(screen.getByText(/Import a CSV file/)).toBeInTheDocument();
    expect(screen.getByText(/add a property by its address/)).toBeInTheDocument();
  });

  it('offers to clear filters when nothing matches', async () => {
    mockLeadsApi({ 'GET /api/leads': (url) => (url.searchParams.has('status') ? list([], 0) : list()) });
    const { router } = renderApp('/leads?status=discovery&search=zzz');
    expect(await screen.findByRole('heading', { name: 'No leads match these filters' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.setup().click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/leads'));
    expect(await screen.findByRole('row', { name: 'Ana Owner' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('shows an error with Retry', async () => {
    let fail = true;
    mockLeadsApi({ 'GET /api/leads': () => (fail ? { status: 500, body: { error: { code: 'X', message: 'Database down' } } } : list()) });
    renderApp('/leads');
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Ana Owner' })).toBeInTheDocument();
  });

  it('keeps the rows on screen while a realtime change refetches', async () => {
    let calls = 0;
    mockLeadsApi({
      'GET /api/leads': async () => {
        calls += 1;
        if (calls > 1) await new Promise((r) => setTimeout(r, 50));
        return list();
      },
    });
    const { client } = renderApp('/leads');
    await screen.findByRole('row', { name: 'Ana Owner' });
    act(() => void client.invalidateQueries({ queryKey: ['leads'] }));
    expect(screen.getByRole('row', { name: 'Ana Owner' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading leads')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });

  it('titles the dialog with the row’s name at once, then shows the full record from /api/leads/:id', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockLeadsApi({
      'GET /api/leads': list(),
      'GET /api/leads/lead-1': async () => {
        await answered;
        return { body: ana };
      },
    });
    renderApp('/leads');
    fireEvent.click(await screen.findByRole('row', { name: 'Ana Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ana Owner' });
    // The slim row is not the record: skeletons, not details with empty fields, until it loads.
    expect(within(dialog).getByLabelText('Loading lead')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    act(() => answer());
    expect(await within(dialog).findByText('Wants to sell before summer.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Ana Owner' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Loading lead')).not.toBeInTheDocument();
  });

  it('shows statuses in words with their pipeline colour, in the rows and the status filter', async () => {
    const followUp = makeLead({ id: 'lead-4', owner_1_name: 'Dee Later', status: 'add-to-followup' });
    mockLeadsApi({ 'GET /api/leads': list([ana, followUp]) });
    renderApp('/leads');
    const row = await screen.findByRole('row', { name: 'Dee Later' });
    expect(within(row).getByText('Follow up').closest('[data-tone]')).toHaveAttribute('data-tone', 'follow-up');
    expect(within(row).queryByText('add-to-followup')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Ana Owner' })).getByText('New').closest('[data-tone]')).toHaveAttribute('data-tone', 'fresh');
    const filter = screen.getByLabelText('Status');
    expect(within(filter).getByRole('option', { name: 'Follow up' })).toHaveValue('add-to-followup');
    expect(within(filter).getByRole('option', { name: 'Interested — make offer' })).toHaveValue('interested-set-offer');
  });

  it.each([
    [390, 'cards'],
    [900, 'compact'],
    [1400, 'full'],
  ])('lays the list out by the room it has: %i px gives %s, Call always in the row', async (width, layout) => {
    restoreLayout();
    restoreLayout = fakeLayout(800, width);
    mockLeadsApi({ 'GET /api/leads': list() });
    renderApp('/leads');
    const row = await screen.findByRole('row', { name: 'Ana Owner' });
    expect(screen.getByRole('table', { name: 'Leads' }).closest('[data-layout]')).toHaveAttribute('data-layout', layout);
    expect(within(row).getByRole('button', { name: 'Call' })).toBeInTheDocument();
    const equity = within(row).getByText('$250,000');
    if (layout === 'full') expect(equity.closest('[role="cell"]')).not.toHaveClass('hidden');
    else expect(equity.closest('[role="cell"]')).toHaveClass('hidden');
    restoreLayout();
    restoreLayout = fakeLayout();
  });
});
