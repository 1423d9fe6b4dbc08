import type { ActivityPage, CallAnalysisView, CallTranscript } from '@wholesail/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { renderApp } from '@/test/render-app';
import { makeLead, mockLeadsApi } from './test-fixtures';

beforeAll(async () => {
  await import('./lead-detail-page');
});
afterEach(() => {
  toast.dismiss();
});

const at = (s: number) => new Date(Date.now() - 120_000 + s * 1000).toISOString();
const line = (id: string, speaker: 'agent' | 'lead', transcript: string, s: number) => ({ id, call_sid: 'CA1', transcript, timestamp: at(s), confidence: 0.92, speaker, is_partial: false });
const CALL: CallTranscript = {
  call: {
    id: 'call-1', lead_id: 'lead-1', user_id: 'user-1', from_e164: '+15125550121', to_e164: '+15125550199', call_sid: 'CA1', provider: 'twilio', status: 'completed',
    started_at: at(0), answered_at: at(2), ended_at: at(97), duration_sec: 95, disposition: 'interested', notes: 'Call back Friday', completed_at: at(98),
  },
  lines: [line('t1', 'agent', 'Are you the owner of the house on Oak Street?', 5), line('t2', 'lead', 'Yes, we need to sell, the roof leaks.', 9)],
  analysis: null,
};
const ANALYSIS: CallAnalysisView = {
  call_id: 'call-1', lead_id: 'lead-1', sentiment: 'positive', motivation_signals: ['Wants to sell', 'Property needs repairs'], objections: [],
  next_step: 'Call to qualify: timeline, condition of the property and asking price.', source: 'rules', model: null, analyzed_at: at(100),
};
const TIMELINE: ActivityPage = {
  items: [{
    id: 'e1', action: 'call.completed', kind: 'call', actor: { id: 'user-1', name: 'Dana Agent' }, summary: 'Call: Interested (1:35)', created_at: at(98),
    links: { call_id: 'call-1', conversation_id: null },
  }],
  next_cursor: null,
};

async function openCall(routes: Parameters<typeof mockLeadsApi>[0] = {}, health = AI_HEALTH_ALL_ON) {
  mockLeadsApi({
    'GET /api/leads/lead-1': { body: makeLead({ id: 'lead-1', owner_1_name: 'Ana Owner' }) },
    'GET /api/leads/lead-1/activity': { body: TIMELINE },
    'GET /api/ai/health': { body: health },
    'GET /api/calls/call-1/transcript': { body: CALL },
    ...routes,
  });
  renderApp('/leads/lead-1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View call' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe("a finished call's dialog from the lead's timeline", () => {
  it('shows the outcome, duration, notes and the transcript turns of agent and seller', async () => {
    const { dialog } = await openCall();
    expect(await within(dialog).findByText('Call back Friday')).toBeInTheDocument();
    expect(within(dialog).getByText('Interested')).toBeInTheDocument();
    expect(within(dialog).getByText('1:35')).toBeInTheDocument();
    expect(within(dialog).getByText('1 (512) 555-0199')).toBeInTheDocument();
    const turns = within(within(dialog).getByRole('region', { name: 'Call transcript' })).getAllByRole('listitem');
    expect(turns.map((t) => [t.dataset.speaker, t.textContent?.includes('Oak Street') || t.textContent?.includes('roof leaks')])).toEqual([['agent', true], ['lead', true]]);
    expect(within(dialog).getByText('Not analyzed yet.')).toBeInTheDocument();
  });

  it('analyzes the call on Analyze and shows the analysis', async () => {
    const { user, dialog } = await openCall({ 'POST /api/calls/call-1/analyze': { body: ANALYSIS } });
    await user.click(await within(dialog).findByRole('button', { name: /Analyze/ }));
    expect(await within(dialog).findByText('Wants to sell, Property needs repairs')).toBeInTheDocument();
    expect(within(dialog).getByText('positive')).toBeInTheDocument();
    expect(within(dialog).getByText(ANALYSIS.next_step)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Analyze again/ })).toBeInTheDocument();
  });

  it("says 'Analysis Failed' with the reason when the analysis fails", async () => {
    const { user, dialog } = await openCall({
      'POST /api/calls/call-1/analyze': { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'This call has no transcript to analyze' } } },
    });
    await user.click(await within(dialog).findByRole('button', { name: /Analyze/ }));
    expect(await screen.findByText('Analysis Failed')).toBeInTheDocument();
    expect(screen.getByText('This call has no transcript to analyze')).toBeInTheDocument();
  });

  it('says why Analyze cannot run while conversation analysis is off', async () => {
    const { dialog } = await openCall({}, { ...AI_HEALTH_ALL_ON, modes: { ...AI_HEALTH_ALL_ON.modes, analysis: 'off' } });
    expect(await within(dialog).findByText('Conversation analysis is turned off in Settings → AI.')).toBeInTheDocument();
  });
});
