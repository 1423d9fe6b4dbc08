/**
 * Live AI coaching during a call (dialer.md §5, §7, §9). Each final, non-empty line of the lead shows the
 * instant pattern suggestions at once (and a do-not-call alert when the lead asks not to be called); 800 ms
 * after the last such line, one POST /api/coaching/suggestions with the last 5 final entries asks the server
 * (cached 60 s per transcript), and POST /api/coaching/scripts with the last 3 asks for response scripts
 * (cached 15 s). Failures are only logged and the pattern suggestions stay; a 403 COACHING_DISABLED stops
 * coaching for the call. The organization's enableRealTimeCoaching switch turns it all off.
 */
import {
  COACHING_CACHE_MS,
  COACHING_CACHE_PRUNE_MS,
  COACHING_CONVERSATION_LIMIT,
  COACHING_DEBOUNCE_MS,
  COACHING_MESSAGES,
  COACHING_MESSAGES_KEPT,
  COACHING_PROMPT_MESSAGES,
  COACHING_TRANSCRIPT_SENT,
  contentHash,
  DUPLICATE_HASH_CLEANUP_MS,
  DUPLICATE_HASH_MAX_AGE_MS,
  DUPLICATE_HASH_MAX_SUGGESTIONS,
  detectDoNotCall,
  doNotCallSuggestion,
  duplicateHash,
  instantSuggestions,
  RESPONSE_SCRIPT_CACHE_MS,
  suggestionColour,
  TEST_SCENARIOS,
  triggersCoaching,
  type CoachingSuggestion,
  type CoachingSuggestionsResponse,
  type CoachingTranscriptEntry,
  type ResponseScript,
  type TestScenario,
} from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useOrganizationSettings } from '@/features/settings/settings-api';
import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type CoachingCallStatus = 'active' | 'connecting';
export type CoachingStatus = 'inactive' | 'active' | 'error';

/** A suggestion as the card shows it; `origin` says where it came from. */
export type CoachingMessage = CoachingSuggestion & { id: string; origin: 'pattern' | 'dnc' | 'server' | 'script' };

/** A transcript line handed over by the dialer; only final ones count. */
export type CoachingLine = {
  speaker: 'agent' | 'lead' | 'prospect';
  text: string;
  timestamp: string | number;
  isFinal: boolean;
  /** When given, a line already handed over is ignored. */
  messageId?: string;
};

export type LiveCoachingOptions = {
  callSid: string | null;
  leadId: string | null;
  /** dialer.md §4: 'connecting' while ringing, 'active' on the call, null without a call. */
  callStatus: CoachingCallStatus | null;
  /** Called once per call when the lead asks not to be called again. */
  onDoNotCall?: () => void;
};

export type LiveCoaching = {
  /** The suggestion on show: the newest. */
  current: CoachingMessage | null;
  /** Newest first, at most 15. */
  messages: CoachingMessage[];
  status: CoachingStatus;
  /** A coaching request is in flight. */
  analyzing: boolean;
  addFinalLine: (line: CoachingLine) => void;
  /** Debug panel: sends a sample lead line (price, timing or trust) at once, marked as a test. */
  runTestScenario: (kind: TestScenario) => void;
  /** Debug panel: 'Clear Response Scripts'. */
  clearScripts: () => void;
};

type Cached<T> = { at: number; value: T };

/** Everything that lives for one call. */
type CallState = {
  transcript: CoachingTranscriptEntry[];
  lineIds: Set<string>;
  seen: Map<string, number>;
  seenCleanedAt: number;
  suggestionCache: Map<string, Cached<CoachingSuggestion[]>>;
  scriptCache: Map<string, Cached<ResponseScript[]>>;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: number;
  dncReported: boolean;
  disabledToastShown: boolean;
  /** The server answered 403 COACHING_DISABLED. */
  stopped: boolean;
};

function newCallState(): CallState {
  return {
    transcript: [], lineIds: new Set(), seen: new Map(), seenCleanedAt: Date.now(), suggestionCache: new Map(), scriptCache: new Map(),
    timer: undefined, inFlight: 0, dncReported: false, disabledToastShown: false, stopped: false,
  };
}

const keyOf = (entries: readonly CoachingTranscriptEntry[]) => contentHash(JSON.stringify(entries));

function prune<T>(cache: Map<string, Cached<T>>, maxAge: number, now: number) {
  for (const [key, entry] of cache) if (now - entry.at > maxAge) cache.delete(key);
}

function fresh<T>(cache: Map<string, Cached<T>>, key: string, ttl: number, now: number): T | undefined {
  const entry = cache.get(key);
  return entry && now - entry.at < ttl ? entry.value : undefined;
}

