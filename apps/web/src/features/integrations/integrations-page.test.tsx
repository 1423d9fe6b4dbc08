import type { Integration } from '@wholesail/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sentBodies } from '@/features/deals/test-fixtures';
import { mockLeadsApi, requestedUrls } from '@/features/leads/test-fixtures';
import { ME } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// The Maps script cannot load in jsdom: the browser's check is stood in for.
vi.mock('./maps-check', () => ({
  MAPS_ALREADY_LOADED: 'already loaded',
  checkMapsInBrowser: vi.fn(async () => ({ ok: false, message: 'Google refused the key for http://localhost: RefererNotAllowedMapError.', duration_ms: 1200 })),
}));

beforeAll(async () => {
  await import('./integrations-page');
});

const base = (id: Integration['id'], name: string, mode: string, settings: string[]): Integration => ({
  id, name, purpose: `What ${name} is for.`, configured: false, mode, detail: `Where ${name} runs.`, settings, test: `How ${name} is tested.`,
  tested_in: id === 'google_maps' ? 'browser' : 'server', last_success_at: null, last_error_at: null, last_error: null,
});

const UNCONFIGURED: Integration[] = [
  base('twilio_voice', 'Twilio Voice', 'Demo line (simulated)', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']),
  base('llm', 'Language model', 'Built-in patterns and rules (no model)', ['LLM_BASE_URL']),
  base('smtp', 'Email (SMTP)', 'Mail outbox table (no SMTP)', ['SMTP_URL', 'MAIL_FROM']),
  base('storage', 'File storage', 'Local files in DATA_DIR/uploads', ['S3_BUCKET', 'DATA_DIR']),
];

const card = (name: string) => screen.findByRole('article', { name });

describe('/integrations', () => {
  it('says each service is not configured and names the local fallback and the settings to set', async () => {
    mockLeadsApi({
      'GET /api/integrations': { body: { items: UNCONFIGURED } },
      'POST /api/integrations/smtp/test': { body: { ok: false, checked: false, message: 'Not configured: set SMTP_URL', duration_ms: 0, checked_at: '2026-11-21T10:00:00.000Z' } },
    });
    renderApp('/integrations');
    expect(await screen.findByRole('heading', { name: 'Integrations', level: 1 })).toBeInTheDocument();
    for (const integration of UNCONFIGURED) {
      const item = within(await card(integration.name));
      expect(item.getByText('Not configured')).toBeInTheDocument();
      expect(item.getByText(`Not configured — using the local fallback: ${integration.mode}`)).toBeInTheDocument();
      for (const setting of integration.settings) expect(item.getByText(setting)).toBeInTheDocument();
      expect(item.getAllByText('None recorded')).toHaveLength(2);
    }
    expect(screen.queryByText('Configured')).not.toBeInTheDocument();
    expect(screen.queryByText(/\bactive\b/i)).not.toBeInTheDocument();
    // Testing it calls nothing: the answer is advice, not a failure.
    const smtp = within(await card('Email (SMTP)'));
    await userEvent.setup().click(smtp.getByRole('button', { name: 'Test connection to Email (SMTP)' }));
    const advice = await smtp.findByRole('status');
    expect(advice).toHaveTextContent('Not checked: Not configured: set SMTP_URL');
    expect(advice).toHaveAttribute('data-tone', 'warning');
  });

  it('tests a connection and shows its success or its failure inline, then the recorded error', async () => {
    let items: Integration[] = [
      { ...UNCONFIGURED[2]!, configured: true, mode: 'SMTP', detail: 'Server smtp.example.com:587.', last_success_at: '2026-11-20T15:00:00.000Z' },
      { ...UNCONFIGURED[1]!, configured: true, mode: 'OpenAI-compatible API at api.openai.com' },
    ];
    const fetchMock = mockLeadsApi({
      'GET /api/integrations': () => ({ body: { items } }),
      'POST /api/integrations/smtp/test': { body: { ok: true, checked: true, message: 'The mail server smtp.example.com:587 accepted the connection.', duration_ms: 42, checked_at: '2026-11-21T10:00:00.000Z' } },
      'POST /api/integrations/llm/test': () => {
        items = items.map((i) => (i.id === 'llm' ? { ...i, last_error_at: '2026-11-21T10:00:05.000Z', last_error: 'The language model API refused the API key (401)' } : i));
        return { body: { ok: false, checked: true, message: 'The language model API refused the API key (401)', duration_ms: 87, checked_at: '2026-11-21T10:00:05.000Z' } };
      },
    });
    renderApp('/integrations');
    const user = userEvent.setup();
    const smtp = within(await card('Email (SMTP)'));
    expect(smtp.getByText('Configured')).toHaveAttribute('data-tone', 'success');
    await user.click(smtp.getByRole('button', { name: 'Test connection to Email (SMTP)' }));
    const passed = await smtp.findByRole('status');
    expect(passed).toHaveTextContent('Connected: The mail server smtp.example.com:587 accepted the connection. (42 ms)');
    expect(passed).toHaveAttribute('data-tone', 'success');

    const llm = within(await card('Language model'));
    await user.click(llm.getByRole('button', { name: 'Test connection to Language model' }));
    const failed = await llm.findByRole('status');
    expect(failed).toHaveTextContent('Failed: The language model API refused the API key (401)');
    expect(failed).toHaveAttribute('data-tone', 'destructive');
    // The recorded error shows once the list is read again, marked as the latest outcome.
    await waitFor(() => expect(llm.getByText(/: The language model API refused the API key \(401\)$/)).toHaveAttribute('data-tone', 'destructive'));
    expect(requestedUrls(fetchMock, '/api/integrations').length).toBeGreaterThan(1);
  });

  it("checks the Maps key in the browser and sends Google's answer to be recorded", async () => {
    const maps = { ...base('google_maps', 'Google Maps', 'Google Maps JavaScript API (browser key)', ['GOOGLE_MAPS_API_KEY']), configured: true };
    const fetchMock = mockLeadsApi({
      'GET /api/integrations': { body: { items: [maps] } },
      'GET /api/maps/key': { body: { key: 'AIzaTestKey1234' } },
      'POST /api/integrations/google_maps/test': (_url: URL, init?: RequestInit) => {
        const { browser } = JSON.parse(String(init?.body)) as { browser: { ok: boolean; message: string; duration_ms: number } };
        return { body: { ...browser, checked: true, checked_at: '2026-11-21T10:00:00.000Z' } };
      },
    });
    renderApp('/integrations');
    const user = userEvent.setup();
    const item = within(await card('Google Maps'));
    await user.click(item.getByRole('button', { name: 'Test connection to Google Maps' }));
    expect(await item.findByRole('status')).toHaveTextContent('Failed: Google refused the key for http://localhost: RefererNotAllowedMapError.');
    expect(sentBodies(fetchMock, 'POST', '/api/integrations/google_maps/test')).toEqual([
      { browser: { ok: false, message: 'Google refused the key for http://localhost: RefererNotAllowedMapError.', duration_ms: 1200 } },
    ]);
  });

  it('shows a member the test disabled with the reason, and never calls it', async () => {
    const fetchMock = mockLeadsApi({ 'GET /api/me': { body: { ...ME, role: 'member' } }, 'GET /api/integrations': { body: { items: UNCONFIGURED } } });
    renderApp('/integrations');
    const storage = within(await card('File storage'));
    const blocked = storage.getByRole('button', { name: /^Test connection to File storage: Only owners and admins/ });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(blocked);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(await screen.findAllByText(/Only owners and admins can test connections/)).not.toHaveLength(0);
  });
});
