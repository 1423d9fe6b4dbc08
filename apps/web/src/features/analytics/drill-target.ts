/** "Why this number": what a clicked figure stands for, and how the list of its records is named. */
import { CALL_OUTCOME_LABELS, type AnalyticsQuery, type CallOutcome, type DrillMetric } from '@wholesail/domain';
import { createContext, useContext } from 'react';

export type DrillTarget = {
  /** The figure as the screen names it: "Dials", "Connect rate", "Interested or appointment". */
  title: string;
  /** Its records: one metric, or two for a funnel step that adds two outcomes (each listed on its own tab). */
  metrics: readonly DrillMetric[];
  /** The days and member the figure counts (one day for a by-day cell, one member for a by-member row). */
  query: AnalyticsQuery;
  memberName: string | null;
  /** The source or imported list whose records these are (sources and lists are the team's). */
  filter?: DrillFilter;
  /** What the records cover, when not the range and member: "spring-mailers.csv, all time". */
  scope?: string;
};

export type DrillFilter = { source?: string; list?: string };

const METRIC_NOUNS: Partial<Record<DrillMetric, string>> = {
  dials: 'Calls dialed',
  connects: 'Calls answered',
  conversations: 'Calls over 60 seconds',
  texts_sent: 'Texts sent',
  texts_delivered: 'Texts delivered',
  texts_failed: 'Texts that failed',
  replies: 'Replies',
  opt_outs: 'Opt-outs',
  offers: 'Offers made',
  under_contract: 'Deals under contract',
  closed: 'Deals closed',
  source_leads: 'New leads',
  source_contacted: 'Leads first contacted',
  source_under_contract: 'Deals put under contract',
  source_closed: 'Deals closed',
  list_members: 'Leads on the list',
  list_contacted: 'Leads first contacted',
  list_under_contract: 'Deals put under contract',
  list_closed: 'Deals closed',
};

/** What the records behind a metric are: "Calls answered", "Calls marked Interested". */
export function metricNoun(metric: DrillMetric): string {
  if (metric.startsWith('outcome:')) return `Calls marked ${CALL_OUTCOME_LABELS[metric.slice('outcome:'.length) as CallOutcome]}`;
  return METRIC_NOUNS[metric] ?? metric;
}

/** Opens the records behind a figure; the analytics page provides it. */
export const OpenDrillContext = createContext<(target: DrillTarget) => void>(() => {});

export const useOpenDrill = () => useContext(OpenDrillContext);
