import { act, renderHook } from '@testing-library/react';
import type { VoiceToken } from '@wholesail/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { useVoiceDevice } from './use-voice-device';
import { VOICE_NOT_READY_MESSAGE, voiceDevice } from './voice-device';

const { apiRequest, toast, FakeDevice } = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;

  /** The on/emit half of the SDK's EventEmitter. */
  class Emitter {
    private readonly listeners = new Map<string, Listener[]>();
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
  }

  class FakeCall extends Emitter {
    readonly muted: boolean[] = [];
    readonly digits: string[] = [];
    disconnects = 0;
    mute(muted: boolean) {
      this.muted.push(muted);
    }
    sendDigits(digits: string) {
      this.digits.push(digits);
    }
    disconnect() {
      this.disconnects += 1;
    }
  }

  class FakeDevice extends Emitter {
    static instances: FakeDevice[] = [];
    readonly updatedTokens: string[] = [];
    readonly connections: Array<{ options: unknown; call: FakeCall }> = [];
    destroyed = false;
    constructor(
      readonly token: string,
      readonly options: unknown,
    ) {
      super();
      FakeDevice.instances.push(this);
    }
    updateToken(token: string) {
      this.updatedTokens.push(token);
    }
    async connect(options: unknown) {
      const call = new FakeCall();
      this.connections.push({ options, call });
      return call;
    }
    destroy() {
      this.destroyed = true;
    }
  }

  return {
    apiRequest: vi.fn(),
    toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
    FakeDevice,
  };
});

vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), apiRequest }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@twilio/voice-sdk', () => ({ Device: FakeDevice, Call: { Codec: { Opus: 'opus', PCMU: 'pcmu' } } }));

const TOKEN_PATH = '/api/voice/token';
const DEMO: VoiceToken = { provider: 'demo', identity: 'user_1', token: null, expires_at: null };
const twilioToken = (token: string): VoiceToken => ({ provider: 'twilio', identity: 'user_1', token, expires_at: '2099-01-01T00:00:00.000Z' });
const serverError = () => new ApiError(500, 'HTTP_500', 'The server had a problem. Please try again.');
const MINUTE = 60_000;

type TokenReply = VoiceToken | Error;

/** The token endpoint answers with `replies` in order, repeating the last one; other paths answer null. */
function tokenEndpoint(...replies: TokenReply[]) {
  let index = 0;
  apiRequest.mockImplementation(async (path: string) => {
    if (path !== TOKEN_PATH) return null;
    const reply = replies[Math.min(index, replies.length - 1)];
    index += 1;
    if (reply instanceof Error) throw reply;
    return reply;
  });
}

const tokenFetches = () => apiRequest.mock.calls.filter(([path]) => path === TOKEN_PATH).length;
const errorToasts = () => toast.error.mock.calls;
const onlyDevice = () => {
  expect(FakeDevice.instances).toHaveLength(1);
  return FakeDevice.instances[0]!;
};

beforeEach(() => {
  vi.useFakeTimers();
  apiRequest.mockReset();
  toast.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
  FakeDevice.instances = [];
});

afterEach(() => {
  voiceDevice.reset();
  vi.useRealTimers();
});

