/** Helpers and hooks shared by the voice device tests (the fakes are in voice-test-fakes.ts). */
import type { VoiceToken } from '@wholesail/domain';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { voiceDevice } from './voice-device';
import { apiRequest, FakeDevice, toast } from './voice-test-fakes';

export const TOKEN_PATH = '/api/voice/token';
export const DEMO: VoiceToken = { provider: 'demo', identity: 'user_1', token: null, expires_at: null };
export const twilioToken = (token: string): VoiceToken => ({ provider: 'twilio', identity: 'user_1', token, expires_at: '2099-01-01T00:00:00.000Z' });
export const serverError = () => new ApiError(500, 'HTTP_500', 'The server had a problem. Please try again.');
export const MINUTE = 60_000;

type TokenReply = VoiceToken | Error;

/** The token endpoint answers with `replies` in order, repeating the last one; other paths answer null. */
export function tokenEndpoint(...replies: TokenReply[]) {
  let index = 0;
  apiRequest.mockImplementation(async (path: string) => {
    if (path !== TOKEN_PATH) return null;
    const reply = replies[Math.min(index, replies.length - 1)];
    index += 1;
    if (reply instanceof Error) throw reply;
    return reply;
  });
}

export const tokenFetches = () => apiRequest.mock.calls.filter(([path]) => path === TOKEN_PATH).length;
export const errorToasts = () => toast.error.mock.calls;
export const onlyDevice = () => {
  expect(FakeDevice.instances).toHaveLength(1);
  return FakeDevice.instances[0]!;
};

/** Fake timers, fresh fakes and a reset device around every test of the file that calls it. */
export function useVoiceDeviceTestHooks(): void {
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
}
