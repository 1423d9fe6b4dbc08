/** The growth charts' data, from the report: what each stacked bar or band holds, in the tables' order. */
import type { GrowthAnalytics } from '@wholesail/domain';

/** The chart's series and, per day, each series' value in that order. */
export type Stacked = { series: string[]; rows: Array<{ date: string; values: number[] }> };

/** Sources beyond these many are added up as "Other sources", so the stack stays readable. */
export const TOP_SOURCES = 5;
export const OTHER_SOURCES = 'Other sources';

/** New leads per day, stacked by source: the biggest sources of the range first, the rest together. */
export function inflowChartData(inflow: GrowthAnalytics['inflow'], top = TOP_SOURCES): Stacked {
  const named = inflow.sources.slice(0, top).map((s) => s.source);
  const rest = inflow.sources.length > top;
  return {
    series: rest ? [...named, OTHER_SOURCES] : named,
    rows: inflow.by_day.map((d) => {
      const values = named.map((s) => d.by_source[s] ?? 0);
      return { date: d.date, values: rest ? [...values, d.total - values.reduce((a, b) => a + b, 0)] : values };
    }),
  };
}

/** A pipeline's count per key at the end of each day, stacked in pipeline order. */
export function pipelineChartData(series: GrowthAnalytics['pipeline']['lead_status']): Stacked {
  return {
    series: series.keys.map((k) => k.label),
    rows: series.by_day.map((d) => ({ date: d.date, values: series.keys.map((k) => d.counts[k.key] ?? 0) })),
  };
}
