/** The contract-rate lift of each signal with enough leads, as bars against the all-leads line at 1×. */
import type { SignalRow } from '@wholesail/domain';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { liftText, liftTone } from './signals-format';

export type LiftBar = { key: string; label: string; lift: number; tone: 'up' | 'down' | 'same' };

/** The chart's bars: rows with enough leads and a lift, highest first. */
export function liftChartData(rows: readonly SignalRow[]): LiftBar[] {
  return rows
    .filter((r) => r.enough && r.lift_contract !== null)
    .map((r) => ({ key: r.key, label: r.label, lift: r.lift_contract!, tone: liftTone(r.lift_contract) }))
    .sort((a, b) => b.lift - a.lift || a.label.localeCompare(b.label));
}

const FILL = { up: 'var(--color-success)', down: 'var(--color-destructive)', same: 'var(--color-muted-foreground)' } as const;
const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };

export function LiftChart({ data }: { data: readonly LiftBar[] }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[...data]}
      style={{ width: '100%', height: 40 + data.length * 30 }}
      margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      aria-label="Contract-rate lift by signal"
    >
      <CartesianGrid horizontal={false} stroke="var(--color-border)" />
      <XAxis type="number" tickFormatter={(v: number) => liftText(v)} tick={tick} tickLine={false} axisLine={false} />
      <YAxis type="category" dataKey="label" width={150} tick={tick} tickLine={false} axisLine={false} interval={0} />
      <Tooltip formatter={(v) => [liftText(Number(v)), 'Contract lift']} contentStyle={{ fontSize: 12, borderRadius: 8 }} cursor={{ fill: 'var(--color-muted)' }} />
      <ReferenceLine x={1} stroke="var(--color-foreground)" strokeDasharray="3 3" label={{ value: 'All leads', position: 'top', fontSize: 11, fill: 'var(--color-muted-foreground)' }} />
      <Bar dataKey="lift" name="Contract lift" radius={[0, 3, 3, 0]}>
        {data.map((d) => (
          <Cell key={d.key} fill={FILL[d.tone]} />
        ))}
      </Bar>
    </BarChart>
  );
}
