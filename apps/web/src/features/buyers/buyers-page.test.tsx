import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentUrl } from '@/test/render-app';
import { BUYER, renderBuyers } from './test-utils';



afterEach(() => {
  toast.dismiss();
});

const requested = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('buyers list', () => {
  it('asks for 25 per page with the filters and page of the URL', async () => {
    const fetchMock = mockApi({
      'GET /api/buyers?active=true&minScore=50&limit=25&offset=25': { body: { items: [BUYER], total: 30 } },
    });
    renderBuyers('/buyers?active=true&minScore=50&page=2');
    expect(await screen.findByText('Maria Chen')).toBeInTheDocument();
    expect(requested(fetchMock)).toContain('/api/buyers?active=true&minScore=50&limit=25&offset=25');
    expect(screen.getByText('Chen Capital')).toBeInTheDocument();
    expect(screen.getByText('1 (512) 555-0134')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30 buyers')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active only' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Min score')).toHaveValue(50);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/buyers/export.csv?active=true&minScore=50');
  });

  it('keeps the filters in the URL and starts again at page 1', async () => {
    const fetchMock = mockApi({
      'GET /api/buyers?limit=25&offset=25': { body: { items: [BUYER], total: 30 } },
      'GET /api/buyers?active=true&limit=25&offset=0': { body: { items: [BUYER], total: 1 } },
    });
    const { router } = renderBuyers('/buyers?page=2');
    await screen.findByText('Maria Chen');
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Active only' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/buyers?active=true'));
    await waitFor(() => expect(requested(fetchMock)).toContain('/api/buyers?active=true&limit=25&offset=0'));
  });

  it('opens a buyer on row click', async () => {
    mockApi({ 'GET /api/buyers?limit=25&offset=0': { body: { items: [BUYER], total: 1 } }, 'GET /api/buyers/b-1': { body: BUYER } });
    const { router } = renderBuyers('/buyers');
    await userEvent.setup().click(await screen.findByText('Chen Capital'));
    await waitFor(() => expect(currentUrl(router)).toBe('/buyers/b-1'));
  });

  it('shows an empty state without buyers and a no-match state with filters', async () => {
    mockApi({
      'GET /api/buyers?limit=25&offset=0': { body: { items: [], total: 0 } },
      'GET /api/buyers?minScore=90&limit=25&offset=0': { body: { items: [], total: 0 } },
    });
    renderBuyers('/buyers');
    expect(await screen.findByText('No buyers yet')).toBeInTheDocument();
  });

  it('shows a no-match state when filters exclude everyone', async () => {
    mockApi({ 'GET /api/buyers?minScore=90&limit=25&offset=0': { body: { items: [], total: 0 } } });
    renderBuyers('/buyers?minScore=90');
    expect(await screen.findByText('No buyers match these filters')).toBeInTheDocument();
    expect(screen.queryByText('No buyers yet')).not.toBeInTheDocument();
  });

  it('adds a buyer with the form body and shows the server 400 message', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'GET /api/buyers?limit=25&offset=0': { body: { items: [], total: 0 } },
      'POST /api/buyers': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { error: { code: 'VALIDATION', message: 'primary_email is already used by another buyer' } } }
          : { status: 201, body: { ...BUYER, id: 'b-2' } };
      },
      'GET /api/buyers/b-2': { body: { ...BUYER, id: 'b-2' } },
    });
    const { router } = renderBuyers('/buyers');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add buyer' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Contact name'), 'Maria Chen');
    await user.type(within(dialog).getByLabelText('Company'), 'Chen Capital');
    await user.type(within(dialog).getByLabelText('Score (0–100)'), '88');
    await user.type(within(dialog).getByLabelText('Email'), 'Maria@ChenCap.com');
    await user.type(within(dialog).getByLabelText('Phone'), '(512) 555-0134');
    await user.click(within(dialog).getByRole('button', { name: 'Add buyer' }));

    expect(await within(dialog).findByText('primary_email is already used by another buyer')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/buyers' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      contact_name: 'Maria Chen',
      company_name: 'Chen Capital',
      buyer_score: 88,
      is_active: true,
      primary_email: 'maria@chencap.com',
      primary_phone: '(512) 555-0134',
      notes: null,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Add buyer' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/buyers/b-2'));
    expect(await screen.findByText('Buyer added')).toBeInTheDocument();
  });

  it('checks the form with the shared schema before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/buyers?limit=25&offset=0': { body: { items: [], total: 0 } } });
    renderBuyers('/buyers');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add buyer' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Phone'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add buyer' }));
    expect(await within(dialog).findByText('contact_name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
