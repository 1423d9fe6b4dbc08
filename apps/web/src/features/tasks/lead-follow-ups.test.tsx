import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeLead, mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(async () => {
  await import('@/features/leads/lead-detail-page');
});

const lead = makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner' });
const task = {
  id: 't-1', lead_id: 'lead-1', lead_name: 'Ana Owner', task_type: 'follow_up', proposed_time: '2099-05-06T14:30:00.000Z', status: 'pending',
  suggested_message: 'Hi Ana', reason: 'Callback requested', created_at: '2025-03-04T10:00:00.000Z',
};

describe('lead follow-ups in the Overview tab', () => {
  it("lists the lead's pending follow-ups", async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads/lead-1': { body: lead }, 'GET /api/tasks': { body: { items: [task] } } });
    renderApp('/leads/lead-1');
    const list = await screen.findByRole('list', { name: 'Lead follow-ups' });
    expect(within(list).getByText('Callback requested')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Mark done: Ana Owner' })).toBeInTheDocument();
    const url = requestedUrls(fetchMock, '/api/tasks')[0];
    expect(url?.searchParams.get('status')).toBe('pending');
    expect(url?.searchParams.get('leadId')).toBe('lead-1');
  });

  it('is hidden when the lead has none', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/leads/lead-1': { body: lead }, 'GET /api/tasks': { body: { items: [] } } });
    renderApp('/leads/lead-1');
    expect(await screen.findByText('Contact info')).toBeInTheDocument();
    await vi.waitFor(() => expect(requestedUrls(fetchMock, '/api/tasks').length).toBe(1));
    expect(screen.queryByText('Follow-ups')).not.toBeInTheDocument();
  });
});
