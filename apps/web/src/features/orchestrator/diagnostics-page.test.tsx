import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { renderApp } from '@/test/render-app';
import { diagnostics } from './test-fixtures';

beforeAll(async () => {
  await import('./diagnostics-page');
});

afterEach(() => {
  toast.dismiss();
});

const JOB = 'bbbbbbbb-0000-4000-8000-000000000001';

describe('the orchestrator diagnostics', () => {
  it('shows the queues with the organization’s share, the oldest wait, workers alive or not, event delivery and LISTEN state', async () => {
    mockLeadsApi({ 'GET /api/orchestrator/diagnostics': { body: diagnostics() } });
    renderApp('/orchestrator/diagnostics');
    const queues = await screen.findByRole('table', { name: 'Queues' });
    const scoring = within(queues).getByRole('row', { name: /AI scoring/ });
    expect(scoring).toHaveTextContent('AI scoring12 (4 yours)0123 (1 yours)2 minutes');
    expect(within(queues).getByRole('row', { name: /Sequence steps/ })).toHaveTextContent('None waiting');

    const workers = screen.getByRole('list', { name: 'Workers' });
    const [alive, stopped] = within(workers).getAllByRole('listitem');
    expect(alive).toHaveTextContent('Alive');
    expect(alive).toHaveTextContent('running 2 jobs');
    expect(stopped).toHaveTextContent('Stopped reporting');
    expect(stopped).not.toHaveTextContent('Alive');
    expect(stopped).not.toHaveTextContent('running');

    const listen = screen.getByRole('list', { name: 'LISTEN connections' });
    expect(within(listen).getAllByRole('listitem')[0]).toHaveTextContent('Listening');
    expect(within(listen).getAllByRole('listitem')[1]).toHaveTextContent('Not listening');
    expect(within(listen).getAllByRole('listitem')[1]).not.toHaveTextContent(/^Listening/);

    expect(screen.getByText('3 events waiting; the oldest for 42 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Failed deliveries' })).toHaveTextContent('lead.created → automation.rulesrule table lockedGiven up after 10 attempts');
    expect(screen.getByText(/2 failed jobs of the server itself/)).toBeInTheDocument();
  });

  it('says so when no worker is alive', async () => {
    const d = diagnostics();
    mockLeadsApi({ 'GET /api/orchestrator/diagnostics': { body: { ...d, workers: { ...d.workers, items: d.workers.items.map((w) => ({ ...w, alive: false })) } } } });
    renderApp('/orchestrator/diagnostics');
    expect(await screen.findByText('No worker is running: jobs wait until a server starts.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Workers' })).queryByText('Alive')).not.toBeInTheDocument();
  });

  it('lets an owner retry a failed job, and discard one after confirming', async () => {
    let current = diagnostics();
    const fetchMock = mockLeadsApi({
      'GET /api/orchestrator/diagnostics': () => ({ body: current }),
      [`POST /api/orchestrator/jobs/${JOB}/retry`]: () => {
        current = { ...current, failures: [], failures_total: 0 };
        return { body: { id: JOB, queue: 'lead.ai-score', state: 'retrying' } };
      },
      [`POST /api/orchestrator/jobs/${JOB}/discard`]: { body: { id: JOB, queue: 'lead.ai-score', state: 'discarded' } },
    });
    renderApp('/orchestrator/diagnostics');
    const failures = await screen.findByRole('list', { name: 'Failed jobs' });
    expect(failures).toHaveTextContent('AI scoring · Pat SellerThe language model timed outFailed');
    expect(failures).toHaveTextContent('after 6 attempts');
    const user = userEvent.setup();
    await user.click(within(failures).getByRole('button', { name: 'Discard AI scoring for Pat Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this failed job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(requestedUrls(fetchMock, `/api/orchestrator/jobs/${JOB}/discard`)).toHaveLength(0);
    await user.click(within(failures).getByRole('button', { name: 'Discard AI scoring for Pat Seller' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this failed job?' })).getByRole('button', { name: 'Discard job' }));
    expect(await screen.findByText('The job was discarded')).toBeInTheDocument();
    expect(requestedUrls(fetchMock, `/api/orchestrator/jobs/${JOB}/discard`)).toHaveLength(1);
    await user.click(within(failures).getByRole('button', { name: 'Retry AI scoring for Pat Seller' }));
    expect(await screen.findByText('The job runs again')).toBeInTheDocument();
    expect(await screen.findByText('No job of your organization has failed in the last 12 hours.')).toBeInTheDocument();
  });

  it('shows a member the failures without the buttons, and why', async () => {
    mockLeadsApi({ 'GET /api/orchestrator/diagnostics': { body: diagnostics({ can_manage_jobs: false }) } });
    renderApp('/orchestrator/diagnostics');
    const failures = await screen.findByRole('list', { name: 'Failed jobs' });
    expect(within(failures).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins of your organization can retry or discard failed jobs/)).toBeInTheDocument();
  });

  it('says why it could not load, and tries again on request', async () => {
    let calls = 0;
    mockLeadsApi({
      'GET /api/orchestrator/diagnostics': () => (++calls === 1 ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } } : { body: diagnostics() }),
    });
    renderApp('/orchestrator/diagnostics');
    expect(await screen.findByText('Could not load the diagnostics: Something went wrong on our side. Please try again.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Queues' })).toBeInTheDocument());
  });
});
