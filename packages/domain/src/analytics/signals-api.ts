import { z } from 'zod';
import { baseScore, EQUITY_TIERS, type ScoreInput } from '../leads/score';
import { rate } from './analytics-api';
import { DISTRESS_SIGNALS, SIGNAL_GROUPS, signalKeyInfo, type DistressSignal } from './signals-keys';

/**
 * Signals analytics (issue 23, docs/api-signals-analytics.md): for each distress signal and lead attribute, how its
 * leads converted against all leads ("lift"), from counters kept exact by row triggers (migration 0038); the weights
 * the team's own outcomes suggest beside the composite score's fixed ones; and how stacked leads converted.
 */

/** Below this many leads a segment's rates are "too few to tell": no lift is shown and no weight suggested. */
export const SIGNAL_MIN_SAMPLE = 30;
/** The team needs this many contracted leads before weights follow contracts; else offers; else no suggestion. */
export const WEIGHT_MIN_OUTCOMES = 5;
/** The most rows an open-ended group (property types, tags) lists, largest first. */
export const SIGNAL_GROUP_ROW_LIMIT = 50;

export interface SignalCounts {
  leads: number;
  contacted: number;
  offered: number;
  contracted: number;
}
export const NO_COUNTS: SignalCounts = { leads: 0, contacted: 0, offered: 0, contracted: 0 };

/** A segment's rate ÷ the all-leads rate; null when either is unknown or all leads' rate is 0. */
export const lift = (segment: number | null, all: number | null): number | null => (segment === null || all === null || all === 0 ? null : segment / all);

const count = z.number().int().min(0);
const ratio = z.number().min(0).nullable();

export const signalFiguresSchema = z.object({
  leads: count,
  contacted: count,
  contact_rate: ratio,
  offered: count,
  offer_rate: ratio,
  contracted: count,
  contract_rate: ratio,
  lift_contact: ratio,
  lift_offer: ratio,
  lift_contract: ratio,
  /** At least SIGNAL_MIN_SAMPLE leads: below it the screen says "Too few to tell". */
  enough: z.boolean(),
});
export type SignalFigures = z.infer<typeof signalFiguresSchema>;

/** A segment's counts, rates, and lifts against all leads. */
export function signalFigures(c: SignalCounts, all: SignalCounts): SignalFigures {
  const rates = (x: SignalCounts) => ({ contact: rate(x.contacted, x.leads), offer: rate(x.offered, x.leads), contract: rate(x.contracted, x.leads) });
  const own = rates(c);
  const base = rates(all);
  return {
    leads: c.leads,
    contacted: c.contacted,
    contact_rate: own.contact,
    offered: c.offered,
    offer_rate: own.offer,
    contracted: c.contracted,
    contract_rate: own.contract,
    lift_contact: lift(own.contact, base.contact),
    lift_offer: lift(own.offer, base.offer),
    lift_contract: lift(own.contract, base.contract),
    enough: c.leads >= SIGNAL_MIN_SAMPLE,
  };
}

export const signalRowSchema = signalFiguresSchema.extend({ key: z.string(), label: z.string(), group: z.enum(SIGNAL_GROUPS) });
export type SignalRow = z.infer<typeof signalRowSchema>;
export const stackRowSchema = signalFiguresSchema.extend({ key: z.string(), label: z.string(), count });
export type StackRow = z.infer<typeof stackRowSchema>;

/** The composite score's signals with fixed points: the distress flags and the equity tiers. */
export const WEIGHTED_SIGNALS = [...DISTRESS_SIGNALS, ...EQUITY_TIERS.map((t) => `equity:${t.over}`)] as const;

const NO_SCORE_INPUT: ScoreInput = {
  motivation_score: null, estimated_value: null, equity_amount: null, tax_delinquent: null, out_of_state_owner: null, pre_foreclosure: null,
  vacant: null, phone: null, email: null, contact_1_phone1: null, contact_1_email1: null, last_contacted_at: null, status: null,
};

/** A signal's points in the composite score (platform.md §9), read from the score: a lead with only that signal. */
export function fixedWeight(key: string): number {
  if (key.startsWith('equity:')) return baseScore({ ...NO_SCORE_INPUT, equity_amount: Number(key.slice('equity:'.length)) + 1 });
  const input = { ...NO_SCORE_INPUT };
  input[key as DistressSignal] = true;
  return baseScore(input);
}

export const signalWeightSchema = z.object({
  key: z.string(),
  label: z.string(),
  fixed: count,
  /** Null: too few leads with the signal, or too few outcomes in the team, to suggest anything. */
  suggested: count.nullable(),
  /** The lift the suggestion rests on (contract rate, or offer rate: `basis`). */
  lift: ratio,
  leads: count,
  enough: z.boolean(),
});
export type SignalWeight = z.infer<typeof signalWeightSchema>;
export type WeightBasis = 'contract' | 'offer';

