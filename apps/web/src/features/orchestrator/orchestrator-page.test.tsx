import type { FeedPage } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { feedItem, LEAD_ID, RULE_ID, SEQUENCE_ID } from './test-fixtures';

beforeAll(async () => {
  await import('./orchestrator-page');
});

const LISTS = {
  'GET /api/sequences': { body: { items: [{ id: SEQUENCE_ID, name: 'New lead follow-up' }] } },
  'GET /api/automation-rules': { body: { items: [{ id: RULE_ID, name: 'Hot on answer' }] } },
};

function mockFeed(pages: (url: URL) => FeedPage, extra: Record<string, unknown> = {}) {
  return mockLeadsApi({ ...LISTS, ...extra, 'GET /api/orchestrator/feed': (url: URL) => ({ body: pages(url) }) } as Parameters<typeof mockLeadsApi>[0]);
}

describe('the orchestrator feed', () => {
  it('shows each decision: when, what for which lead, its outcome and the reason', async () => {
    mockFeed(() => ({
      items: [
        feedItem(),
        feedItem({ id: 'r1', source: 'rule', kind: 'call_completed', outcome: 'applied', at: '2026-01-02T13:00:00.000Z', reason: 'Tagged “hot”.', sequence: null, step_index: null, rule: { id: RULE_ID, name: 'Hot on answer' } }),
        feedItem({ id: 'j1', source: 'ai', kind: 'score', outcome: 'failed', at: '2026-01-02T12:00:00.000Z', reason: 'Failed after 6 attempts: timed out', sequence: null, step_index: null, lead: null, job_id: 'j1' }),
      ],
      next_before: null,
    }));
    renderApp('/orchestrator');
    const list = await screen.findByRole('list', { name: 'What the machine did and will do' });
    const moved = within(list).getByRole('listitem', { name: 'Text · step 2 of 3 in ‘New lead follow-up’: Moved' });
    expect(moved).toHaveTextContent('Runs in');
    expect(moved).toHaveTextContent('Texas allows no solicitation on Sunday before noon; moved to 12:00 PM.');
    expect(within(moved).getByRole('link', { name: 'Pat Seller' })).toHaveAttribute('href', `/leads/${LEAD_ID}`);
    expect(within(list).getByRole('listitem', { name: 'Rule ‘Hot on answer’ · A call ends: Applied' })).toHaveTextContent('Tagged “hot”.');
    expect(within(list).getByRole('listitem', { name: 'AI score: Failed' })).toHaveTextContent('Failed after 6 attempts: timed out');
    expect(screen.getByRole('link', { name: 'Diagnostics' })).toHaveAttribute('href', '/orchestrator/diagnostics');
  });

  it('explains what will appear when nothing has run, and offers to clear filters that match nothing', async () => {
    mockFeed(() => ({ items: [], next_before: null }));
    const { router } = renderApp('/orchestrator');
    expect(await screen.findByRole('heading', { name: 'Nothing has run yet' })).toBeInTheDocument();
    expect(screen.getByText(/moved into the lead’s calling window/)).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Outcome'), 'Skipped');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/orchestrator'));
  });

  it('sends the filters from the address and the pickers, and drops what does not fit a source', async () => {
    const fetchMock = mockFeed(() => ({ items: [feedItem()], next_before: null }), { [`GET /api/leads/${LEAD_ID}`]: { body: { id: LEAD_ID, owner_1_name: 'Pat Seller' } } });
    const { router } = renderApp(`/orchestrator?lead=${LEAD_ID}&sequence=${SEQUENCE_ID}`);
    await screen.findByRole('list', { name: 'What the machine did and will do' });
    const first = requestedUrls(fetchMock, '/api/orchestrator/feed')[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({ limit: '50', lead_id: LEAD_ID, sequence_id: SEQUENCE_ID });
    expect(await screen.findByRole('button', { name: 'Stop filtering by Pat Seller' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Source'), 'Rules');
    await waitFor(() => expect(currentUrl(router)).toBe(`/orchestrator?lead=${LEAD_ID}&source=rule`));
    expect(screen.queryByLabelText('Sequence')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rule'), 'Hot on answer');
    await waitFor(() => expect(requestedUrls(fetchMock, '/api/orchestrator/feed').at(-1)!.search).toBe(`?limit=50&source=rule&rule_id=${RULE_ID}&lead_id=${LEAD_ID}`));
    await user.click(screen.getByRole('button', { name: 'Stop filtering by Pat Seller' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/orchestrator?source=rule&rule=${RULE_ID}`));
  });

  it('loads the next page after the last item, showing each item once', async () => {
    const fetchMock = mockFeed((url) =>
      url.searchParams.get('before')
        ? { items: [feedItem({ id: 'second' }), feedItem({ id: 'third', kind: 'email', step_index: 2, reason: 'The email was sent.', outcome: 'done', at: '2026-01-01T00:00:00.000Z' })], next_before: null }
        : { items: [feedItem(), feedItem({ id: 'second' })], next_before: 'cursor-1' },
    );
    renderApp('/orchestrator');
    const list = await screen.findByRole('list', { name: 'What the machine did and will do' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('listitem', { name: 'Email · step 3 of 3 in ‘New lead follow-up’: Done' })).toHaveTextContent('The email was sent.');
    expect(requestedUrls(fetchMock, '/api/orchestrator/feed').some((u) => u.searchParams.get('before') === 'cursor-1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
