import type { AiIntegration } from '../api';
import { marketSegment, motivationLabel } from '../leads/display';
import type { AiArea, CoachingLeadContext, LeadIntelligence } from './types';

/** Coaching rules and constants of dialer.md §5 and §9, shared by the server and the browser. */

/** Server and browser coaching cache, and the browser's debounce before asking for suggestions. */
export const COACHING_CACHE_MS = 60_000;
export const COACHING_DEBOUNCE_MS = 800;
/** Cache entries older than twice the TTL are pruned. */
export const COACHING_CACHE_PRUNE_MS = 2 * COACHING_CACHE_MS;
export const RESPONSE_SCRIPT_CACHE_MS = 15_000;
/** Coaching messages kept on screen, and transcript entries kept in the coaching conversation. */
export const COACHING_MESSAGES_KEPT = 15;
export const COACHING_CONVERSATION_LIMIT = 20;
/** Entries of the transcript sent with a suggestions request, and the messages the language model sees. */
export const COACHING_TRANSCRIPT_SENT = 5;
export const COACHING_PROMPT_MESSAGES = 3;
/** Replies of the language model are asked to stay under this many words. */
export const COACHING_REPLY_WORDS = 200;
/** AI health is re-checked this often; a failure of an area counts for this long. */
export const AI_HEALTH_CHECK_MS = 5 * 60_000;
/** Suggestion confidence colours: green at 0.8 or above, amber at 0.6 or above, faded red below. */
export const SUGGESTION_GREEN_CONFIDENCE = 0.8;
export const SUGGESTION_AMBER_CONFIDENCE = 0.6;
/** Motivation score assumed when a lead has none. */
export const DEFAULT_MOTIVATION_SCORE = 5;

/** The organization setting (aiIntegration) that switches each AI area on or off (platform.md §3–4). */
export const AI_AREA_TOGGLES: Readonly<Record<AiArea, keyof AiIntegration>> = {
  coaching: 'enableRealTimeCoaching',
  enrichment: 'enableAutoEnrichment',
  scoring: 'enableSmartScoring',
  analysis: 'enableConversationAnalysis',
};

/** Duplicate hashing: transcripts of 3+ characters and suggestions of 10+ are hashed; shorter ones never count as duplicates. */
export const TRANSCRIPT_HASH_MIN_CHARS = 3;
export const SUGGESTION_HASH_MIN_CHARS = 10;
/** Hash sets are cleaned every 60 s: cleared above 100 transcripts or 50 suggestions, entries older than 5 min dropped. */
export const DUPLICATE_HASH_CLEANUP_MS = 60_000;
export const DUPLICATE_HASH_MAX_TRANSCRIPTS = 100;
export const DUPLICATE_HASH_MAX_SUGGESTIONS = 50;
export const DUPLICATE_HASH_MAX_AGE_MS = 5 * 60_000;

export type CoachingSpeaker = 'agent' | 'lead' | 'prospect';

/** Only final pieces from the lead ('lead' or 'prospect') with non-empty text trigger AI coaching. */
export function triggersCoaching(chunk: { speaker: string; text: string; isFinal: boolean }): boolean {
  return chunk.isFinal && (chunk.speaker === 'lead' || chunk.speaker === 'prospect') && chunk.text.trim().length > 0;
}

/** The lead's side of the conversation. */
export const isLeadSpeaker = (speaker: string): boolean => speaker === 'lead' || speaker === 'prospect';

const normalForHash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** FNV-1a (32 bit) of the text as hex: a short, stable key that works the same in Node and the browser. */
export function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The duplicate hash of a transcript piece or a suggestion (case and spacing ignored), or null when the
 * text is too short to be hashed (under 3 characters for transcripts, under 10 for suggestions).
 */
export function duplicateHash(text: string, kind: 'transcript' | 'suggestion'): string | null {
  const normal = normalForHash(text);
  const min = kind === 'transcript' ? TRANSCRIPT_HASH_MIN_CHARS : SUGGESTION_HASH_MIN_CHARS;
  return normal.length < min ? null : contentHash(normal);
}

