import { sql } from 'kysely';
import {
  DISTRESS_SIGNALS,
  EQUITY_BANDS,
  MOTIVATION_BANDS,
  NO_COUNTS,
  SIGNAL_GROUP_ROW_LIMIT,
  SIGNAL_MIN_SAMPLE,
  signalFigures,
  signalKeyInfo,
  suggestedWeights,
  YEARS_OWNED_BANDS,
  type SignalCounts,
  type SignalGroup,
  type SignalRow,
  type SignalsAnalytics,
  type StackRow,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';

/**
 * GET /api/analytics/signals (docs/api-signals-analytics.md): the organization's counter rows of migration 0038 (one
 * per key with leads: a few dozen, plus its tags and property types), turned into rates, lifts, weights and stacks.
 */

type Counted = SignalCounts & { key: string };

/** Every counter row of the organization that counts a lead. */
async function counterRows(tx: Tx, organizationId: string): Promise<Counted[]> {
  const { rows } = await sql<Counted>`
    select key, leads, contacted, offered, contracted from analytics_signal_counts
    where organization_id = ${organizationId} and leads > 0`.execute(tx);
  return rows;
}

/** The bands of each fixed group, in the order the screen lists them. */
const FIXED_KEYS: ReadonlyArray<[SignalGroup, readonly string[]]> = [
  ['distress', DISTRESS_SIGNALS],
  ['equity', EQUITY_BANDS.map((b) => `equity:${b}`)],
  ['motivation', [...MOTIVATION_BANDS.map((b) => `motivation:${b.key}`), 'motivation:unknown']],
  ['years_owned', [...YEARS_OWNED_BANDS.map((b) => `years_owned:${b.min}`), 'years_owned:unknown']],
];
const OPEN_GROUPS = ['property_type', 'tag'] as const satisfies readonly SignalGroup[];

const byLeads = (a: { leads: number; label: string }, b: { leads: number; label: string }) => b.leads - a.leads || a.label.localeCompare(b.label);

export async function signalsAnalytics(tx: Tx, organizationId: string): Promise<SignalsAnalytics> {
  const rows = await counterRows(tx, organizationId);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const counts = (key: string): SignalCounts => byKey.get(key) ?? NO_COUNTS;
  const all = counts('all');
  const row = (group: SignalGroup, key: string): SignalRow => ({ key, label: signalKeyInfo(key)!.label, group, ...signalFigures(counts(key), all) });

  const fixed = FIXED_KEYS.flatMap(([group, keys]) => keys.map((key) => row(group, key)));
  const omitted = { property_type: 0, tag: 0 };
  const open = OPEN_GROUPS.flatMap((group) => {
    const listed = rows.filter((r) => signalKeyInfo(r.key)?.kind === group).map((r) => row(group, r.key)).sort(byLeads);
    omitted[group] = Math.max(0, listed.length - SIGNAL_GROUP_ROW_LIMIT);
    return listed.slice(0, SIGNAL_GROUP_ROW_LIMIT);
  });

  const stack = (key: string, count: number): StackRow => ({ key, label: signalKeyInfo(key)!.label, count, ...signalFigures(counts(key), all) });
  const listCounts = rows.map((r) => /^lists:(\d+)$/.exec(r.key)).filter((m) => m !== null).map((m) => Number(m[1])).sort((a, b) => b - a);

  return {
    min_sample: SIGNAL_MIN_SAMPLE,
    all: signalFigures(all, all),
    rows: [...fixed, ...open],
    omitted,
    weights: suggestedWeights(counts, all),
    stacks: {
      signals: Array.from({ length: DISTRESS_SIGNALS.length + 1 }, (_, i) => DISTRESS_SIGNALS.length - i).map((n) => stack(`signals:${n}`, n)),
      lists: listCounts.map((n) => stack(`lists:${n}`, n)),
    },
  };
}
