/**
 * The browser's one voice device (dialer.md §4 Device status, §8 Voice, §9 Voice): fetches the voice token,
 * opens the demo or Twilio line, retries, refreshes the Twilio token and follows the network. A module-level
 * singleton so every dialer shares one registered device; framework-free, read through useSyncExternalStore.
 */
import {
  isVoiceConfigurationError, TWILIO_NOT_CONFIGURED, VOICE_RETRY_DELAYS_MS, VOICE_TOKEN_CHECK_INTERVAL_MS,
  VOICE_TOKEN_REFRESH_AFTER_MS, type VoiceProviderKind, type VoiceToken,
} from '@wholesail/domain';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '@/lib/api';
import { firstTimeThisSession } from '@/lib/storage';
import { createDemoVoiceLine } from './demo-voice-line';
import { createTwilioVoiceLine } from './twilio-voice-line';
import type { ActiveVoiceCall, ConnectParams, VoiceLine } from './voice-line';

export type VoiceDeviceStatus = 'uninitialized' | 'initializing' | 'ready' | 'error';
export type VoiceDeviceSnapshot = {
  readonly status: VoiceDeviceStatus;
  readonly provider: VoiceProviderKind | null;
  readonly error: string | null;
};

export const VOICE_NOT_READY_MESSAGE = 'Voice system not ready. Please wait or refresh the page.';
const CONFIGURATION_MESSAGE = 'Voice calling requires Twilio configuration';
const UNAVAILABLE_MESSAGE = 'Could not initialize voice calling. Please refresh the page.';
const CONNECTION_LOST_MESSAGE = 'Voice system connection lost. Please refresh the page.';
/** Initial try plus VOICE_RETRY_DELAYS_MS.length retries. */
const MAX_ATTEMPTS = VOICE_RETRY_DELAYS_MS.length + 1;

const INITIAL: VoiceDeviceSnapshot = { status: 'uninitialized', provider: null, error: null };

let snapshot: VoiceDeviceSnapshot = INITIAL;
const listeners = new Set<() => void>();
let line: VoiceLine | null = null;
let tokenIssuedAt = 0;
let refreshing = false;
/** Bumped by reset(): async work started before it finds a different value and drops its result. */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let refreshRetryTimer: ReturnType<typeof setTimeout> | undefined;
let tokenCheckTimer: ReturnType<typeof setInterval> | undefined;
let watchingNetwork = false;

function setSnapshot(next: VoiceDeviceSnapshot): void {
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

/** Only the token endpoint's "missing credentials" answer stops initialization; anything else is retried. */
function isConfigurationError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === TWILIO_NOT_CONFIGURED || isVoiceConfigurationError(error.message));
}

function fetchToken(): Promise<VoiceToken> {
  return apiRequest<VoiceToken>('/api/voice/token', { method: 'POST' });
}

function stopTimers(): void {
  clearTimeout(retryTimer);
  clearTimeout(refreshRetryTimer);
  clearInterval(tokenCheckTimer);
  retryTimer = refreshRetryTimer = tokenCheckTimer = undefined;
  refreshing = false;
}

function closeLine(): void {
  line?.destroy();
  line = null;
}

async function refreshToken(attempt = 0): Promise<void> {
  if (refreshing && attempt === 0) return;
  refreshing = true;
  const started = generation;
  const current = line;
  try {
    const token = await fetchToken();
    if (started !== generation || current !== line) return;
    if (token.provider !== 'twilio') throw new Error('The voice token is no longer a Twilio token');
    current?.updateToken(token.token);
    tokenIssuedAt = Date.now();
    refreshing = false;
  } catch {
    if (started !== generation || current !== line) return;
    const delay = VOICE_RETRY_DELAYS_MS[attempt];
    if (delay !== undefined) {
      // Silent retries: the current token is still valid for a while and a call may be in progress.
      refreshRetryTimer = setTimeout(() => void refreshToken(attempt + 1), delay);
      return;
    }
    refreshing = false;
    clearInterval(tokenCheckTimer);
    tokenCheckTimer = undefined;
    setSnapshot({ ...snapshot, status: 'error', error: CONNECTION_LOST_MESSAGE });
    toast.error('Connection issue', { description: CONNECTION_LOST_MESSAGE });
  }
}

