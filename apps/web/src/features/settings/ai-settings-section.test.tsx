import type { AiHealth } from '@wholesail/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_HEALTH_ALL_ON } from '@/test/ai-health';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const AI_ON = { enableRealTimeCoaching: true, enableAutoEnrichment: true, enableSmartScoring: true, enableConversationAnalysis: true };
const HEALTH: AiHealth = {
  ...AI_HEALTH_ALL_ON,
  areas: { coaching: 'active', enrichment: 'error', scoring: 'inactive', analysis: 'active' },
  modes: { ...AI_HEALTH_ALL_ON.modes, scoring: 'off' },
};
/** A server with neither a language model nor a BatchData key, every switch on. */
const NOTHING_CONFIGURED: AiHealth = {
  ...AI_HEALTH_ALL_ON,
  llm: 'not_configured',
  enrichment: 'not_configured',
  areas: { ...AI_HEALTH_ALL_ON.areas, enrichment: 'inactive' },
  modes: { coaching: 'built_in', enrichment: 'not_configured', scoring: 'built_in', analysis: 'built_in' },
};

/** The first render loads the route tree. */
const SLOW = { timeout: 5000 };

type Routes = Parameters<typeof mockApi>[0];
function routes(overrides: Routes = {}): Routes {
  return {
    'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
    'GET /api/me': { body: { ...ME, role: 'member' } },
    'GET /api/organization/settings': { body: { aiIntegration: AI_ON } },
    'GET /api/organization/members': { body: { members: [] } },
    'GET /api/ai/health': { body: HEALTH },
    ...overrides,
  };
}

afterEach(() => {
  toast.dismiss();
});

describe('AI settings', () => {
  it("shows each area's status from the AI health check", async () => {
    mockApi(routes());
    renderApp('/settings');
    expect(await screen.findByLabelText('Real-time coaching status', {}, SLOW)).toHaveTextContent('Active');
    expect(screen.getByLabelText('Automatic lead enrichment status')).toHaveTextContent('Error');
    expect(screen.getByLabelText('Smart lead scoring status')).toHaveTextContent('Off');
    expect(screen.getByLabelText('Conversation analysis status')).toHaveTextContent('Active');
    expect(screen.queryByText('No language model configured — coaching uses conversation patterns')).not.toBeInTheDocument();
  });

  it('says what really runs without a language model or a BatchData key, never a plain Active', async () => {
    mockApi(routes({ 'GET /api/ai/health': { body: NOTHING_CONFIGURED } }));
    renderApp('/settings');
    expect(await screen.findByText('No language model configured — coaching uses conversation patterns', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Real-time coaching status')).toHaveTextContent(/^Active — instant patterns only$/);
    expect(screen.getByLabelText('Automatic lead enrichment status')).toHaveTextContent(/^Not configured$/);
    expect(screen.getByLabelText('Smart lead scoring status')).toHaveTextContent(/^Active — built-in rules only$/);
    expect(screen.getByLabelText('Conversation analysis status')).toHaveTextContent(/^Active — built-in rules only$/);
    expect(screen.getByText(/Enrichment needs a BatchData API key/)).toBeInTheDocument();
  });

  it("toasts 'Configuration Updated' after a save and re-checks the areas", async () => {
    const fetchMock = mockApi(
      routes({ 'PUT /api/organization/settings': (init) => ({ body: { aiIntegration: { ...AI_ON, ...JSON.parse(String(init?.body)).aiIntegration } } }) }),
    );
    renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Real-time coaching' }, SLOW);
    await screen.findByLabelText('Real-time coaching status');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Configuration Updated')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/ai/health')).toHaveLength(2));
  });

  it("toasts 'Configuration Failed' with the message and rolls the switch back", async () => {
    mockApi(routes({ 'PUT /api/organization/settings': { status: 500, body: { error: { code: 'INTERNAL', message: 'Settings store unavailable' } } } }));
    renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Conversation analysis' }, SLOW);
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Configuration Failed')).toBeInTheDocument();
    expect(screen.getByText('Settings store unavailable')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });

  it("toasts 'System Health Check Failed' when the health check fails", async () => {
    mockApi(routes({ 'GET /api/ai/health': { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Health check unavailable' } } } }));
    renderApp('/settings');
    expect(await screen.findByText('System Health Check Failed', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Real-time coaching' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Real-time coaching status')).not.toBeInTheDocument();
  });
});