describe('initialization', () => {
  it('opens the demo line without the SDK and toasts "Voice system ready"', async () => {
    tokenEndpoint(DEMO);
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'uninitialized', provider: null, error: null });

    const done = voiceDevice.initialize();
    expect(voiceDevice.getSnapshot().status).toBe('initializing');
    await done;

    expect(voiceDevice.getSnapshot()).toEqual({ status: 'ready', provider: 'demo', error: null });
    expect(apiRequest).toHaveBeenCalledWith(TOKEN_PATH, { method: 'POST' });
    expect(toast.success.mock.calls).toEqual([['Voice system ready']]);
    expect(FakeDevice.instances).toHaveLength(0);
  });

  it('is not re-initialised while initializing or once ready', async () => {
    tokenEndpoint(DEMO);
    const first = voiceDevice.initialize();
    const second = voiceDevice.initialize();
    await Promise.all([first, second]);
    await voiceDevice.initialize();

    expect(tokenFetches()).toBe(1);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('retries after 1 s, 2 s and 4 s, then reports "Voice system unavailable"', async () => {
    tokenEndpoint(serverError());
    await voiceDevice.initialize();
    expect(tokenFetches()).toBe(1);
    expect(errorToasts()).toEqual([['Connection issue', { description: 'Retrying in 1s... (Attempt 2/4)' }]]);

    await vi.advanceTimersByTimeAsync(999);
    expect(tokenFetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenFetches()).toBe(2);
    expect(errorToasts()).toHaveLength(2);
    expect(errorToasts()[1]).toEqual(['Connection issue', { description: 'Retrying in 2s... (Attempt 3/4)' }]);

    await vi.advanceTimersByTimeAsync(1999);
    expect(tokenFetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenFetches()).toBe(3);
    expect(errorToasts()[2]).toEqual(['Connection issue', { description: 'Retrying in 4s... (Attempt 4/4)' }]);
    expect(voiceDevice.getSnapshot().status).toBe('initializing');

    await vi.advanceTimersByTimeAsync(3999);
    expect(tokenFetches()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenFetches()).toBe(4);
    expect(errorToasts()).toEqual([
      ['Connection issue', { description: 'Retrying in 1s... (Attempt 2/4)' }],
      ['Connection issue', { description: 'Retrying in 2s... (Attempt 3/4)' }],
      ['Connection issue', { description: 'Retrying in 4s... (Attempt 4/4)' }],
      ['Voice system unavailable', { description: 'Could not initialize voice calling. Please refresh the page.' }],
    ]);
    expect(voiceDevice.getSnapshot()).toEqual({
      status: 'error',
      provider: null,
      error: 'Could not initialize voice calling. Please refresh the page.',
    });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(tokenFetches()).toBe(4);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('becomes ready when a retry succeeds', async () => {
    tokenEndpoint(serverError(), DEMO);
    await voiceDevice.initialize();
    await vi.advanceTimersByTimeAsync(1000);

    expect(voiceDevice.getSnapshot()).toEqual({ status: 'ready', provider: 'demo', error: null });
    expect(toast.success.mock.calls).toEqual([['Voice system ready']]);
    expect(errorToasts()).toHaveLength(1);
  });

  it.each([
    ['the TWILIO_NOT_CONFIGURED code', new ApiError(503, 'TWILIO_NOT_CONFIGURED', 'Service unavailable')],
    ['a message about missing credentials', new ApiError(503, 'HTTP_503', 'Voice calling requires Twilio configuration: missing Twilio credentials on the server')],
  ])('stops without retrying on %s', async (_label, error) => {
    tokenEndpoint(error);
    await voiceDevice.initialize();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(tokenFetches()).toBe(1);
    expect(errorToasts()).toEqual([['Configuration Required', { description: 'Voice calling requires Twilio configuration' }]]);
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'error', provider: null, error: 'Voice calling requires Twilio configuration' });
  });
});