function openLine(token: VoiceToken): Promise<VoiceLine> {
  if (token.provider === 'demo') return Promise.resolve(createDemoVoiceLine());
  return createTwilioVoiceLine(token.token, {
    onDeviceError: (message) => toast.error('Voice system error', { description: message }),
    onTokenWillExpire: () => void refreshToken(),
  });
}

async function attemptInitialize(attempt: number): Promise<void> {
  const started = generation;
  try {
    const token = await fetchToken();
    const opened = await openLine(token);
    if (started !== generation) {
      opened.destroy();
      return;
    }
    line = opened;
    if (opened.kind === 'twilio') {
      tokenIssuedAt = Date.now();
      tokenCheckTimer = setInterval(() => {
        if (Date.now() - tokenIssuedAt >= VOICE_TOKEN_REFRESH_AFTER_MS) void refreshToken();
      }, VOICE_TOKEN_CHECK_INTERVAL_MS);
    }
    setSnapshot({ status: 'ready', provider: opened.kind, error: null });
    if (firstTimeThisSession('voice-ready')) toast.success('Voice system ready');
  } catch (error) {
    if (started !== generation) return;
    if (isConfigurationError(error)) {
      setSnapshot({ status: 'error', provider: null, error: CONFIGURATION_MESSAGE });
      toast.error('Configuration Required', { description: CONFIGURATION_MESSAGE });
      return;
    }
    const delay = VOICE_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      setSnapshot({ status: 'error', provider: null, error: UNAVAILABLE_MESSAGE });
      toast.error('Voice system unavailable', { description: UNAVAILABLE_MESSAGE });
      return;
    }
    // The attempt number shown is the next try's: 2/4, 3/4, 4/4.
    toast.error('Connection issue', { description: `Retrying in ${delay / 1000}s... (Attempt ${attempt + 2}/${MAX_ATTEMPTS})` });
    retryTimer = setTimeout(() => void attemptInitialize(attempt + 1), delay);
  }
}

function onOffline(): void {
  toast.error('Network offline', { description: 'Voice calls unavailable until connection restored' });
}

function onOnline(): void {
  if (snapshot.status !== 'error') return;
  toast('Network restored', { description: 'Reconnecting voice system...' });
  void initialize();
}

/**
 * Opens the voice line. A device that is ready or still initializing is left alone; from 'uninitialized' or
 * 'error' it starts over with a fresh retry count. Resolves after the first attempt (never rejects).
 */
function initialize(): Promise<void> {
  if (snapshot.status === 'ready' || snapshot.status === 'initializing') return Promise.resolve();
  if (!watchingNetwork) {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    watchingNetwork = true;
  }
  // A line left over from a lost connection is replaced.
  stopTimers();
  closeLine();
  setSnapshot({ status: 'initializing', provider: null, error: null });
  return attemptInitialize(0);
}

async function connect(params: ConnectParams): Promise<ActiveVoiceCall> {
  if (snapshot.status !== 'ready' || !line) throw new Error(VOICE_NOT_READY_MESSAGE);
  return line.connect(params);
}

/** Back to 'uninitialized' with no line, timers or window listeners (used by tests). */
function reset(): void {
  generation += 1;
  stopTimers();
  closeLine();
  window.removeEventListener('offline', onOffline);
  window.removeEventListener('online', onOnline);
  watchingNetwork = false;
  setSnapshot(INITIAL);
}

export const voiceDevice = {
  getSnapshot: (): VoiceDeviceSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  initialize,
  connect,
  reset,
};
