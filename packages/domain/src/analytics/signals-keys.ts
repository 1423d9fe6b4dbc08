import { motivationLabel } from '../leads/display';
import type { LeadStatus } from '../leads/lead-fields';
import { EQUITY_TIERS } from '../leads/score';

/**
 * The keys the signals analytics count leads under (issue 23, docs/api-signals-analytics.md). Migration 0038 makes
 * them in SQL for the counters (analytics_signal_keys(), and each tag once); leadSignalKeys() below is the same rule in
 * TypeScript, which the server's property test holds the counters to.
 */

export const SIGNAL_GROUPS = ['distress', 'equity', 'motivation', 'property_type', 'years_owned', 'tag'] as const;
export type SignalGroup = (typeof SIGNAL_GROUPS)[number];
export const SIGNAL_GROUP_LABELS: Record<SignalGroup, string> = {
  distress: 'Distress',
  equity: 'Equity',
  motivation: 'Motivation',
  property_type: 'Property type',
  years_owned: 'Years owned',
  tag: 'Tags',
};

/** The distress flags; "vacant" is either of the lead's two vacancy columns. */
export const DISTRESS_SIGNALS = ['tax_delinquent', 'pre_foreclosure', 'vacant', 'out_of_state_owner'] as const;
export type DistressSignal = (typeof DISTRESS_SIGNALS)[number];
const DISTRESS_LABELS: Record<DistressSignal, string> = {
  tax_delinquent: 'Tax delinquent',
  pre_foreclosure: 'Pre-foreclosure',
  vacant: 'Vacant',
  out_of_state_owner: 'Out-of-state owner',
};

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** Equity bands: each tier of the composite score up to the tier above it, then the rest, then no equity on file. */
export const EQUITY_BANDS = [...EQUITY_TIERS.map((t) => String(t.over)), '0', 'unknown'] as const;
function equityLabel(band: string): string {
  if (band === 'unknown') return 'Equity not known';
  const lowest = EQUITY_TIERS.at(-1)!.over;
  if (band === '0') return `Equity ${usd(lowest)} or less`;
  const i = EQUITY_TIERS.findIndex((t) => String(t.over) === band);
  const above = EQUITY_TIERS[i - 1];
  return above ? `Equity over ${usd(EQUITY_TIERS[i]!.over)} up to ${usd(above.over)}` : `Equity over ${usd(EQUITY_TIERS[i]!.over)}`;
}

/** Motivation bands: the lead list's motivation labels (display.ts motivationLabel), and no score at all. */
export const MOTIVATION_BANDS = [
  { key: 'very_high', label: 'Very High', words: 'Very high motivation (8 or more)' },
  { key: 'high', label: 'High', words: 'High motivation (6 to under 8)' },
  { key: 'medium', label: 'Medium', words: 'Medium motivation (4 to under 6)' },
  { key: 'low', label: 'Low', words: 'Low motivation (under 4)' },
] as const;

/** Years owned (ownership_length): at least `min` years and under the band above. */
export const YEARS_OWNED_BANDS = [
  { min: 20, words: 'Owned 20 years or more' },
  { min: 10, words: 'Owned 10 to under 20 years' },
  { min: 5, words: 'Owned 5 to under 10 years' },
  { min: 2, words: 'Owned 2 to under 5 years' },
  { min: 0, words: 'Owned under 2 years' },
] as const;

/** A lead counts as offered (an appointment set or an offer made) and as contracted by its status. */
export const SIGNAL_OFFER_STATUSES = ['interested-set-offer', 'under-contract', 'closed'] as const satisfies readonly LeadStatus[];
export const SIGNAL_CONTRACT_STATUSES = ['under-contract', 'closed'] as const satisfies readonly LeadStatus[];

/** The lead fields the keys and outcomes read. */
export interface SignalLead {
  status: string;
  last_contacted_at: string | Date | null;
  tax_delinquent: boolean | null;
  pre_foreclosure: boolean | null;
  vacant: boolean | null;
  vacancy_flag: boolean | null;
  out_of_state_owner: boolean | null;
  equity_amount: number | null;
  motivation_score: number | null;
  property_type: string | null;
  ownership_length: number | null;
  badges: readonly string[];
}

/** The most characters of a property type a key keeps (as a tag's). */
export const SIGNAL_VALUE_MAX = 60;

/** A property type as its key holds it: spaces collapsed, trimmed, lower-case, at most 60 characters. */
export const propertyTypeValue = (raw: string | null): string | null => {
  const value = (raw ?? '').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, SIGNAL_VALUE_MAX);
  return value === '' ? null : value;
};

