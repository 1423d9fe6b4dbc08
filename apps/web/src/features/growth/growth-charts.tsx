/** The growth charts (recharts, in this page's chunk only). Each has a table beside it with the same figures. */
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { rangeText, shortDay } from '@/features/analytics/report-range';
import type { Stacked } from './growth-data';

/** A colour per series, the first the app's own; the last series of an inflow stack ("Other sources") is grey. */
const COLOURS = ['var(--color-primary)', 'oklch(0.68 0.14 200)', 'oklch(0.72 0.16 145)', 'oklch(0.76 0.15 75)', 'oklch(0.64 0.19 28)', 'oklch(0.6 0.13 320)', 'oklch(0.7 0.1 250)'];
const colour = (i: number, series: readonly string[], grey?: string) => (series[i] === grey ? 'var(--color-muted-foreground)' : COLOURS[i % COLOURS.length]!);

const CHART = { responsive: true, style: { width: '100%', height: 260 }, margin: { top: 8, right: 8, bottom: 0, left: -16 } } as const;
const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
const legend = { iconSize: 8, wrapperStyle: { fontSize: 12 } };
/** The legend in the stack's order (recharts sorts it by name otherwise). */
const inOrder = (series: readonly string[]) => (item: { value?: unknown }) => series.indexOf(String(item.value));
const dayLabel = (day: unknown) => rangeText(String(day), String(day));

/** New leads per day, a bar stacked by source. */
export function InflowChart({ data, grey }: { data: Stacked; grey?: string }) {
  return (
    <BarChart {...CHART} data={data.rows} aria-label="New leads by day and source">
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="date" tickFormatter={shortDay} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip contentStyle={{ fontSize: 12, borderRadius: 8 }} cursor={{ fill: 'var(--color-muted)' }} labelFormatter={dayLabel} />
      <Legend {...legend} itemSorter={inOrder(data.series)} />
      {data.series.map((name, i) => (
        <Bar key={name} stackId="inflow" dataKey={(row: Stacked['rows'][number]) => row.values[i]} name={name} fill={colour(i, data.series, grey)} />
      ))}
    </BarChart>
  );
}

/** Each key's count at the end of each day, stacked bands in pipeline order. */
export function PipelineChart({ data, label }: { data: Stacked; label: string }) {
  return (
    <AreaChart {...CHART} data={data.rows} aria-label={label}>
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="date" tickFormatter={shortDay} tick={tick} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip contentStyle={{ fontSize: 12, borderRadius: 8 }} cursor={{ stroke: 'var(--color-border)' }} labelFormatter={dayLabel} />
      <Legend {...legend} itemSorter={inOrder(data.series)} />
      {data.series.map((name, i) => (
        <Area
          key={name}
          type="monotone"
          stackId="pipeline"
          dataKey={(row: Stacked['rows'][number]) => row.values[i]}
          name={name}
          stroke={colour(i, data.series)}
          fill={colour(i, data.series)}
          fillOpacity={0.35}
        />
      ))}
    </AreaChart>
  );
}
