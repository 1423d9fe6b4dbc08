import { DEFAULT_AI_INTEGRATION, TEST_SCENARIOS, type CoachingSuggestionsResponse } from '@wholesail/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { AiCoachingCard } from './ai-coaching-card';
import { useLiveCoaching, type CoachingLine, type LiveCoaching, type LiveCoachingOptions } from './use-live-coaching';

type Routes = Parameters<typeof mockApi>[0];

const LEAD_ID = '4f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f';
const SERVER: CoachingSuggestionsResponse = {
  suggestions: [{ text: 'Ask what they would do with the money from the sale.', priority: 'medium', type: 'strategic_coaching', confidence: 0.7, rationale: 'Uncovers motivation.' }],
  intelligence: null,
  source: 'llm',
  llm: 'configured',
};

function routes(overrides: Routes = {}, coaching = true): Routes {
  return {
    'GET /api/organization/settings': { body: { aiIntegration: { ...DEFAULT_AI_INTEGRATION, enableRealTimeCoaching: coaching } } },
    'POST /api/coaching/suggestions': { body: SERVER },
    'POST /api/coaching/scripts': { body: { response_scripts: [] } },
    ...overrides,
  };
}

let coaching: LiveCoaching;

function Harness({ onUseScript, ...options }: LiveCoachingOptions & { onUseScript?: (text: string) => void }) {
  coaching = useLiveCoaching(options);
  return (
    <>
      <span data-testid="status">{coaching.status}</span>
      <AiCoachingCard messages={coaching.messages} analyzing={coaching.analyzing} onUseScript={onUseScript} />
    </>
  );
}

function renderCoaching(options: Partial<LiveCoachingOptions> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const props: LiveCoachingOptions = { callSid: 'CA123', leadId: LEAD_ID, callStatus: 'active', ...options };
  const view = render(
    <AppProviders client={client}>
      <Harness {...props} />
    </AppProviders>,
  );
  const rerender = (next: Partial<LiveCoachingOptions>) =>
    view.rerender(
      <AppProviders client={client}>
        <Harness {...props} {...next} />
      </AppProviders>,
    );
  return { ...view, rerender };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets answered requests land, and the toasts they raise render. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await wait(10);
}
const say = (line: Partial<CoachingLine> & { text: string }) => act(() => coaching.addFinalLine({ speaker: 'lead', timestamp: Date.now(), isFinal: true, ...line }));

