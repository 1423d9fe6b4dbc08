import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { useVoiceDevice } from './use-voice-device';
import { VOICE_NOT_READY_MESSAGE, voiceDevice } from './voice-device';
import { apiRequest, FakeDevice, toast } from './voice-test-fakes';
import { DEMO, errorToasts, MINUTE, onlyDevice, serverError, TOKEN_PATH, tokenEndpoint, tokenFetches, twilioToken, useVoiceDeviceTestHooks } from './voice-test-setup';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  apiRequest: (await import('./voice-test-fakes')).apiRequest,
}));
vi.mock('sonner', async () => ({ toast: (await import('./voice-test-fakes')).toast }));
vi.mock('@twilio/voice-sdk', async () => ({ Device: (await import('./voice-test-fakes')).FakeDevice, Call: { Codec: { Opus: 'opus', PCMU: 'pcmu' } } }));

useVoiceDeviceTestHooks();

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

  it('says "Voice system ready" once per browser session, not each time the device opens again', async () => {
    tokenEndpoint(DEMO);
    await voiceDevice.initialize();
    voiceDevice.reset(); // as a reload of the page does
    await voiceDevice.initialize();
    expect(voiceDevice.getSnapshot().status).toBe('ready');
    expect(tokenFetches()).toBe(2);
    expect(toast.success.mock.calls).toEqual([['Voice system ready']]);
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
