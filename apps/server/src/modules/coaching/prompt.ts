import {
  COACHING_PROMPT_MESSAGES, COACHING_REPLY_WORDS, SUGGESTION_PRIORITIES, SUGGESTION_TYPES, formatUsd, motivationLabel,
  type CoachingLeadContext, type CoachingSuggestion, type CoachingTranscriptEntry, type SuggestionType,
} from '@wholesail/domain';
import { z } from 'zod';
import type { ChatMessage } from '../../providers/llm';

/**
 * What the language model is asked during a call (platform.md §9: replies under 200 words, only the last 3
 * conversation messages) and how its JSON answer is read. The lead record grounds the advice.
 */

/** Notes are an append-only log: the newest part is what matters. */
const NOTES_CHARS = 800;
/** Most suggestions or scripts taken from one answer. */
const MAX_ITEMS = 4;

export interface CoachingLead {
  context: CoachingLeadContext;
  distressSignals: string[];
}

function leadFacts(lead: CoachingLead | null): string {
  if (!lead) return 'No lead record is linked to this call.';
  const c = lead.context;
  const notes = c.notes?.trim();
  const facts: Array<[string, string | null]> = [
    ['Owner', c.owner_name],
    ['Property', c.property_address && `${c.property_address}${c.property_type ? ` (${c.property_type})` : ''}`],
    ['Estimated value', c.estimated_value === null ? null : formatUsd(c.estimated_value)],
    ['Estimated equity', c.equity_amount === null ? null : formatUsd(c.equity_amount)],
    ['Motivation', c.motivation_score === null ? null : `${c.motivation_score}/9 (${motivationLabel(c.motivation_score)})`],
    ['Status', c.status],
    ['Distress signals', lead.distressSignals.length > 0 ? lead.distressSignals.join(', ') : 'none recorded'],
    ['Tags', c.badges.length > 0 ? c.badges.join(', ') : null],
    ['Notes', notes ? (notes.length > NOTES_CHARS ? `…${notes.slice(-NOTES_CHARS)}` : notes) : null],
  ];
  return facts.map(([label, value]) => `- ${label}: ${value ?? 'unknown'}`).join('\n');
}

const speakerLabel = (speaker: CoachingTranscriptEntry['speaker']) => (speaker === 'agent' ? 'Agent' : 'Lead');

/** The last 3 messages, oldest first; nothing earlier reaches the model. */
export function lastMessages(entries: readonly CoachingTranscriptEntry[]): CoachingTranscriptEntry[] {
  return entries.filter((e) => e.text.trim() !== '').slice(-COACHING_PROMPT_MESSAGES);
}

function conversation(entries: readonly CoachingTranscriptEntry[]): string {
  const last = lastMessages(entries);
  return last.length === 0 ? '(nothing said yet)' : last.map((e) => `${speakerLabel(e.speaker)}: ${e.text.trim()}`).join('\n');
}

const ROLE = 'You coach a real-estate acquisitions agent, in real time, during a live phone call with a property owner (the lead) who might sell to a cash buyer.';
const GROUNDING = `Ground everything in the lead record (equity, distress signals, motivation, notes) and in what was just said; never invent facts about the property or the owner. Keep your whole reply under ${COACHING_REPLY_WORDS} words.`;
const DNC = 'If the lead asks not to be contacted again, give only an objection_alert telling the agent to apologise, confirm the number is removed from the list and end the call.';
const TYPES = SUGGESTION_TYPES.join(', ');

function userMessage(lead: CoachingLead | null, entries: readonly CoachingTranscriptEntry[], callStatus?: string): string {
  return [
    `Lead record:\n${leadFacts(lead)}`,
    ...(callStatus ? [`Call status: ${callStatus}`] : []),
    `Last ${COACHING_PROMPT_MESSAGES} messages of the conversation (oldest first):\n${conversation(entries)}`,
  ].join('\n\n');
}

export function suggestionsPrompt(lead: CoachingLead | null, entries: readonly CoachingTranscriptEntry[], callStatus: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        ROLE,
        'Give the agent 1 to 3 suggestions for what to say or do next, most useful first.',
        GROUNDING,
        DNC,
        `Answer only with a JSON object: {"suggestions":[{"text": what to say or do (words the agent can read aloud when the type is response_script), "type": one of ${TYPES}, "priority": one of ${SUGGESTION_PRIORITIES.join(', ')}, "confidence": a number from 0 to 1, "rationale": one sentence on why}]}.`,
      ].join(' '),
    },
    { role: 'user', content: userMessage(lead, entries, callStatus) },
  ];
}

export function scriptsPrompt(lead: CoachingLead | null, entries: readonly CoachingTranscriptEntry[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        ROLE,
        'Write 1 or 2 response scripts: the exact words the agent can say next to answer the lead.',
        GROUNDING,
        DNC,
        `Answer only with a JSON object: {"response_scripts":[{"response_script": the words to say, "type": one of ${TYPES}, "confidence": a number from 0 to 1}]}.`,
      ].join(' '),
    },
    { role: 'user', content: userMessage(lead, entries) },
  ];
}

/** The JSON in an answer, tolerating a code fence or prose around one object; null when there is none. */
function jsonIn(content: string): unknown {
  const text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  const attempts = [text];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) attempts.push(text.slice(start, end + 1));
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as unknown;
    } catch {
      // try the next reading
    }
  }
  return null;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const enumWord = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** An unknown or missing type falls back; a number or numeric string is a confidence, anything else 0.7. */
const typeField = (fallback: SuggestionType) => z.string().transform(enumWord).pipe(z.enum(SUGGESTION_TYPES)).catch(fallback);
const confidenceField = z
  .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().refine(Number.isFinite))
  .transform(clamp01)
  .catch(0.7);

const llmSuggestion = z.object({
  text: z.string().trim().min(1).max(1500),
  type: typeField('strategic_coaching'),
  priority: z.string().transform(enumWord).pipe(z.enum(SUGGESTION_PRIORITIES)).catch('medium'),
  confidence: confidenceField,
  rationale: z.string().trim().max(1000).catch(''),
});

const llmScript = z.object({
  response_script: z.string().trim().min(1).max(1500),
  type: typeField('response_script'),
  confidence: confidenceField,
});

function listIn(content: string, key: string): unknown[] | null {
  const data = jsonIn(content);
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[key])) return (data as Record<string, unknown[]>)[key]!;
  return null;
}

/** Valid suggestions of an answer (malformed items dropped, confidence clamped to 0..1); null when the answer has no list. */
export function parseSuggestions(content: string): CoachingSuggestion[] | null {
  const list = listIn(content, 'suggestions');
  if (!list) return null;
  return list.flatMap((item) => {
    const parsed = llmSuggestion.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }).slice(0, MAX_ITEMS);
}

/** Valid scripts of an answer (a `text` field is read as the script); null when the answer has no list. */
export function parseScripts(content: string): Array<z.infer<typeof llmScript>> | null {
  const list = listIn(content, 'response_scripts');
  if (!list) return null;
  return list.flatMap((item) => {
    const source = item && typeof item === 'object' && !('response_script' in item) && 'text' in item ? { ...item, response_script: (item as { text: unknown }).text } : item;
    const parsed = llmScript.safeParse(source);
    return parsed.success ? [parsed.data] : [];
  }).slice(0, MAX_ITEMS);
}
