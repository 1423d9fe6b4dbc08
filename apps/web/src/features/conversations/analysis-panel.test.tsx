import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiHealth, ConversationAnalysisView } from '@wholesail/domain';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { mockLeadsApi } from '@/features/leads/test-fixtures';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { AnalysisPanel } from './analysis-panel';
import { makeMessage, renderWithProviders } from './test-fixtures';

afterEach(() => {
  toast.dismiss();
});

const thread = [
  makeMessage({ id: 'msg-1', direction: 'outbound', body: 'Still thinking about selling?' }),
  makeMessage({ id: 'msg-2', direction: 'inbound', body: 'Maybe, but your offer is too low. How much exactly?' }),
  makeMessage({ id: 'msg-3', direction: 'outbound', body: 'Let me call you' }),
];
const ANALYSIS: ConversationAnalysisView = {
  conversation_id: 'msg-2', lead_id: 'lead-1', sentiment: 'positive', motivation_signals: ['Asked about an offer'], objections: ['Price too low'],
  next_step: 'Call now to discuss price and make a cash offer.', source: 'rules', model: null, analyzed_at: '2026-01-01T00:00:00Z',
};
const notAnalyzed = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'This conversation has not been analyzed yet' } } };

function open(analyze: { status?: number; body?: unknown }, health: AiHealth = AI_HEALTH_ALL_ON) {
  const fetchMock = mockLeadsApi({ 'GET /api/ai/health': { body: health }, 'GET /api/conversations/msg-2/analysis': notAnalyzed, 'POST /api/conversations/msg-2/analyze': analyze });
  renderWithProviders(<AnalysisPanel messages={thread} />);
  return { fetchMock, user: userEvent.setup() };
}

describe('Analyze on a text thread', () => {
  it("analyzes the seller's latest text and shows sentiment, signals, objections and the next best step", async () => {
    const { user } = open({ body: ANALYSIS });
    expect(await screen.findByText('Not analyzed yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('positive')).toBeInTheDocument();
    expect(screen.getByText('Asked about an offer')).toBeInTheDocument();
    expect(screen.getByText('Price too low')).toBeInTheDocument();
    expect(screen.getByText('Call now to discuss price and make a cash offer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze again' })).toBeInTheDocument();
  });

  it("says 'Analysis Failed' with the reason", async () => {
    const { user } = open({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests, try again in a minute' } } });
    await user.click(await screen.findByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Analysis Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, try again in a minute')).toBeInTheDocument();
  });

  it('says why it cannot run when analysis is turned off', async () => {
    const { fetchMock } = open({ body: ANALYSIS }, { ...AI_HEALTH_ALL_ON, modes: { ...AI_HEALTH_ALL_ON.modes, analysis: 'off' } });
    expect(await screen.findByRole('button', { name: 'Analyze: Conversation analysis is turned off in Settings → AI.' })).toHaveAttribute('aria-disabled', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
