import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { FakeWebSocket } from '@/test/fake-websocket';
import { ME, mockApi, SIGNED_IN_SESSION } from '@/test/mock-api';
import { queryKeys } from '@/lib/query-keys';
import { LiveTranscriptionPanel, type LiveTranscriptionPanelProps } from './live-transcription-panel';

/** The shared fake plus what the transcription stream needs: send (pings) and an error event. */
class StreamSocket extends FakeWebSocket {
  onerror: (() => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  override close(code?: number) {
    this.closedWith = code;
    super.close();
  }
  /** The connection fails: error, then an abnormal close. */
  fail() {
    this.onerror?.();
    this.drop();
  }
}

const POLL_URL = 'GET /api/calls/by-sid/CA1/transcriptions?limit=50';
type Chunk = { id: string; call_sid: string; transcript: string; timestamp: string; confidence: number; speaker: 'agent' | 'lead'; is_partial: boolean };
const chunk = (id: string, speaker: 'agent' | 'lead', transcript: string, extra: Partial<Chunk> = {}): Chunk => ({
  id, call_sid: 'CA1', transcript, timestamp: new Date().toISOString(), confidence: 0.95, speaker, is_partial: false, ...extra,
});

let polled: Chunk[] = [];
beforeEach(() => {
  vi.stubGlobal('WebSocket', StreamSocket);
  polled = [];
  mockApi({
    'GET /api/auth/get-session': { body: SIGNED_IN_SESSION },
    'GET /api/me': { body: ME },
    [POLL_URL]: () => ({ body: { items: polled } }),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function renderPanel(props: Partial<LiveTranscriptionPanelProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all = { callSid: 'CA1', active: true, ...props };
  const view = render(
    <AppProviders client={client}>
      <LiveTranscriptionPanel {...all} />
    </AppProviders>,
  );
  return {
    ...view,
    client,
    rerenderPanel: (next: Partial<LiveTranscriptionPanelProps>) =>
      view.rerender(
        <AppProviders client={client}>
          <LiveTranscriptionPanel {...all} {...next} />
        </AppProviders>,
      ),
  };
}

async function openSocket(): Promise<StreamSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.instances[0] as StreamSocket;
  act(() => socket.open());
  return socket;
}

const send = (socket: StreamSocket, ...chunks: Chunk[]) => act(() => chunks.forEach((c) => socket.receive({ type: 'transcription', ...c })));
const status = () => screen.getByTestId('transcription-status');
const items = () => within(screen.getByRole('list', { name: 'Live transcript' })).getAllByRole('listitem');
const region = () => screen.getByRole('region', { name: 'Transcript' });

/** jsdom has no layout: give the transcript box a height, a content height and a scroll position. */
function layout(element: HTMLElement, box: { scrollHeight: number; clientHeight: number }) {
  let top = 0;
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => box.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => box.clientHeight });
  Object.defineProperty(element, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => (top = Math.max(0, Math.min(value, box.scrollHeight - box.clientHeight))) });
  return {
    userScrollTo(value: number) {
      element.scrollTop = value;
      fireEvent.scroll(element);
    },
    get top() {
      return top;
    },
  };
}

/** A live stream with one agent line in a transcript box of the given size. */
async function streamWithLayout(box: { scrollHeight: number; clientHeight: number }) {
  renderPanel();
  const socket = await openSocket();
  const scroller = layout(region(), box);
  send(socket, chunk('a1', 'agent', 'Hello there, is this Ana?'));
  await waitFor(() => expect(items()).toHaveLength(1));
  return { socket, box, scroller };
}

describe('LiveTranscriptionPanel', () => {
  it('connects to the stream of the call with the organization and shows the connecting and listening states', async () => {
    renderPanel();
    expect(status()).toHaveTextContent('Connecting...');
    expect(screen.getByText('Connecting to transcription...')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.instances[0]!.url).toBe(`ws://${window.location.host}/api/transcription-stream?callSid=CA1&organizationId=org-1`);
    act(() => FakeWebSocket.instances[0]!.open());
    expect(status()).toHaveTextContent('Live Stream (0)');
    expect(screen.getByText('Listening for conversation...')).toBeInTheDocument();
    expect(screen.getByText('0 messages')).toBeInTheDocument();
  });

  it('shows Inactive and never connects when the call is not active or its id is temporary', async () => {
    const { client, rerenderPanel } = renderPanel({ active: false });
    expect(status()).toHaveTextContent('Inactive');
    expect(screen.getByText('Listening for conversation...')).toBeInTheDocument();
    rerenderPanel({ active: true, callSid: 'temp_1700000000' });
    rerenderPanel({ active: true, callSid: 'pending_abc' });
    // The stream opens once the session and the organization are known: wait for that, not for a while.
    await waitFor(() => expect(client.getQueryState(queryKeys.me)?.status).toBe('success'));
    await waitFor(() => expect(client.getQueryState(queryKeys.session)?.status).toBe('success'));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(status()).toHaveTextContent('Inactive');
  });

  it('puts the agent on the right and the lead on the left with confidence, tag, time and short id', async () => {
    renderPanel();
    const socket = await openSocket();
    send(
      socket,
      chunk('agentmsg-1234-abcd', 'agent', 'Hi, is this Ana?', { confidence: 0.93 }),
      chunk('leadmsg9-5678-efgh', 'lead', 'Yes, who is', { confidence: 0.72, is_partial: true }),
    );
    await waitFor(() => expect(status()).toHaveTextContent('Live Stream (2)'));
    const [agent, lead] = items();
    expect(agent).toHaveAttribute('data-speaker', 'agent');
    expect(agent).toHaveClass('justify-end');
    expect(within(agent!).getByText('Agent')).toBeInTheDocument();
    expect(within(agent!).getByText('93%')).toHaveAttribute('data-tone', 'success');
    expect(within(agent!).getByText('Final')).toBeInTheDocument();
    expect(within(agent!).getByText('agentmsg')).toBeInTheDocument();
    expect(within(agent!).getByText('just now')).toBeInTheDocument();
    expect(within(agent!).getByText('Hi, is this Ana?')).toBeInTheDocument();
    expect(lead).toHaveAttribute('data-speaker', 'lead');
    expect(lead).toHaveClass('justify-start');
    expect(within(lead!).getByText('Lead')).toBeInTheDocument();
    expect(within(lead!).getByText('72%')).toHaveAttribute('data-tone', 'warning');
    expect(within(lead!).getByText('Live')).toBeInTheDocument();
    expect(within(lead!).getByText('leadmsg9')).toBeInTheDocument();
    expect(screen.getByText('2 messages')).toBeInTheDocument();

    // The interim piece is merged into its final line; a low-confidence stream chunk is dropped.
    send(socket, chunk('leadmsg9-final', 'lead', 'Yes, who is calling?', { confidence: 0.55 }), chunk('noise', 'lead', 'mumbling there', { confidence: 0.1 }));
    await waitFor(() => expect(within(items()[1]!).getByText('Yes, who is calling?')).toBeInTheDocument());
    expect(items()).toHaveLength(2);
    expect(within(items()[1]!).getByText('55%')).toHaveAttribute('data-tone', 'destructive');
    expect(within(items()[1]!).getByText('Final')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Live Stream (3)');
  });

  it('switches to Database Sync after a stream error and keeps receiving chunks through polling', async () => {
    renderPanel();
    const socket = await openSocket();
    send(socket, chunk('a1', 'agent', 'Good morning'), chunk('l1', 'lead', 'Morning to you'));
    await waitFor(() => expect(status()).toHaveTextContent('Live Stream (2)'));
    polled = [chunk('a1', 'agent', 'Good morning'), chunk('l1', 'lead', 'Morning to you')];
    act(() => socket.fail());
    await waitFor(() => expect(status()).toHaveTextContent('Database Sync (2)'));
    // 'Connecting to database...' until the first poll answers.
    expect(await screen.findByText('Using database sync (WebSocket failed)')).toBeInTheDocument();
    polled = [...polled, chunk('l2', 'lead', 'What would you offer?')];
    await waitFor(() => expect(status()).toHaveTextContent('Database Sync (3)'));
    expect(within(items()[2]!).getByText('What would you offer?')).toBeInTheDocument();
    // Polled partial lines are never 'Live'.
    polled = [...polled, chunk('a2', 'agent', 'We could close in', { is_partial: true })];
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(within(items()[3]!).getByText('Partial')).toBeInTheDocument();
  });

  it('pauses auto-scroll when scrolled more than 50 px up, flags new messages below, and the toggle resumes it', async () => {
    const { socket, box, scroller } = await streamWithLayout({ scrollHeight: 1000, clientHeight: 400 });
    expect(scroller.top).toBe(600);
    expect(screen.getByRole('button', { name: 'Auto-scroll ON' })).toBeInTheDocument();

    scroller.userScrollTo(560); // 40 px from the bottom: still following
    expect(screen.getByText('Auto-scroll: ON')).toBeInTheDocument();
    expect(document.querySelector('[data-scroll-fade="top"]')).toBeInTheDocument();
    expect(document.querySelector('[data-scroll-fade="bottom"]')).toBeInTheDocument();

    scroller.userScrollTo(300);
    expect(screen.getByRole('button', { name: 'Auto-scroll OFF' })).toBeInTheDocument();
    expect(screen.getByText('Auto-scroll: OFF')).toBeInTheDocument();
    expect(screen.queryByText('New messages below')).not.toBeInTheDocument();

    box.scrollHeight = 1100;
    send(socket, chunk('l1', 'lead', 'Yes, speaking.'));
    expect(await screen.findByText('New messages below')).toBeInTheDocument();
    expect(scroller.top).toBe(300);

    scroller.userScrollTo(0);
    expect(document.querySelector('[data-scroll-fade="top"]')).not.toBeInTheDocument();
    expect(document.querySelector('[data-scroll-fade="bottom"]')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Auto-scroll OFF' }));
    expect(screen.getByRole('button', { name: 'Auto-scroll ON' })).toBeInTheDocument();
    expect(scroller.top).toBe(700);
    expect(screen.queryByText('New messages below')).not.toBeInTheDocument();
    expect(document.querySelector('[data-scroll-fade="bottom"]')).not.toBeInTheDocument();
  });

  it('scroll to bottom jumps down and clears the new-messages flag', async () => {
    const { socket, box, scroller } = await streamWithLayout({ scrollHeight: 800, clientHeight: 400 });
    scroller.userScrollTo(0);
    box.scrollHeight = 900;
    send(socket, chunk('l1', 'lead', 'Who is this?'));
    await userEvent.click(await screen.findByRole('button', { name: 'New messages below' }));
    expect(scroller.top).toBe(500);
    expect(screen.queryByText('New messages below')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scroll to bottom' }));
    expect(scroller.top).toBe(500);
  });

  it('shows the debug panel with connection, messages, activity, error, performance and diagnostics', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onTestScenario = vi.fn();
    const onClearResponseScripts = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel({ coachingStatus: 'active', onTestScenario, onClearResponseScripts });
    const socket = await openSocket();
    send(socket, chunk('a1', 'agent', 'Good morning'), chunk('l1', 'lead', 'Morning'));
    await waitFor(() => expect(status()).toHaveTextContent('Live Stream (2)'));

    expect(screen.queryByRole('region', { name: 'Transcription debug' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Debug' }));
    const debug = screen.getByRole('region', { name: 'Transcription debug' });
    const field = (label: string) => within(debug).getByText(label).nextElementSibling;
    expect(field('Connection')).toHaveTextContent('WebSocket');
    expect(field('Messages')).toHaveTextContent('2');
    expect(field('Last activity')).toHaveTextContent(/^[01]s ago$/);
    expect(field('Error')).toHaveTextContent('None');
    expect(field('Performance')).toHaveTextContent('Real-time');
    expect(field('AI Coaching')).toHaveTextContent('Active');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(field('Transcription')).toHaveTextContent('Active');
    expect(field('Last activity')).toHaveTextContent(/^\ds ago$/);

    await user.click(within(debug).getByRole('button', { name: 'Price' }));
    await user.click(within(debug).getByRole('button', { name: 'Timing' }));
    await user.click(within(debug).getByRole('button', { name: 'Trust' }));
    expect(onTestScenario.mock.calls).toEqual([['price'], ['timing'], ['trust']]);
    await user.click(within(debug).getByRole('button', { name: 'Clear Response Scripts' }));
    expect(onClearResponseScripts).toHaveBeenCalledTimes(1);

    act(() => socket.fail());
    await waitFor(() => expect(field('Connection')).toHaveTextContent('Database Fallback'));
    expect(field('Error')).toHaveTextContent('Stream connection error');
    expect(field('Performance')).toHaveTextContent('Delayed');
  });

  it('starts transcription diagnostics 2 s after the call became active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel();
    await openSocket();
    await user.click(screen.getByRole('button', { name: 'Debug' }));
    const debug = screen.getByRole('region', { name: 'Transcription debug' });
    const field = (label: string) => within(debug).getByText(label).nextElementSibling;
    expect(field('Transcription')).toHaveTextContent('Starting');
    expect(field('AI Coaching')).toHaveTextContent('Inactive');
    expect(within(debug).getByRole('button', { name: 'Price' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(field('Transcription')).toHaveTextContent('Active');
  });

  it('Refresh drops the stream, waits 500 ms and reconnects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel();
    const socket = await openSocket();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(socket.closedWith).toBe(1000);
    expect(status()).toHaveTextContent('Connecting...');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reports the lines and each final line once, and clears them when the call stops', async () => {
    const onLines = vi.fn();
    const onFinalLine = vi.fn();
    const { rerenderPanel } = renderPanel({ onLines, onFinalLine });
    const socket = await openSocket();
    send(socket, chunk('l1', 'lead', 'How much would you', { is_partial: true }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(onFinalLine).not.toHaveBeenCalled();
    send(socket, chunk('l2', 'lead', 'How much would you pay?'), chunk('a1', 'agent', 'Let me look'));
    await waitFor(() => expect(onFinalLine).toHaveBeenCalledTimes(2));
    const linesBefore = onLines.mock.calls.length;
    send(socket, chunk('a1', 'agent', 'Let me look'));
    // The repeated line is in once its batch is flushed and the lines are reported again.
    await waitFor(() => expect(onLines.mock.calls.length).toBeGreaterThan(linesBefore));
    expect(onFinalLine.mock.calls.map(([line]) => [line.speaker, line.text])).toEqual([['lead', 'How much would you pay?'], ['agent', 'Let me look']]);
    expect(onLines).toHaveBeenLastCalledWith([expect.objectContaining({ messageId: 'l2', isFinal: true }), expect.objectContaining({ messageId: 'a1' })]);

    rerenderPanel({ active: false });
    expect(socket.closedWith).toBe(1000);
    expect(status()).toHaveTextContent('Inactive');
    expect(screen.queryByRole('list', { name: 'Live transcript' })).not.toBeInTheDocument();
    expect(onLines).toHaveBeenLastCalledWith([]);
  });

  it('shows the coaching card beside the transcript', () => {
    renderPanel({ active: false, coaching: <section aria-label="AI Live Coaching">Analyzing conversation...</section> });
    expect(screen.getByRole('region', { name: 'AI Live Coaching' })).toHaveTextContent('Analyzing conversation...');
  });
});