/** A response script as a suggestion; scripts carry no priority, so it follows the confidence bands. */
function scriptMessage(script: ResponseScript): CoachingSuggestion {
  const priority = ({ green: 'high', amber: 'medium', red: 'low' } as const)[suggestionColour(script.confidence)];
  return { text: script.response_script, type: script.type, confidence: script.confidence, priority, rationale: '' };
}

const isCoachingDisabled = (error: unknown) => error instanceof ApiError && error.status === 403 && error.code === 'COACHING_DISABLED';

let nextId = 0;

export function useLiveCoaching({ callSid, leadId, callStatus, onDoNotCall }: LiveCoachingOptions): LiveCoaching {
  const client = useQueryClient();
  const settings = useOrganizationSettings();
  const enabled = settings.data?.aiIntegration.enableRealTimeCoaching ?? true;
  const [messages, setMessages] = useState<CoachingMessage[]>([]);
  const [analyzing, setAnalyzing] = useState(false);
  const [outcome, setOutcome] = useState<'ok' | 'error' | 'stopped'>('ok');
  const call = useRef<CallState>(newCallState());
  const latest = useRef({ callSid, leadId, callStatus, onDoNotCall, enabled });
  // Layout effects run before any component's effects, so lines handed over from effects see this render.
  useLayoutEffect(() => {
    latest.current = { callSid, leadId, callStatus, onDoNotCall, enabled };
  });

  const inCall = callStatus !== null;

  // A call starts: a fresh conversation. When it ends, nothing more is sent.
  useLayoutEffect(() => {
    if (!inCall) return;
    const state = newCallState();
    call.current = state;
    setMessages([]);
    setAnalyzing(false);
    setOutcome('ok');
    return () => clearTimeout(state.timer);
  }, [inCall]);

  const announceDisabled = useCallback(() => {
    if (call.current.disabledToastShown) return;
    call.current.disabledToastShown = true;
    toast.info(COACHING_MESSAGES.disabled);
  }, []);

  // platform.md §8: 'Real-time coaching is disabled', once per call, when the switch is off.
  useEffect(() => {
    if (inCall && settings.data && !enabled) announceDisabled();
  }, [inCall, settings.data, enabled, announceDisabled]);

  /** Shows suggestions first (newest first), leaving out texts already shown in this call. */
  const show = useCallback((items: readonly CoachingSuggestion[], origin: CoachingMessage['origin']) => {
    const state = call.current;
    const now = Date.now();
    if (now - state.seenCleanedAt >= DUPLICATE_HASH_CLEANUP_MS) {
      state.seenCleanedAt = now;
      for (const [hash, at] of state.seen) if (now - at > DUPLICATE_HASH_MAX_AGE_MS) state.seen.delete(hash);
      if (state.seen.size > DUPLICATE_HASH_MAX_SUGGESTIONS) state.seen.clear();
    }
    const added: CoachingMessage[] = [];
    for (const item of items) {
      const hash = duplicateHash(item.text, 'suggestion');
      if (hash !== null) {
        if (state.seen.has(hash)) continue;
        state.seen.set(hash, now);
      }
      added.push({ ...item, id: `coaching-${++nextId}`, origin });
    }
    if (added.length > 0) setMessages((previous) => [...added, ...previous].slice(0, COACHING_MESSAGES_KEPT));
  }, []);

  /** Runs one request of this call; a late answer of an earlier call is dropped. */
  const request = useCallback(
    async <T,>(what: string, send: () => Promise<T>, onAnswer: (answer: T) => void) => {
      const state = call.current;
      state.inFlight += 1;
      setAnalyzing(true);
      try {
        const answer = await send();
        if (call.current !== state || state.stopped) return;
        setOutcome('ok');
        onAnswer(answer);
      } catch (error) {
        if (call.current !== state) return;
        if (isCoachingDisabled(error)) {
          state.stopped = true;
          clearTimeout(state.timer);
          setOutcome('stopped');
          announceDisabled();
          void client.invalidateQueries({ queryKey: queryKeys.settings });
          return;
        }
        // dialer.md §8: coaching errors (402 credits, 429 rate limit, any other) are logged only.
        console.warn(`[coaching] ${what} request failed`, error);
        if (!state.stopped) setOutcome('error');
      } finally {
        state.inFlight -= 1;
        if (call.current === state && state.inFlight === 0) setAnalyzing(false);
      }
    },
    [announceDisabled, client],
  );

  /** Asks the server for suggestions and response scripts on the conversation so far. */
  const flush = useCallback(
    (test: boolean) => {
      const state = call.current;
      const { callSid: sid, leadId: lead, callStatus: status } = latest.current;
      if (state.stopped || state.transcript.length === 0) return;
      // A temporary id (temp_…) names no call yet.
      const ids = { ...(sid && !sid.startsWith('temp_') ? { callSid: sid } : {}), ...(lead ? { leadId: lead } : {}) };
      const now = Date.now();

      const transcript = state.transcript.slice(-COACHING_TRANSCRIPT_SENT);
      const suggestionKey = keyOf(transcript);
      prune(state.suggestionCache, COACHING_CACHE_PRUNE_MS, now);
      const cachedSuggestions = test ? undefined : fresh(state.suggestionCache, suggestionKey, COACHING_CACHE_MS, now);
      if (cachedSuggestions) show(cachedSuggestions, 'server');
      else {
        const body = { ...ids, transcript, conversationHistory: state.transcript.slice(-COACHING_CONVERSATION_LIMIT), callStatus: status ?? 'active', ...(test ? { test } : {}) };
        void request(
          'suggestions',
          () => apiRequest<CoachingSuggestionsResponse>('/api/coaching/suggestions', { method: 'POST', body }),
          (answer) => {
            state.suggestionCache.set(suggestionKey, { at: Date.now(), value: answer.suggestions });
            show(answer.suggestions, 'server');
          },
        );
      }

      const recent = state.transcript.slice(-COACHING_PROMPT_MESSAGES);
      const scriptKey = keyOf(recent);
      prune(state.scriptCache, 2 * RESPONSE_SCRIPT_CACHE_MS, now);
      const cachedScripts = test ? undefined : fresh(state.scriptCache, scriptKey, RESPONSE_SCRIPT_CACHE_MS, now);
      if (cachedScripts) show(cachedScripts.map(scriptMessage), 'script');
      else {
        const body = { ...ids, messages: recent, timestamp: new Date(now).toISOString() };
        void request(
          'response scripts',
          () => apiRequest<{ response_scripts: ResponseScript[] }>('/api/coaching/scripts', { method: 'POST', body }),
          (answer) => {
            state.scriptCache.set(scriptKey, { at: Date.now(), value: answer.response_scripts });
            show(answer.response_scripts.map(scriptMessage), 'script');
          },
        );
      }
    },
    [request, show],
  );

  /** Records a final line; a lead line also coaches. Returns whether coaching may go on. */
  const take = useCallback(
    (line: CoachingLine): boolean => {
      const state = call.current;
      const text = line.text.trim();
      if (!line.isFinal || !text) return false;
      if (line.messageId !== undefined) {
        if (state.lineIds.has(line.messageId)) return false;
        state.lineIds.add(line.messageId);
      }
      state.transcript.push({ speaker: line.speaker === 'agent' ? 'agent' : 'lead', text, timestamp: line.timestamp });
      if (state.transcript.length > COACHING_CONVERSATION_LIMIT) state.transcript.splice(0, state.transcript.length - COACHING_CONVERSATION_LIMIT);
      if (!triggersCoaching({ speaker: line.speaker, text, isFinal: line.isFinal })) return false;

      const coaching = latest.current.enabled && !state.stopped;
      const dnc = detectDoNotCall(text);
      if (dnc && !state.dncReported) {
        // Honouring a do-not-call request is compliance, so it is reported even with coaching off.
        state.dncReported = true;
        latest.current.onDoNotCall?.();
      }
      if (!coaching) return false;
      show(instantSuggestions(text), 'pattern');
      // Shown last, so it is the newest: the alert goes first.
      if (dnc) show([doNotCallSuggestion()], 'dnc');
      return true;
    },
    [show],
  );

  const addFinalLine = useCallback(
    (line: CoachingLine) => {
      if (latest.current.callStatus === null || !take(line)) return;
      const state = call.current;
      clearTimeout(state.timer);
      state.timer = setTimeout(() => flush(false), COACHING_DEBOUNCE_MS);
    },
    [flush, take],
  );

  const runTestScenario = useCallback(
    (kind: TestScenario) => {
      if (!latest.current.enabled || call.current.stopped) {
        announceDisabled();
        return;
      }
      if (!take({ speaker: 'lead', text: TEST_SCENARIOS[kind], timestamp: new Date().toISOString(), isFinal: true })) return;
      clearTimeout(call.current.timer);
      flush(true);
    },
    [announceDisabled, flush, take],
  );

  const clearScripts = useCallback(() => {
    call.current.scriptCache.clear();
    setMessages((previous) => previous.filter((message) => message.origin !== 'script'));
  }, []);

  const status: CoachingStatus = !inCall || !enabled || outcome === 'stopped' ? 'inactive' : outcome === 'error' ? 'error' : 'active';
  return { current: messages[0] ?? null, messages, status, analyzing, addFinalLine, runTestScenario, clearScripts };
}
