/** How the analytics figures read: counts, rates, durations, and the change against the period before. */

const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const MISSING = '—';

export const countText = (n: number) => countFormat.format(n);

/** 0.254 → "25.4%"; a rate of nothing → "—". */
export const percentText = (rate: number | null) => (rate === null ? MISSING : percentFormat.format(rate));

export const decimalText = (n: number | null) => (n === null ? MISSING : decimalFormat.format(n));

/** 45 → "45 s", 192 → "3 min 12 s", 15_120 → "4 h 12 min". */
export function durationText(seconds: number | null): string {
  if (seconds === null) return MISSING;
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  if (total < 3600) return total % 60 === 0 ? `${total / 60} min` : `${Math.floor(total / 60)} min ${total % 60} s`;
  const minutes = Math.round(total / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A count, a duration or per-hour figure changes by a percentage; a rate by percentage points. */
export type DeltaKind = 'count' | 'rate';

export type Delta = {
  /** "↑ 12%", "↓ 3", "↑ 2.5 pts", "No change" or "—". */
  text: string;
  /** The same for a screen reader: "up 12% against the period before". */
  words: string;
  direction: 'up' | 'down' | 'same' | 'none';
};

const NONE: Delta = { text: MISSING, words: 'nothing to compare with in the period before', direction: 'none' };

function change(direction: 'up' | 'down', amount: string): Delta {
  return { text: `${direction === 'up' ? '↑' : '↓'} ${amount}`, words: `${direction} ${amount} against the period before`, direction };
}

/**
 * The change from `previous` to `current`. A count compares as a percentage of the period before; from nothing it can
 * only say by how much, in the figure's own `format` ("↑ 5", "↑ 1 h 30 min"); a rate compares in percentage points. Nothing on either side: "—".
 */
export function delta(kind: DeltaKind, current: number | null, previous: number | null, format: (n: number) => string = decimalFormat.format): Delta {
  if (current === null || previous === null) return NONE;
  if (kind === 'rate') {
    const points = Math.round((current - previous) * 1000) / 10;
    if (points === 0) return { text: 'No change', words: 'no change against the period before', direction: 'same' };
    return change(points > 0 ? 'up' : 'down', `${decimalFormat.format(Math.abs(points))} pts`);
  }
  if (current === previous) return current === 0 ? NONE : { text: 'No change', words: 'no change against the period before', direction: 'same' };
  if (previous === 0) return change('up', format(current));
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return change(current > previous ? 'up' : 'down', percent === 0 ? 'under 1%' : `${countFormat.format(percent)}%`);
}
