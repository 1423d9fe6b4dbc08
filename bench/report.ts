/** What every benchmark hands back to bench/run.ts: one row a figure, with its budget when it has one. */
export interface BenchRow {
  name: string;
  value: number | null;
  unit: string;
  /** E.g. '≤ 200' or '≥ 0.5'; null when the figure has no budget (printed for information). */
  budget: string | null;
  ok: boolean;
  /** Why there is no value (a skipped benchmark). */
  note?: string;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A figure checked against an upper (`max`) or lower (`min`) budget, or none. */
export function figure(name: string, value: number, unit: string, limit: { max?: number; min?: number } = {}): BenchRow {
  if (limit.max !== undefined) return { name, value, unit, budget: `≤ ${limit.max}`, ok: value <= limit.max };
  if (limit.min !== undefined) return { name, value, unit, budget: `≥ ${limit.min}`, ok: value >= limit.min };
  return { name, value, unit, budget: null, ok: true };
}

export const skipped = (name: string, note: string): BenchRow => ({ name, value: null, unit: '', budget: null, ok: true, note });

const show = (v: number | null) => (v === null ? '' : v.toLocaleString('en-US', { maximumFractionDigits: 2 }));

/** One line a row: bench, figure, value, budget, and OK / OVER (or why there is no value). */
export function formatTable(rows: Array<BenchRow & { bench: string }>): string {
  const cells = rows.map((r) => [
    r.bench,
    r.name,
    `${show(r.value)} ${r.unit}`.trim(),
    r.budget ? `${r.budget} ${r.unit}`.trim() : '',
    r.note ?? (r.budget ? (r.ok ? 'OK' : 'OVER') : ''),
  ]);
  const head = ['bench', 'figure', 'value', 'budget', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 2 || i === 3 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
