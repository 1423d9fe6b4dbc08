/** The analytics charts (recharts, in this page's chunk only). Each has a table beside it with the same figures. */
import type { CallsAnalytics, TextsAnalytics } from '@wholesail/domain';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { rangeText, shortDay } from './report-range';

const CHART = { responsive: true, style: { width: '100%', height: 240 }, margin: { top: 8, right: 8, bottom: 0, left: -16 } } as const;
const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
const tooltip = { contentStyle: { fontSize: 12, borderRadius: 8 }, cursor: { fill: 'var(--color-muted)' } };
const legend = { iconSize: 8, wrapperStyle: { fontSize: 12 } };
const dayTick = (day: string) => shortDay(day);
const dayLabel = (day: unknown) => rangeText(String(day), String(day));

export function CallsByDayChart({ data }: { data: CallsAnalytics['by_day'] }) {
  return (
    <BarChart {...CHART} data={data} barGap={2} aria-label="Dials and connects by day">
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="date" tickFormatter={dayTick} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip {...tooltip} labelFormatter={dayLabel} />
      <Legend {...legend} />
      <Bar dataKey="dials" name="Dials" fill="var(--color-primary)" fillOpacity={0.3} radius={[3, 3, 0, 0]} />
      <Bar dataKey="connects" name="Connects" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}

export function TextsByDayChart({ data }: { data: TextsAnalytics['by_day'] }) {
  return (
    <LineChart {...CHART} data={data} aria-label="Texts sent, delivered, replies and opt-outs by day">
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="date" tickFormatter={dayTick} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip {...tooltip} cursor={{ stroke: 'var(--color-border)' }} labelFormatter={dayLabel} />
      <Legend {...legend} />
      <Line dataKey="sent" name="Sent" stroke="var(--color-muted-foreground)" strokeWidth={2} dot={false} />
      <Line dataKey="delivered" name="Delivered" stroke="var(--color-primary)" strokeWidth={2} dot={false} />
      <Line dataKey="replies" name="Replies" stroke="var(--color-success)" strokeWidth={2} dot={false} />
      <Line dataKey="opt_outs" name="Opt-outs" stroke="var(--color-destructive)" strokeWidth={2} dot={false} />
    </LineChart>
  );
}