/** Keeps the first of suggestions whose texts hash alike; texts too short to hash are always kept. */
export function withoutDuplicateSuggestions<T extends { text: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const hash = duplicateHash(item.text, 'suggestion');
    if (hash === null) return true;
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}

export type SuggestionColour = 'green' | 'amber' | 'red';

/** Colour of a suggestion's confidence: green at 0.8+, amber at 0.6+, faded red below. */
export function suggestionColour(confidence: number): SuggestionColour {
  if (confidence >= SUGGESTION_GREEN_CONFIDENCE) return 'green';
  if (confidence >= SUGGESTION_AMBER_CONFIDENCE) return 'amber';
  return 'red';
}

/** Distress flags of the full lead record that the coaching context does not carry. */
export interface LeadDistressFlags {
  pre_foreclosure?: boolean | null;
  foreclosure_filing_date?: string | null;
  lis_pendens_date?: string | null;
  tax_delinquent?: boolean | null;
  active_lien?: boolean | null;
  distressed_sale?: boolean | null;
}

/** Tags that name a distress situation, and the signal each stands for. */
const DISTRESS_TAGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/pre[- ]?foreclos/i, 'Pre-foreclosure'],
  [/foreclos/i, 'Foreclosure'],
  [/tax[- ]?(default|delinq)/i, 'Tax delinquent'],
  [/lien/i, 'Active lien'],
  [/lis[- ]?pendens/i, 'Lis pendens'],
  [/probate/i, 'Probate'],
  [/inherit/i, 'Inherited property'],
  [/divorce/i, 'Divorce'],
  [/bankrupt/i, 'Bankruptcy'],
  [/evict/i, 'Eviction'],
  [/code[- ]?violation/i, 'Code violation'],
  [/tired[- ]?landlord/i, 'Tired landlord'],
  [/vacan/i, 'Vacant property'],
  [/absentee/i, 'Absentee owner'],
];

/** Record flags and lead flags, in the order they are listed; a date flag shows its date. */
const FLAG_SIGNALS: ReadonlyArray<readonly [keyof LeadDistressFlags, string]> = [
  ['pre_foreclosure', 'Pre-foreclosure'],
  ['foreclosure_filing_date', 'Foreclosure filed'],
  ['lis_pendens_date', 'Lis pendens'],
  ['tax_delinquent', 'Tax delinquent'],
  ['active_lien', 'Active lien'],
  ['distressed_sale', 'Distressed sale'],
];
const CONTEXT_SIGNALS: ReadonlyArray<readonly ['is_vacant' | 'is_out_of_state_owner' | 'is_tenant_occupied', string]> = [
  ['is_vacant', 'Vacant property'],
  ['is_out_of_state_owner', 'Out-of-state owner'],
  ['is_tenant_occupied', 'Tenant occupied'],
];

/** The lead's distress signals (each once): record flags, vacancy, absentee and tenant flags, then distress tags. */
export function distressSignals(context: CoachingLeadContext, flags: LeadDistressFlags = {}): string[] {
  const signals = new Set<string>();
  for (const [flag, label] of FLAG_SIGNALS) {
    const value = flags[flag];
    if (value) signals.add(typeof value === 'string' ? `${label} ${value}` : label);
  }
  for (const [flag, label] of CONTEXT_SIGNALS) if (context[flag]) signals.add(label);
  for (const tag of context.badges) {
    const match = DISTRESS_TAGS.find(([pattern]) => pattern.test(tag));
    if (match) signals.add(match[1]);
  }
  return [...signals];
}

/** Lead intelligence returned with suggestions: equity, market segment, motivation level (default score 5) and distress signals. */
export function leadIntelligence(context: CoachingLeadContext, flags: LeadDistressFlags = {}): LeadIntelligence {
  return {
    equity: context.equity_amount,
    market_segment: marketSegment(context.estimated_value),
    motivation_level: motivationLabel(context.motivation_score ?? DEFAULT_MOTIVATION_SCORE),
    distress_signals: distressSignals(context, flags),
  };
}
