/** Leads and deals per source (recharts, in this page's chunk): the Sources table beside it has the same figures. */
import type { SourcesAnalytics } from '@wholesail/domain';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/** The chart's bars: each source's leads and deals put under contract, in the table's order. */
export function sourceChartData(sources: SourcesAnalytics['sources']): Array<{ source: string; leads: number; deals: number }> {
  return sources.map((s) => ({ source: s.source, leads: s.leads, deals: s.under_contract }));
}

const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
/** Long source names are cut on the axis; the tooltip and the table say them whole. */
const shortName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);

export function SourcesChart({ sources }: { sources: SourcesAnalytics['sources'] }) {
  const data = sourceChartData(sources);
  // A bar pair per source, one below the other: names stay readable at 390 px.
  const height = Math.max(160, 44 * data.length + 48);
  return (
    <BarChart responsive style={{ width: '100%', height }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} data={data} layout="vertical" barGap={2} aria-label="Leads and deals by source">
      <CartesianGrid horizontal={false} stroke="var(--color-border)" />
      <XAxis type="number" allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
      <YAxis type="category" dataKey="source" tickFormatter={shortName} tick={tick} tickLine={false} axisLine={false} width={112} />
      <Tooltip contentStyle={{ fontSize: 12, borderRadius: 8 }} cursor={{ fill: 'var(--color-muted)' }} />
      <Legend iconSize={8} wrapperStyle={{ fontSize: 12 }} />
      {/* Solid, distinct fills: the legend shows a bar's fill without its opacity. */}
      <Bar dataKey="leads" name="Leads" fill="var(--color-muted-foreground)" radius={[0, 3, 3, 0]} />
      <Bar dataKey="deals" name="Deals under contract" fill="var(--color-primary)" radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}
