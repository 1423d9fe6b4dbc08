import { describe, expect, it, vi } from 'vitest';
import { VOICE_NOT_READY_MESSAGE, voiceDevice } from './voice-device';
import { apiRequest, FakeDevice, toast } from './voice-test-fakes';
import { errorToasts, MINUTE, onlyDevice, serverError, TOKEN_PATH, tokenEndpoint, tokenFetches, twilioToken, useVoiceDeviceTestHooks } from './voice-test-setup';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  apiRequest: (await import('./voice-test-fakes')).apiRequest,
}));
vi.mock('sonner', async () => ({ toast: (await import('./voice-test-fakes')).toast }));
vi.mock('@twilio/voice-sdk', async () => ({ Device: (await import('./voice-test-fakes')).FakeDevice, Call: { Codec: { Opus: 'opus', PCMU: 'pcmu' } } }));

useVoiceDeviceTestHooks();

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