export function distressFlags(lead: SignalLead): Record<DistressSignal, boolean> {
  return {
    tax_delinquent: lead.tax_delinquent === true,
    pre_foreclosure: lead.pre_foreclosure === true,
    vacant: lead.vacant === true || lead.vacancy_flag === true,
    out_of_state_owner: lead.out_of_state_owner === true,
  };
}

function equityBand(equity: number | null): string {
  if (equity === null) return 'unknown';
  return String(EQUITY_TIERS.find((t) => equity > t.over)?.over ?? 0);
}

function motivationBand(score: number | null): string {
  if (score === null) return 'unknown';
  const label = motivationLabel(score);
  return MOTIVATION_BANDS.find((b) => b.label === label)!.key;
}

function yearsOwnedBand(years: number | null): string {
  if (years === null) return 'unknown';
  return String(YEARS_OWNED_BANDS.find((b) => years >= b.min)?.min ?? 0);
}

/** Every key a counted lead adds to, given how many imported lists it is on (a deleted lead counts nowhere). */
export function leadSignalKeys(lead: SignalLead, lists: number): string[] {
  const flags = distressFlags(lead);
  const on = DISTRESS_SIGNALS.filter((s) => flags[s]);
  return [
    'all',
    `lists:${lists}`,
    `signals:${on.length}`,
    ...on,
    `equity:${equityBand(lead.equity_amount)}`,
    `motivation:${motivationBand(lead.motivation_score)}`,
    `property_type:${propertyTypeValue(lead.property_type) ?? 'unknown'}`,
    `years_owned:${yearsOwnedBand(lead.ownership_length)}`,
    ...[...new Set(lead.badges.filter((b) => b !== ''))].map((b) => `tag:${b}`),
  ];
}

/** What a lead turned into so far: contacted (last_contacted_at set), offered, contracted (its status). */
export function leadOutcomes(lead: Pick<SignalLead, 'status' | 'last_contacted_at'>) {
  return {
    contacted: lead.last_contacted_at !== null,
    offered: (SIGNAL_OFFER_STATUSES as readonly string[]).includes(lead.status),
    contracted: (SIGNAL_CONTRACT_STATUSES as readonly string[]).includes(lead.status),
  };
}

/** What a key counts: one of the groups, a stack (signals at once, lists), or every lead. */
export type SignalKeyKind = SignalGroup | 'signals' | 'lists' | 'all';
export type SignalKeyInfo = { kind: SignalKeyKind; label: string };

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const WHOLE = /^(0|[1-9]\d{0,5})$/;

const BANDED: Partial<Record<SignalKeyKind, (band: string) => string | null>> = {
  equity: (band) => ((EQUITY_BANDS as readonly string[]).includes(band) ? equityLabel(band) : null),
  motivation: (band) => (band === 'unknown' ? 'No motivation score' : (MOTIVATION_BANDS.find((b) => b.key === band)?.words ?? null)),
  years_owned: (band) => (band === 'unknown' ? 'Years owned not known' : (YEARS_OWNED_BANDS.find((b) => String(b.min) === band)?.words ?? null)),
  property_type: (value) => (value === 'unknown' ? 'Property type not known' : capitalised(value)),
  tag: (value) => value,
  signals: (n) => {
    if (!WHOLE.test(n) || Number(n) > DISTRESS_SIGNALS.length) return null;
    return n === '0' ? 'No distress signal' : n === '1' ? '1 distress signal' : `${n} distress signals at once`;
  },
  lists: (n) => (!WHOLE.test(n) ? null : n === '0' ? 'On no imported list' : n === '1' ? 'On 1 imported list' : `On ${n} imported lists`),
};

/** A key's kind and the words for it, or null when no lead could ever be counted under it. */
export function signalKeyInfo(key: string): SignalKeyInfo | null {
  if (key === 'all') return { kind: 'all', label: 'All leads' };
  if ((DISTRESS_SIGNALS as readonly string[]).includes(key)) return { kind: 'distress', label: DISTRESS_LABELS[key as DistressSignal] };
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const kind = key.slice(0, colon) as SignalKeyKind;
  const value = key.slice(colon + 1);
  const describe = Object.hasOwn(BANDED, kind) ? BANDED[kind] : undefined;
  if (!describe || value.length === 0 || value.length > SIGNAL_VALUE_MAX) return null;
  const label = describe(value);
  return label === null ? null : { kind, label };
}