describe('Twilio line', () => {
  it('creates the Device with the token and the codec, close-protection and log options', async () => {
    tokenEndpoint(twilioToken('token-1'));
    await voiceDevice.initialize();

    const device = onlyDevice();
    expect(device.token).toBe('token-1');
    expect(device.options).toEqual({ codecPreferences: ['opus', 'pcmu'], closeProtection: true, logLevel: 'error' });
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'ready', provider: 'twilio', error: null });
    expect(toast.success.mock.calls).toEqual([['Voice system ready']]);
  });

  it('refreshes the token 50 minutes after it was issued, checking every minute', async () => {
    tokenEndpoint(twilioToken('token-1'), twilioToken('token-2'), twilioToken('token-3'));
    await voiceDevice.initialize();
    const device = onlyDevice();

    await vi.advanceTimersByTimeAsync(49 * MINUTE);
    expect(tokenFetches()).toBe(1);
    expect(device.updatedTokens).toEqual([]);

    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(tokenFetches()).toBe(2);
    expect(device.updatedTokens).toEqual(['token-2']);

    // The clock restarts with the new token.
    await vi.advanceTimersByTimeAsync(49 * MINUTE);
    expect(device.updatedTokens).toEqual(['token-2']);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(device.updatedTokens).toEqual(['token-2', 'token-3']);
    expect(FakeDevice.instances).toHaveLength(1);
    expect(voiceDevice.getSnapshot().status).toBe('ready');
  });

  it("refreshes the token on the SDK's 'tokenWillExpire'", async () => {
    tokenEndpoint(twilioToken('token-1'), twilioToken('token-2'));
    await voiceDevice.initialize();
    const device = onlyDevice();

    device.emit('tokenWillExpire', device);
    await vi.advanceTimersByTimeAsync(0);

    expect(device.updatedTokens).toEqual(['token-2']);
  });

  it('reports "Voice system connection lost" when the refresh fails 4 times', async () => {
    tokenEndpoint(twilioToken('token-1'), serverError());
    await voiceDevice.initialize();
    const device = onlyDevice();

    await vi.advanceTimersByTimeAsync(50 * MINUTE);
    expect(tokenFetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tokenFetches()).toBe(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(tokenFetches()).toBe(4);
    expect(voiceDevice.getSnapshot().status).toBe('ready');
    expect(errorToasts()).toEqual([]);

    await vi.advanceTimersByTimeAsync(4000);
    expect(tokenFetches()).toBe(5);
    expect(errorToasts()).toEqual([['Connection issue', { description: 'Voice system connection lost. Please refresh the page.' }]]);
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'error', provider: 'twilio', error: 'Voice system connection lost. Please refresh the page.' });
    expect(device.updatedTokens).toEqual([]);

    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(tokenFetches()).toBe(5);
    await expect(voiceDevice.connect({ callId: 'c', leadId: 'l', to: '+15550001111', from: '+15550002222' })).rejects.toThrow(VOICE_NOT_READY_MESSAGE);
  });

  it("toasts 'Voice system error' on a device error", async () => {
    tokenEndpoint(twilioToken('token-1'));
    await voiceDevice.initialize();

    onlyDevice().emit('error', new Error('Signaling connection error'));

    expect(errorToasts()).toEqual([['Voice system error', { description: 'Signaling connection error' }]]);
  });

  it('places the call with the approved params and drives the SDK call', async () => {
    tokenEndpoint(twilioToken('token-1'));
    await voiceDevice.initialize();
    const device = onlyDevice();

    const call = await voiceDevice.connect({ callId: 'call-1', leadId: 'lead-1', to: '+15550001111', from: '+15550002222' });
    expect(device.connections).toHaveLength(1);
    const { options, call: sdkCall } = device.connections[0]!;
    expect(options).toEqual({ params: { To: '+15550001111', call_id: 'call-1', lead_id: 'lead-1', from_e164: '+15550002222' } });

    await call.mute(true);
    await call.sendDigits('9');
    await call.hangup();
    expect(sdkCall.muted).toEqual([true]);
    expect(sdkCall.digits).toEqual(['9']);
    expect(sdkCall.disconnects).toBe(1);
    expect(apiRequest.mock.calls.map(([path]) => path)).toEqual([TOKEN_PATH]);

    const onError = vi.fn();
    const onDisconnect = vi.fn();
    call.onError(onError);
    call.onDisconnect(onDisconnect);
    const failure = new Error('Connection declined');
    sdkCall.emit('error', failure);
    expect(onError).toHaveBeenCalledWith(failure);
    sdkCall.emit('cancel');
    sdkCall.emit('disconnect', sdkCall);
    expect(onDisconnect).toHaveBeenCalledTimes(1);
  });

  it.each(['disconnect', 'cancel', 'reject'])("ends the call on the SDK's '%s'", async (event) => {
    tokenEndpoint(twilioToken('token-1'));
    await voiceDevice.initialize();
    const call = await voiceDevice.connect({ callId: 'call-1', leadId: 'lead-1', to: '+15550001111', from: '+15550002222' });
    const onDisconnect = vi.fn();
    call.onDisconnect(onDisconnect);

    onlyDevice().connections[0]!.call.emit(event);

    expect(onDisconnect).toHaveBeenCalledTimes(1);
  });

  it('destroys the Device on reset', async () => {
    tokenEndpoint(twilioToken('token-1'));
    await voiceDevice.initialize();
    voiceDevice.reset();

    expect(onlyDevice().destroyed).toBe(true);
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'uninitialized', provider: null, error: null });
  });
});

