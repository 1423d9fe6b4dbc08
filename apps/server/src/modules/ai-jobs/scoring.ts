import { z } from 'zod';
import {
  CALL_OUTCOME_LABELS, DEFAULT_MOTIVATION_SCORE, derivedEquity, distressSignals, formatUsd, isCallOutcome, marketSegment,
  motivationLabel, outOfStateOwner, type CallOutcome, type Lead,
} from '@wholesail/domain';
import type { ChatMessage } from '../../providers/llm';
import { motivationSignalsIn, parseJsonObject, saysNotInterested } from './analysis';

/**
 * calculate_ai_lead_score (platform.md §7): how motivated the owner is to sell, 0-100, with its reasons.
 * The record-based score is deterministic: the recorded motivation (default 5 of 9, dialer.md §9) x 10,
 * plus distress signals, plus what the calls so far said. With a language model the model also reads
 * the record and the recent call summaries, and the stored score is the mean of both.
 */

export type ScoringLead = Pick<
  Lead,
  | 'motivation_score' | 'pre_foreclosure' | 'foreclosure_filing_date' | 'lis_pendens_date' | 'tax_delinquent' | 'tax_lien_amount'
  | 'active_lien' | 'vacant' | 'vacancy_flag' | 'out_of_state_owner' | 'owner_address_state' | 'mailing_address_state'
  | 'property_address_state' | 'estimated_value' | 'equity_amount' | 'equity_estimate' | 'mortgage_balance' | 'ownership_length'
  | 'last_sale_date' | 'distressed_sale' | 'badges' | 'last_call_disposition' | 'last_call_summary' | 'dnc_status' | 'tenant_occupied'
>;

/** The lead columns the score reads (the bulk scoring of an import selects only these). */
export const SCORING_COLUMNS = [
  'motivation_score', 'pre_foreclosure', 'foreclosure_filing_date', 'lis_pendens_date', 'tax_delinquent', 'tax_lien_amount',
  'active_lien', 'vacant', 'vacancy_flag', 'out_of_state_owner', 'owner_address_state', 'mailing_address_state',
  'property_address_state', 'estimated_value', 'equity_amount', 'equity_estimate', 'mortgage_balance', 'ownership_length',
  'last_sale_date', 'distressed_sale', 'badges', 'last_call_disposition', 'last_call_summary', 'dnc_status', 'tenant_occupied',
] as const satisfies ReadonlyArray<keyof ScoringLead>;

/** One call of the lead, newest first: its outcome and notes. */
export interface CallSummary {
  disposition: string | null;
  notes: string | null;
  completed_at: string | null;
}

export interface ScoreFactor {
  factor: string;
  label: string;
  points: number;
}

export interface RecordScore {
  score: number;
  factors: ScoreFactor[];
  reasons: string[];
}

/** Points of each record signal, out of 100. */
export const SCORE_POINTS = {
  pre_foreclosure: 15,
  tax_delinquent: 12,
  vacant: 10,
  liens: 8,
  out_of_state_owner: 8,
  high_equity: 10,
  long_ownership: 5,
  very_long_ownership: 8,
  distressed_sale: 5,
  distress_tag: 6,
  distress_tags_max: 12,
  call_signal: 5,
  call_signals_max: 10,
  call_notes_not_selling: -10,
  dnc: -30,
} as const;

export const DISPOSITION_POINTS: Readonly<Record<CallOutcome, number>> = {
  appointment_scheduled: 20,
  offer_made: 15,
  interested: 15,
  callback_requested: 8,
  maybe: 5,
  no_answer: 0,
  not_interested: -25,
  wrong_number: -20,
};

/** Equity of at least half the value counts as high; without a value, equity of $150,000 or more. */
const HIGH_EQUITY_SHARE = 0.5;
const HIGH_EQUITY_AMOUNT = 150_000;
const LONG_OWNERSHIP_YEARS = 10;
const VERY_LONG_OWNERSHIP_YEARS = 15;
const YEAR_MS = 365.25 * 86_400_000;

/** Tag signals the record flags already count. */
const COUNTED_BY_FLAGS = new Set(['Pre-foreclosure', 'Foreclosure', 'Tax delinquent', 'Active lien', 'Lis pendens', 'Vacant property']);

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

