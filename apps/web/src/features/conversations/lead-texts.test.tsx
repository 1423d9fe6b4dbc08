import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LeadDetailsDialog } from '@/features/leads/lead-details-dialog';
import { makeLead, mockLeadsApi } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { makeMessage, minutesAgo, postedBodies, renderWithProviders } from './test-fixtures';

beforeAll(async () => {
  await import('@/features/leads/lead-detail-page');
});

afterEach(() => {
  toast.dismiss();
});

const lead = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner', phone: '(555) 123-4567' });
const history = [
  makeMessage({ id: 'm1', body: 'Hi Ana, is 12 Oak St for sale?', created_at: minutesAgo(30) }),
  makeMessage({ id: 'm2', direction: 'inbound', status: 'received', body: 'Maybe, what are you offering?', created_at: minutesAgo(20), read_at: minutesAgo(19) }),
];

function mockLeadTexts() {
  return mockLeadsApi({
    'GET /api/leads/lead-1': { body: lead },
    'GET /api/tasks': { body: { items: [] } },
    'GET /api/conversations': (url: URL) => ({ body: { items: url.searchParams.get('lead_id') === 'lead-1' ? history : [] } }),
    'GET /api/conversations/check': { body: { allowed: true } },
    'POST /api/conversations/lead-1/read': { status: 204 },
    'POST /api/conversations': (_url: URL, init: RequestInit | undefined) => ({ status: 201, body: makeMessage({ id: 'm3', body: JSON.parse(String(init?.body)).body, status: 'queued' }) }),
  });
}

async function expectTexts(user: ReturnType<typeof userEvent.setup>, fetchMock: ReturnType<typeof mockLeadTexts>) {
  await user.click(screen.getByRole('tab', { name: 'Communication' }));
  const texts = screen.getByRole('region', { name: 'Texts' });
  expect(await within(texts).findByText('Maybe, what are you offering?')).toBeInTheDocument();
  expect(within(texts).getByText('Hi Ana, is 12 Oak St for sale?')).toBeInTheDocument();
  expect(within(texts).getByRole('link', { name: 'Open in Communications' })).toHaveAttribute('href', '/communications?tab=conversations&lead=lead-1');
  await user.type(within(texts).getByRole('textbox', { name: 'Message' }), 'Around 180k cash{Enter}');
  expect(await screen.findByText('Message sent')).toBeInTheDocument();
  expect(postedBodies(fetchMock, '/api/conversations')).toEqual([{ lead_id: 'lead-1', body: 'Around 180k cash' }]);
}

describe('the lead’s texts', () => {
  it('shows the history and the composer in the Communication tab of the lead page', async () => {
    const fetchMock = mockLeadTexts();
    renderApp('/leads/lead-1');
    await screen.findByRole('heading', { name: 'Ana Owner', level: 1 });
    await expectTexts(userEvent.setup(), fetchMock);
  });

  it('shows them in the lead dialog too', async () => {
    const fetchMock = mockLeadTexts();
    renderWithProviders(<LeadDetailsDialog leadId="lead-1" initial={lead} onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Ana Owner' })).toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Communication' }); // the tabs come with the full record
    await expectTexts(userEvent.setup(), fetchMock);
  });
});
