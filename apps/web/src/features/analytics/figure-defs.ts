/** The figures of each report, once: their label, how they read, how they compare, and the records behind them. */
import type { CallFigures, DrillMetric, TextFigures } from '@wholesail/domain';
import { countText, decimalText, durationText, percentText, type DeltaKind } from './figure-format';

export type FigureDef<F> = {
  key: keyof F & string;
  label: string;
  kind: DeltaKind;
  /** A rate's records are those it counts (connect rate → the connects). */
  metric: DrillMetric;
  format: (value: number | null) => string;
  upIsGood?: boolean;
};

const count = (value: number | null) => (value === null ? '—' : countText(value));

export const CALL_FIGURES: readonly FigureDef<CallFigures>[] = [
  { key: 'dials', label: 'Dials', kind: 'count', metric: 'dials', format: count },
  { key: 'connects', label: 'Connects', kind: 'count', metric: 'connects', format: count },
  { key: 'connect_rate', label: 'Connect rate', kind: 'rate', metric: 'connects', format: percentText },
  { key: 'conversations', label: 'Conversations', kind: 'count', metric: 'conversations', format: count },
  { key: 'talk_time_sec', label: 'Talk time', kind: 'count', metric: 'connects', format: durationText },
  { key: 'avg_duration_sec', label: 'Average call', kind: 'count', metric: 'connects', format: durationText },
  { key: 'dials_per_hour', label: 'Dials per hour', kind: 'count', metric: 'dials', format: decimalText },
];

export const TEXT_FIGURES: readonly FigureDef<TextFigures>[] = [
  { key: 'sent', label: 'Sent', kind: 'count', metric: 'texts_sent', format: count },
  { key: 'delivered', label: 'Delivered', kind: 'count', metric: 'texts_delivered', format: count },
  { key: 'failed', label: 'Failed', kind: 'count', metric: 'texts_failed', format: count, upIsGood: false },
  { key: 'replies', label: 'Replies', kind: 'count', metric: 'replies', format: count },
  { key: 'reply_rate', label: 'Reply rate', kind: 'rate', metric: 'replies', format: percentText },
  { key: 'opt_outs', label: 'Opt-outs', kind: 'count', metric: 'opt_outs', format: count, upIsGood: false },
  { key: 'opt_out_rate', label: 'Opt-out rate', kind: 'rate', metric: 'opt_outs', format: percentText, upIsGood: false },
];