function ownershipYears(lead: ScoringLead, now: Date): number | null {
  if (lead.ownership_length !== null) return lead.ownership_length;
  if (!lead.last_sale_date) return null;
  const years = (now.getTime() - new Date(lead.last_sale_date).getTime()) / YEAR_MS;
  return Number.isFinite(years) && years >= 0 ? years : null;
}

function outOfState(lead: ScoringLead): boolean {
  return lead.out_of_state_owner ?? outOfStateOwner(lead.property_address_state, lead.owner_address_state ?? lead.mailing_address_state) ?? false;
}

/** The record-based score and the factors behind it, in the order they were added. */
export function recordScore(lead: ScoringLead, calls: readonly CallSummary[] = [], now = new Date()): RecordScore {
  const factors: ScoreFactor[] = [];
  const add = (factor: string, label: string, points: number) => factors.push({ factor, label, points });

  const motivation = lead.motivation_score ?? DEFAULT_MOTIVATION_SCORE;
  add(
    'motivation',
    lead.motivation_score === null ? `No recorded motivation: default ${DEFAULT_MOTIVATION_SCORE}/9` : `Recorded motivation ${motivation}/9`,
    Math.round(motivation * 10),
  );

  // Distress
  if (lead.pre_foreclosure || lead.foreclosure_filing_date) add('pre_foreclosure', 'Pre-foreclosure', SCORE_POINTS.pre_foreclosure);
  if (lead.tax_delinquent) add('tax_delinquent', 'Tax delinquent', SCORE_POINTS.tax_delinquent);
  if (lead.vacant || lead.vacancy_flag) add('vacant', 'Vacant property', SCORE_POINTS.vacant);
  if (lead.active_lien || (lead.tax_lien_amount ?? 0) > 0 || lead.lis_pendens_date) add('liens', 'Lien or lis pendens on the property', SCORE_POINTS.liens);
  if (outOfState(lead)) add('out_of_state_owner', 'Out-of-state owner', SCORE_POINTS.out_of_state_owner);
  const equity = lead.equity_amount ?? lead.equity_estimate ?? derivedEquity(lead);
  if (equity !== null && equity > 0) {
    const value = lead.estimated_value ?? 0;
    if (value > 0 && equity / value >= HIGH_EQUITY_SHARE) {
      add('high_equity', `High equity: ${Math.round((Math.min(equity, value) / value) * 100)}% of value`, SCORE_POINTS.high_equity);
    } else if (value <= 0 && equity >= HIGH_EQUITY_AMOUNT) {
      add('high_equity', `High equity: ${formatUsd(equity)}`, SCORE_POINTS.high_equity);
    }
  }
  const years = ownershipYears(lead, now);
  if (years !== null && years >= VERY_LONG_OWNERSHIP_YEARS) add('long_ownership', `Owned for ${Math.floor(years)} years`, SCORE_POINTS.very_long_ownership);
  else if (years !== null && years >= LONG_OWNERSHIP_YEARS) add('long_ownership', `Owned for ${Math.floor(years)} years`, SCORE_POINTS.long_ownership);
  if (lead.distressed_sale) add('distressed_sale', 'Distressed sale', SCORE_POINTS.distressed_sale);
  const tags = distressSignals(
    { id: '', owner_name: null, property_address: null, estimated_value: null, equity_amount: null, motivation_score: null, status: null, badges: lead.badges ?? [], property_type: null, is_out_of_state_owner: false, is_vacant: false, is_tenant_occupied: false, notes: null },
  ).filter((s) => !COUNTED_BY_FLAGS.has(s));
  let tagPoints = 0;
  for (const tag of tags) {
    const points = Math.min(SCORE_POINTS.distress_tag, SCORE_POINTS.distress_tags_max - tagPoints);
    if (points <= 0) break;
    tagPoints += points;
    add('distress_tag', `Tagged: ${tag}`, points);
  }

  // Contact history
  const disposition = lead.last_call_disposition ?? calls.find((c) => c.disposition)?.disposition ?? null;
  if (disposition && isCallOutcome(disposition) && DISPOSITION_POINTS[disposition] !== 0) {
    add('last_call', `Last call: ${CALL_OUTCOME_LABELS[disposition]}`, DISPOSITION_POINTS[disposition]);
  }
  if (lead.dnc_status) add('dnc', 'On the do-not-call list', SCORE_POINTS.dnc);
  const notes = [lead.last_call_summary, ...calls.map((c) => c.notes)].filter((n): n is string => Boolean(n && n.trim()));
  const signals = [...new Set(notes.flatMap(motivationSignalsIn))];
  let signalPoints = 0;
  for (const signal of signals) {
    const points = Math.min(SCORE_POINTS.call_signal, SCORE_POINTS.call_signals_max - signalPoints);
    if (points <= 0) break;
    signalPoints += points;
    add('call_notes', `Call notes: ${signal}`, points);
  }
  if (disposition !== 'not_interested' && notes.some(saysNotInterested)) {
    add('call_notes', 'Call notes: the owner is not selling', SCORE_POINTS.call_notes_not_selling);
  }

  const score = clamp(Math.round(factors.reduce((sum, f) => sum + f.points, 0)), 0, 100);
  return { score, factors, reasons: factors.map((f) => (f.factor === 'motivation' ? `${f.label} (base ${f.points})` : `${f.label} (${signed(f.points)})`)) };
}