describe('network', () => {
  it("toasts 'Network offline' when the browser goes offline", async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();

    window.dispatchEvent(new Event('offline'));

    expect(errorToasts()).toEqual([['Network offline', { description: 'Voice calls unavailable until connection restored' }]]);
  });

  it('ignores the network returning while ready', async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(toast).not.toHaveBeenCalled();
    expect(tokenFetches()).toBe(1);
  });

  it("re-initializes from 'error' when the network returns", async () => {
    tokenEndpoint(serverError(), serverError(), serverError(), serverError(), DEMO);
    await voiceDevice.initialize();
    await vi.advanceTimersByTimeAsync(7000);
    expect(voiceDevice.getSnapshot().status).toBe('error');

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(toast.mock.calls).toEqual([['Network restored', { description: 'Reconnecting voice system...' }]]);
    expect(tokenFetches()).toBe(5);
    expect(voiceDevice.getSnapshot()).toEqual({ status: 'ready', provider: 'demo', error: null });
    expect(toast.success.mock.calls).toEqual([['Voice system ready']]);
  });

  it('starts the retries over when re-initializing', async () => {
    tokenEndpoint(serverError());
    await voiceDevice.initialize();
    await vi.advanceTimersByTimeAsync(7000);
    toast.error.mockClear();

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(voiceDevice.getSnapshot().status).toBe('initializing');
    expect(errorToasts()).toEqual([['Connection issue', { description: 'Retrying in 1s... (Attempt 2/4)' }]]);
  });

  it('stops listening to the network after reset', async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();
    voiceDevice.reset();

    window.dispatchEvent(new Event('offline'));

    expect(errorToasts()).toEqual([]);
  });
});

describe('connect', () => {
  const params = { callId: 'call-1', leadId: 'lead-1', to: '+15550001111', from: '+15550002222' };

  it('refuses before the device is ready', async () => {
    await expect(voiceDevice.connect(params)).rejects.toThrow(VOICE_NOT_READY_MESSAGE);
    expect(VOICE_NOT_READY_MESSAGE).toBe('Voice system not ready. Please wait or refresh the page.');

    apiRequest.mockReturnValue(new Promise(() => {}));
    void voiceDevice.initialize();
    await expect(voiceDevice.connect(params)).rejects.toThrow(VOICE_NOT_READY_MESSAGE);
  });

  it('drives a demo call through the call endpoints; its hang-up leaves the end to the server (the dialer posts it)', async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();
    const call = await voiceDevice.connect(params);
    const onDisconnect = vi.fn();
    call.onDisconnect(onDisconnect);
    apiRequest.mockClear();

    await call.mute(true);
    await call.mute(false);
    await call.sendDigits('5#');
    expect(onDisconnect).not.toHaveBeenCalled();
    await call.hangup();

    expect(apiRequest.mock.calls).toEqual([
      ['/api/calls/call-1/mute', { method: 'POST', body: { muted: true } }],
      ['/api/calls/call-1/mute', { method: 'POST', body: { muted: false } }],
      ['/api/calls/call-1/dtmf', { method: 'POST', body: { digits: '5#' } }],
    ]);
    expect(onDisconnect).not.toHaveBeenCalled();
  });

  it('passes a refused tone on to the caller', async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();
    const call = await voiceDevice.connect(params);
    apiRequest.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'No active call'));

    await expect(call.sendDigits('1')).rejects.toThrow('No active call');
  });
});

describe('useVoiceDevice', () => {
  it('initializes on mount and re-renders with the status', async () => {
    tokenEndpoint(DEMO);
    const { result, unmount } = renderHook(() => useVoiceDevice());
    expect(result.current.status).toBe('initializing');

    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(result.current).toMatchObject({ status: 'ready', provider: 'demo', error: null });
    expect(result.current.connect).toBe(voiceDevice.connect);
    unmount();
    renderHook(() => useVoiceDevice());
    expect(tokenFetches()).toBe(1);
  });
});
