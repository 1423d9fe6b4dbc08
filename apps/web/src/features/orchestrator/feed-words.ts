/** How the orchestrator's screens name an item, its outcome and its times. */
import { AI_JOB_KIND_LABELS, FEED_FUTURE_OUTCOMES, RULE_TRIGGER_LABELS, type AiJobKind, type FeedItem, type FeedOutcome, type RuleTriggerType, type StepKind } from '@wholesail/domain';
import type { badgeVariants } from '@/components/ui/badge';
import { STEP_KIND_NOUNS } from '@/features/automation/step-words';
import type { VariantProps } from 'class-variance-authority';

/** "Text · step 2 of 3 in ‘New lead follow-up’", "Rule ‘Hot leads’ · A call ends", "AI score". */
export function feedWhat(item: FeedItem): string {
  if (item.source === 'sequence' && item.sequence) {
    const step = item.step_index === null ? '' : ` · step ${item.step_index + 1} of ${item.sequence.step_count}`;
    return `${STEP_KIND_NOUNS[item.kind as StepKind]}${step} in ‘${item.sequence.name}’`;
  }
  if (item.source === 'rule' && item.rule) return `Rule ‘${item.rule.name}’ · ${RULE_TRIGGER_LABELS[item.kind as RuleTriggerType]}`;
  return AI_JOB_KIND_LABELS[item.kind as AiJobKind] ?? item.kind;
}

export const OUTCOME_VARIANTS: { readonly [O in FeedOutcome]: VariantProps<typeof badgeVariants>['variant'] } = {
  done: 'success', applied: 'success', running: 'default', due: 'outline', moved: 'outline', queued: 'outline', retrying: 'outline',
  skipped: 'secondary', cancelled: 'secondary', failed: 'destructive',
};

export const isFuture = (outcome: FeedOutcome) => FEED_FUTURE_OUTCOMES.includes(outcome);

const dayTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 25, 8:00 AM" in the viewer's time zone. */
export const dateTimeText = (iso: string) => dayTime.format(new Date(iso));

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words: "12 seconds", "3 minutes", "2 hours", "4 days". */
export function ageText(seconds: number): string {
  if (seconds < 60) return plural(Math.round(seconds), 'second');
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / 86_400), 'day');
}