/** The score as motivation out of 9 and its level (dialer.md §9). */
export function motivationOf(score: number): { motivation: number; level: ReturnType<typeof motivationLabel> } {
  const motivation = Math.round((score / 100) * 9 * 10) / 10;
  return { motivation, level: motivationLabel(motivation) };
}

/** How many recent calls go into the model's prompt. */
export const SCORING_CALLS = 5;

/** The lead's property and distress facts (no names, phones or emails) and its call history, for the model. */
export function scoringPrompt(lead: ScoringLead & Pick<Lead, 'property_type' | 'status' | 'year_built'>, calls: readonly CallSummary[], record: RecordScore): ChatMessage[] {
  const facts = Object.entries({
    ...Object.fromEntries(SCORING_COLUMNS.map((c) => [c, lead[c]])),
    property_type: lead.property_type,
    status: lead.status,
    year_built: lead.year_built,
    market_segment: marketSegment(lead.estimated_value),
  })
    .filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v).slice(0, 1000)}`);
  const history = calls
    .slice(0, SCORING_CALLS)
    .map((c) => `- ${c.completed_at ?? 'date unknown'}: ${c.disposition ?? 'no outcome'}${c.notes ? ` — ${c.notes.slice(0, 800)}` : ''}`);
  return [
    {
      role: 'system',
      content:
        'You score how motivated a property owner is to sell to a real-estate investor, from 0 (will not sell) to 100 (must sell now). ' +
        'Weigh distress (foreclosure, tax debt, liens, vacancy, absentee ownership, equity, years owned) and what the calls so far said. ' +
        'Answer only with a JSON object: {"score": integer 0-100, "reasons": [up to 5 short sentences]}.',
    },
    {
      role: 'user',
      content: [
        `Lead record:\n${facts.join('\n')}`,
        history.length > 0 ? `Recent calls, newest first:\n${history.join('\n')}` : 'No calls yet.',
        `Rule-based score: ${record.score} (${record.reasons.join('; ')})`,
      ].join('\n\n'),
    },
  ];
}

const llmScore = z.object({
  score: z.number().min(0).max(100),
  reasons: z.array(z.string().trim().min(1).max(300)).max(10).default([]),
});

/** The model's JSON answer, or null when it is not the asked-for shape. */
export function parseLlmScore(content: string): { score: number; reasons: string[] } | null {
  const parsed = llmScore.safeParse(parseJsonObject(content));
  return parsed.success ? { score: Math.round(parsed.data.score), reasons: parsed.data.reasons.slice(0, 5) } : null;
}

/** The stored score with a model's answer: the mean of both, the record's reasons then the model's. */
export function blendScores(record: RecordScore, llm: { score: number; reasons: string[] }): { score: number; reasons: string[] } {
  return {
    score: clamp(Math.round((record.score + llm.score) / 2), 0, 100),
    reasons: [...record.reasons, `AI model score ${llm.score}`, ...llm.reasons.map((r) => `AI: ${r}`)],
  };
}