function coachingCalls(fetchMock: ReturnType<typeof mockApi>, path = '/api/coaching/suggestions') {
  return fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

const PRICE_LINE = 'Honestly I think the house is worth more than that';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe('useLiveCoaching', () => {
  it('shows the price suggestion at once, then asks the server once 800 ms after the last lead line', async () => {
    const fetchMock = mockApi(routes());
    renderCoaching();
    await wait(0);

    await say({ speaker: 'agent', text: 'Hi, this is Sam from Acme Home Buyers.' });
    await say({ text: 'Hello, what is this about?' });
    await say({ speaker: 'agent', text: 'I am calling about your house on Oak Street.' });
    await say({ text: 'I might sell it' });
    await wait(500);
    await say({ speaker: 'agent', text: 'What would you hope to get for it?' });
    await say({ text: 'ignored partial', isFinal: false });
    await say({ text: '   ' });
    await say({ text: PRICE_LINE });

    // The instant pattern: a high-priority response script at 0.9.
    expect(screen.getByText('Response Script')).toBeInTheDocument();
    expect(screen.getByText('High Priority')).toBeInTheDocument();
    expect(screen.getByText('90%')).toBeInTheDocument();
    expect(screen.getByText(/the price has to work for you/)).toBeInTheDocument();

    await wait(799);
    expect(coachingCalls(fetchMock)).toHaveLength(0);
    await wait(1);
    const bodies = coachingCalls(fetchMock);
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.callStatus).toBe('active');
    expect(body.callSid).toBe('CA123');
    expect(body.leadId).toBe(LEAD_ID);
    expect((body.transcript as { text: string }[]).map((entry) => entry.text)).toEqual([
      'Hello, what is this about?',
      'I am calling about your house on Oak Street.',
      'I might sell it',
      'What would you hope to get for it?',
      PRICE_LINE,
    ]);
    expect(body.conversationHistory).toHaveLength(6);
    expect((body.transcript as { speaker: string }[]).map((entry) => entry.speaker)).toEqual(['lead', 'agent', 'lead', 'agent', 'lead']);

    const scripts = coachingCalls(fetchMock, '/api/coaching/scripts');
    expect(scripts).toHaveLength(1);
    expect((scripts[0]!.messages as unknown[]).length).toBe(3);

    await settle();
    // The server's suggestion is now the one on show, with the pattern one behind it.
    expect(screen.getByText(SERVER.suggestions[0]!.text)).toBeInTheDocument();
    expect(screen.getByText('Strategic Coaching')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
  });

  it('sends callStatus connecting while the call rings, and nothing for agent lines', async () => {
    const fetchMock = mockApi(routes());
    renderCoaching({ callStatus: 'connecting' });
    await wait(0);
    await say({ speaker: 'agent', text: 'Is now a good time to talk about the price?' });
    await wait(1000);
    expect(coachingCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByText('AI coaching will appear here as the conversation progresses')).toBeInTheDocument();

    await say({ speaker: 'prospect', text: 'Sure, go ahead' });
    await wait(800);
    expect(coachingCalls(fetchMock)).toEqual([expect.objectContaining({ callStatus: 'connecting' })]);
  });

  it('keeps the pattern suggestion and shows no error when the server fails (429)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockApi(
      routes({
        'POST /api/coaching/suggestions': { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } } },
        'POST /api/coaching/scripts': { status: 402, body: { error: { code: 'PAYMENT_REQUIRED', message: 'AI credits exhausted' } } },
      }),
    );
    renderCoaching();
    await wait(0);
    await say({ text: PRICE_LINE });
    await wait(800);
    await settle();
    expect(coachingCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByText(/the price has to work for you/)).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('error');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Too many requests')).not.toBeInTheDocument();
    expect(screen.queryByText('AI credits exhausted')).not.toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('does not show the same suggestion twice', async () => {
    mockApi(routes({ 'POST /api/coaching/suggestions': { body: { ...SERVER, suggestions: [] } } }));
    renderCoaching();
    await wait(0);
    await say({ text: PRICE_LINE });
    await say({ text: 'Is that really your best offer?' });
    await wait(1000);
    expect(coaching.messages).toHaveLength(1);
    expect(screen.queryByText('1 / 2')).not.toBeInTheDocument();
  });

  it('answers the same transcript from the 60 s cache', async () => {
    const fetchMock = mockApi(routes());
    renderCoaching();
    await wait(0);
    // The same words at the same moment, over and over: from the fifth on, the last 5 entries are alike.
    const repeat = async () => {
      await say({ text: 'Hello?', timestamp: 1000 });
      await wait(800);
      await settle();
    };
    for (let i = 0; i < 5; i += 1) await repeat();
    expect(coachingCalls(fetchMock)).toHaveLength(5);
    await repeat();
    expect(coachingCalls(fetchMock)).toHaveLength(5);
    await wait(60_000);
    await repeat();
    expect(coachingCalls(fetchMock)).toHaveLength(6);
  });

  it('keeps the 15 newest coaching messages', async () => {
    let n = 0;
    mockApi(routes({ 'POST /api/coaching/suggestions': () => ({ body: { ...SERVER, suggestions: [{ ...SERVER.suggestions[0]!, text: `Server suggestion number ${++n}` }] } }) }));
    renderCoaching();
    await wait(0);
    for (let i = 1; i <= 16; i += 1) {
      await say({ text: `Lead line ${i}` });
      await wait(800);
      await settle();
    }
    expect(coaching.messages).toHaveLength(15);
    expect(coaching.current?.text).toBe('Server suggestion number 16');
    expect(screen.getByText('1 / 15')).toBeInTheDocument();
  });

  it('alerts on a do-not-call request and reports it once per call', async () => {
    mockApi(routes());
    const onDoNotCall = vi.fn();
    renderCoaching({ onDoNotCall });
    await wait(0);
    await say({ text: 'Please stop calling me.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Objection Alert');
    expect(screen.getByRole('alert')).toHaveTextContent('High Priority');
    expect(onDoNotCall).toHaveBeenCalledTimes(1);
    await say({ text: 'Take me off your list!' });
    expect(onDoNotCall).toHaveBeenCalledTimes(1);
  });

  it('toasts once and asks nothing when the organization turned coaching off', async () => {
    const fetchMock = mockApi(routes({}, false));
    const onDoNotCall = vi.fn();
    const view = renderCoaching({ callStatus: null, onDoNotCall });
    await wait(0);
    view.rerender({ callStatus: 'connecting', onDoNotCall });
    await wait(0);
    expect(screen.getByText('Real-time coaching is disabled')).toBeInTheDocument();
    view.rerender({ callStatus: 'active', onDoNotCall });
    await say({ text: PRICE_LINE });
    await say({ text: "Don't call me again" });
    await act(() => coaching.runTestScenario('timing'));
    await wait(2000);

    expect(screen.getAllByText('Real-time coaching is disabled')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/coaching'))).toHaveLength(0);
    expect(screen.getByText('AI coaching will appear here as the conversation progresses')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('inactive');
    // Compliance still hears the request.
    expect(onDoNotCall).toHaveBeenCalledTimes(1);
  });

  it('stops coaching for the call on 403 COACHING_DISABLED', async () => {
    const fetchMock = mockApi(
      routes({ 'POST /api/coaching/suggestions': { status: 403, body: { error: { code: 'COACHING_DISABLED', message: 'Real-time coaching is disabled' } } } }),
    );
    renderCoaching();
    await wait(0);
    await say({ text: PRICE_LINE });
    await wait(800);
    await settle();
    expect(screen.getByTestId('status')).toHaveTextContent('inactive');
    expect(screen.getByText('Real-time coaching is disabled')).toBeInTheDocument();
    await say({ text: 'When could you close?' });
    await wait(1000);
    expect(coachingCalls(fetchMock)).toHaveLength(1);
  });

  it('runs a test scenario at once with test: true, and clears response scripts', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/coaching/suggestions': { body: { ...SERVER, suggestions: [] } },
        'POST /api/coaching/scripts': {
          body: { response_scripts: [{ id: 's1', response_script: 'We can close on the date you choose, as soon as next week.', confidence: 0.82, type: 'response_script', generated_at: '2026-01-01T00:00:00Z' }] },
        },
      }),
    );
    renderCoaching();
    await wait(0);
    await act(() => coaching.runTestScenario('timing'));
    expect(coachingCalls(fetchMock)).toEqual([expect.objectContaining({ test: true, transcript: [expect.objectContaining({ speaker: 'lead', text: TEST_SCENARIOS.timing })] })]);
    await settle();
    expect(screen.getByText('We can close on the date you choose, as soon as next week.')).toBeInTheDocument();
    expect(screen.getByText('82%')).toBeInTheDocument();
    await act(() => coaching.clearScripts());
    expect(screen.queryByText('We can close on the date you choose, as soon as next week.')).not.toBeInTheDocument();
    expect(screen.getByText(/close in 7-14 days/)).toBeInTheDocument();
  });

  it('starts a fresh conversation for the next call and sends nothing after the call ends', async () => {
    const fetchMock = mockApi(routes());
    const onDoNotCall = vi.fn();
    const view = renderCoaching({ onDoNotCall });
    await wait(0);
    await say({ text: 'Stop calling me' });
    view.rerender({ callStatus: null, onDoNotCall });
    await wait(1000);
    expect(coachingCalls(fetchMock)).toHaveLength(0);
    await say({ text: PRICE_LINE });
    expect(screen.queryByText(/the price has to work for you/)).not.toBeInTheDocument();

    view.rerender({ callStatus: 'connecting', onDoNotCall });
    expect(screen.getByText('AI coaching will appear here as the conversation progresses')).toBeInTheDocument();
    await say({ text: 'Stop calling me' });
    expect(onDoNotCall).toHaveBeenCalledTimes(2);
  });
});
