import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiHealth, EnrichmentRequestAnswer, LeadEnrichmentStatus } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { renderWithProviders } from '@/features/conversations/test-fixtures';
import { LeadAiActions } from './ai-actions';
import { makeLead, mockLeadsApi } from './test-fixtures';

afterEach(() => {
  toast.dismiss();
});

const lead = makeLead({ id: 'lead-7', owner_1_name: 'Ana Owner', notes: 'First call went well.', version: 4 });
const BATCH = { id: 'batch-1', requested_by: 'user-1', priority: 'high', total: 1, enriched: 0, failed: 0, skipped: 0, finished_at: null, created_at: '2026-01-01T00:00:00Z' } as const;
const STARTED: EnrichmentRequestAnswer = { batch: BATCH, queued: 1, already_in_flight: 0 };
const status = (over: Partial<LeadEnrichmentStatus>): { enrichment: LeadEnrichmentStatus } => ({
  enrichment: { batch_id: 'batch-1', state: 'queued', message: null, priority: 'high', requested_at: '2026-01-01T00:00:00Z', finished_at: null, ...over },
});
const refusal = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

type Routes = Parameters<typeof mockLeadsApi>[0];

function open(routes: Routes = {}, health: AiHealth = AI_HEALTH_ALL_ON) {
  const fetchMock = mockLeadsApi({ 'GET /api/ai/health': { body: health }, 'GET /api/leads/lead-7/enrichment': { body: { enrichment: null } }, ...routes });
  renderWithProviders(<LeadAiActions lead={lead} />);
  return { fetchMock, user: userEvent.setup() };
}