export const signalWeightsSchema = z.object({ basis: z.enum(['contract', 'offer']).nullable(), items: z.array(signalWeightSchema) });
export type SignalWeights = z.infer<typeof signalWeightsSchema>;

/** Whole numbers in proportion to `shares` that add up to `total` exactly (largest remainders get the units left). */
export function apportion(shares: readonly number[], total: number): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum <= 0) return shares.map(() => 0);
  const exact = shares.map((s) => (total * s) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * The weights the team's outcomes suggest: the fixed points of the signals that can be judged (enough leads), shared
 * out in proportion to each one's lift above 1 (a signal no better than all leads suggests 0). Lift in contract rate
 * once the team has WEIGHT_MIN_OUTCOMES contracted leads, else in offer rate, else nothing is suggested.
 */
export function suggestedWeights(counts: (key: string) => SignalCounts, all: SignalCounts): SignalWeights {
  const basis: WeightBasis | null = all.contracted >= WEIGHT_MIN_OUTCOMES ? 'contract' : all.offered >= WEIGHT_MIN_OUTCOMES ? 'offer' : null;
  const outcome = (c: SignalCounts) => (basis === 'contract' ? c.contracted : c.offered);
  const items = WEIGHTED_SIGNALS.map((key) => {
    const c = counts(key);
    const enough = c.leads >= SIGNAL_MIN_SAMPLE;
    return {
      key, label: signalKeyInfo(key)!.label, fixed: fixedWeight(key), leads: c.leads, enough,
      lift: basis && enough ? lift(rate(outcome(c), c.leads), rate(outcome(all), all.leads)) : null,
    };
  });
  const judged = items.filter((w) => w.lift !== null);
  const shares = apportion(judged.map((w) => Math.max(0, w.lift! - 1)), judged.reduce((sum, w) => sum + w.fixed, 0));
  return { basis, items: items.map((w) => ({ ...w, suggested: w.lift === null ? null : shares[judged.indexOf(w)]! })) };
}

export const signalsAnalyticsSchema = z.object({
  min_sample: count,
  all: signalFiguresSchema,
  /** Every distress signal and band (zeros included), then property types and tags with leads, largest first. */
  rows: z.array(signalRowSchema),
  /** Property types and tags past SIGNAL_GROUP_ROW_LIMIT, not listed. */
  omitted: z.object({ property_type: count, tag: count }),
  weights: signalWeightsSchema,
  /** Leads by how many distress signals they carry, and by how many imported lists they are on; most stacked first. */
  stacks: z.object({ signals: z.array(stackRowSchema), lists: z.array(stackRowSchema) }),
});
export type SignalsAnalytics = z.infer<typeof signalsAnalyticsSchema>;

/** What a number of a row counts: its leads, or those of them contacted, offered or contracted. */
export const SIGNAL_MEASURES = ['leads', 'contacted', 'offered', 'contracted'] as const;
export type SignalMeasure = (typeof SIGNAL_MEASURES)[number];

const KEY_MESSAGE = 'key: expected a signal key such as tax_delinquent, equity:50000 or tag:vacant';
const pageNumber = (field: string, message: string, min: number, max?: number) => {
  const n = z.coerce.number({ error: `${field}: ${message}` }).int(`${field}: ${message}`).min(min, `${field}: ${message}`);
  return max === undefined ? n : n.max(max, `${field}: ${message}`);
};

/** GET /api/analytics/signals/leads: the leads behind one number of the signals report. */
export const signalLeadsQuery = z.object({
  key: z.string({ error: KEY_MESSAGE }).refine((k) => signalKeyInfo(k) !== null, KEY_MESSAGE),
  measure: z.enum(SIGNAL_MEASURES, { error: `measure: expected one of ${SIGNAL_MEASURES.join(', ')}` }).default('leads'),
  limit: pageNumber('limit', 'expected a number from 1 to 200', 1, 200).default(50),
  offset: pageNumber('offset', 'expected 0 or more', 0).default(0),
});
export type SignalLeadsQuery = z.infer<typeof signalLeadsQuery>;

export const signalLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  status: z.string(),
  status_label: z.string(),
  last_contacted_at: z.string().nullable(),
  href: z.string(),
});
export type SignalLeadItem = z.infer<typeof signalLeadSchema>;
export const signalLeadsSchema = z.object({ items: z.array(signalLeadSchema), total: count });
export type SignalLeads = z.infer<typeof signalLeadsSchema>;
