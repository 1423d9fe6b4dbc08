/** How the signals figures read: "12 of 340", "3.5%", "1.8×", and the table as a CSV file. */
import { SIGNAL_GROUP_LABELS, type SignalFigures, type SignalMeasure, type SignalRow } from '@wholesail/domain';
import { toCsv } from '@/features/analytics/csv';
import { countText, MISSING, percentText } from '@/features/analytics/figure-format';

export const TOO_FEW = 'Too few to tell';

const liftFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1.83 → "1.8×"; no lift → "—". */
export const liftText = (lift: number | null) => (lift === null ? MISSING : `${liftFormat.format(lift)}×`);

/** "1.8 times the rate of all leads", for a screen reader. */
export const liftWords = (lift: number | null) => (lift === null ? 'no rate to compare' : `${liftFormat.format(lift)} times the rate of all leads`);

/** Clearly better than all leads (a fifth or more), clearly worse, or about the same. */
export function liftTone(lift: number | null): 'up' | 'down' | 'same' {
  if (lift === null) return 'same';
  if (lift >= 1.2) return 'up';
  return lift <= 0.8 ? 'down' : 'same';
}

/** The three outcomes a row counts, each with its count, rate and lift. */
export const OUTCOMES = [
  { measure: 'contacted', header: 'Contacted', count: 'contacted', rate: 'contact_rate', lift: 'lift_contact' },
  { measure: 'offered', header: 'Appointment or offer', count: 'offered', rate: 'offer_rate', lift: 'lift_offer' },
  { measure: 'contracted', header: 'Contract', count: 'contracted', rate: 'contract_rate', lift: 'lift_contract' },
] as const satisfies ReadonlyArray<{ measure: SignalMeasure; header: string; count: keyof SignalFigures; rate: keyof SignalFigures; lift: keyof SignalFigures }>;

export type Outcome = (typeof OUTCOMES)[number];

/** "12 of 340". */
export const ofText = (part: number, whole: number) => `${countText(part)} of ${countText(whole)}`;

/** A lift as the table shows it: below the minimum sample there is none to trust. */
export const shownLift = (row: SignalFigures, outcome: Outcome) => (row.enough ? liftText(row[outcome.lift]) : TOO_FEW);

/** The table exactly as the screen reads it, one line per signal, with its group. */
export function signalsCsv(rows: readonly SignalRow[]): string {
  const headers = ['Group', 'Signal', 'Leads', ...OUTCOMES.flatMap((o) => [o.header, `${o.header} rate`, `${o.header} lift`])];
  return toCsv(
    headers,
    rows.map((r) => [
      SIGNAL_GROUP_LABELS[r.group], r.label, countText(r.leads),
      ...OUTCOMES.flatMap((o) => [ofText(r[o.count], r.leads), percentText(r[o.rate]), shownLift(r, o)]),
    ]),
  );
}