const bodiesOf = (fetchMock: ReturnType<typeof mockLeadsApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('Enrich on a lead', () => {
  it("says 'Enrichment Started', then 'Enrichment Failed' with the reason when the job fails", async () => {
    let settled = false;
    const { fetchMock, user } = open({
      'POST /api/leads/enrich': () => {
        settled = true;
        return { status: 202, body: STARTED };
      },
      // The first read after the request already finds the job failed (as the change feed would bring it).
      'GET /api/leads/lead-7/enrichment': () => ({ body: settled ? status({ state: 'failed', message: 'No property record matches this address' }) : { enrichment: null } }),
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Enrichment priority' }), 'high');
    await user.click(screen.getByRole('button', { name: 'Enrich' }));
    expect(await screen.findByText('Enrichment Started')).toBeInTheDocument();
    expect(screen.getByText('1 lead queued for enrichment.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/leads/enrich')).toEqual([{ leadIds: ['lead-7'], priority: 'high' }]);
    expect(await screen.findByText('Enrichment Failed')).toBeInTheDocument();
    expect(screen.getAllByText(/No property record matches this address/).length).toBeGreaterThan(0);
    expect(screen.getByRole('status')).toHaveTextContent('Enrichment failed: No property record matches this address');
  });

  it("says 'Enrichment Failed' with the server's reason when the request fails", async () => {
    const { user } = open({ 'POST /api/leads/enrich': refusal(503, 'ENRICHMENT_NOT_CONFIGURED', 'No property-data service is configured (BATCHDATA_API_KEY): leads cannot be enriched') });
    await user.click(await screen.findByRole('button', { name: 'Enrich' }));
    expect(await screen.findByText('Enrichment Failed')).toBeInTheDocument();
    expect(screen.getByText('No property-data service is configured (BATCHDATA_API_KEY): leads cannot be enriched')).toBeInTheDocument();
  });

  it('shows a queued enrichment with its priority', async () => {
    open({ 'GET /api/leads/lead-7/enrichment': { body: status({}) } });
    expect(await screen.findByRole('status')).toHaveTextContent('Enrichment queued (high priority)…');
  });
});

describe('Score with AI', () => {
  it('shows the score and its reasons', async () => {
    const { user } = open({
      'POST /api/leads/lead-7/ai-score': {
        body: { lead_id: 'lead-7', ai_score: 87, ai_score_reasons: ['Pre-foreclosure (+15)', 'Tax delinquent (+12)'], ai_score_source: 'rules', ai_scored_at: '2026-01-01T00:00:00Z', motivation_level: 'Very High', llm: 'not_configured' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Score with AI' }));
    expect(await screen.findByText('Pre-foreclosure (+15)')).toBeInTheDocument();
    expect(screen.getByText('Tax delinquent (+12)')).toBeInTheDocument();
    expect(screen.getByText('87')).toBeInTheDocument();
  });

  it("says 'AI Scoring Failed' with the reason", async () => {
    const { user } = open({ 'POST /api/leads/lead-7/ai-score': refusal(429, 'RATE_LIMITED', 'Too many requests, try again in a minute') });
    await user.click(await screen.findByRole('button', { name: 'Score with AI' }));
    expect(await screen.findByText('AI Scoring Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, try again in a minute')).toBeInTheDocument();
  });
});

describe('Ask AI', () => {
  it('answers with the chat so far, and an answer goes into the notes', async () => {
    const { fetchMock, user } = open({
      'POST /api/leads/lead-7/ask': { body: { answer: 'Hi Ana, still thinking about selling Oak St?', model: 'test-model' } },
      'PATCH /api/leads/lead-7': { body: { ...lead, notes: 'x', version: 5 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ask AI' }));
    await user.type(screen.getByRole('textbox', { name: 'Question about this lead' }), 'Draft a follow-up text');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const chat = await screen.findByRole('list', { name: 'Ask AI conversation' });
    expect(within(chat).getByText('Hi Ana, still thinking about selling Oak St?')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/leads/lead-7/ask')).toEqual([{ question: 'Draft a follow-up text', history: [] }]);
    await user.click(within(chat).getByRole('button', { name: 'Add to notes' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'PATCH', '/api/leads/lead-7')).toEqual([{ notes: 'First call went well.\n\nHi Ana, still thinking about selling Oak St?', version: 4 }]),
    );
    expect(await screen.findByText('Added to notes')).toBeInTheDocument();
  });

  it("says 'AI Response Failed' with the reason", async () => {
    const { user } = open({ 'POST /api/leads/lead-7/ask': refusal(502, 'LLM_ERROR', 'The language model answered 402: AI credits exhausted') });
    await user.click(await screen.findByRole('button', { name: 'Ask AI' }));
    await user.type(screen.getByRole('textbox', { name: 'Question about this lead' }), 'Summarise');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('AI Response Failed')).toBeInTheDocument();
    expect(screen.getByText('The language model answered 402: AI credits exhausted')).toBeInTheDocument();
  });
});

describe('AI actions that cannot run', () => {
  it('say why: no property-data service, no language model', async () => {
    const { fetchMock } = open({}, { ...AI_HEALTH_ALL_ON, llm: 'not_configured', enrichment: 'not_configured', modes: { ...AI_HEALTH_ALL_ON.modes, enrichment: 'not_configured', scoring: 'built_in' } });
    const enrich = await screen.findByRole('button', { name: /^Enrich: No property-data service is configured/ });
    expect(enrich).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Ask AI: No language model is configured (LLM_BASE_URL), so Ask AI cannot answer.' })).toHaveAttribute('aria-disabled', 'true');
    // Scoring still runs, by the rules alone, and says so.
    expect(screen.getByRole('button', { name: 'Score with AI' })).toBeEnabled();
    expect(screen.getByText(/Score with AI: No language model is configured: the built-in rules do this alone./)).toBeInTheDocument();
    await userEvent.setup().click(enrich);
    expect(bodiesOf(fetchMock, 'POST', '/api/leads/enrich')).toEqual([]);
  });

  it('say why: the organization turned enrichment and scoring off', async () => {
    open({}, { ...AI_HEALTH_ALL_ON, modes: { ...AI_HEALTH_ALL_ON.modes, enrichment: 'off', scoring: 'off' } });
    expect(await screen.findByRole('button', { name: 'Enrich: Lead enrichment is turned off in Settings → AI.' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Score with AI: AI lead scoring is turned off in Settings → AI.' })).toHaveAttribute('aria-disabled', 'true');
  });
});
