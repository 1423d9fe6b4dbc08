import type { RuleRunOutcome } from '@wholesail/domain';

/** The lead timeline's entry of a rule's run (activity/describe.ts turns it into a sentence). */
export const RULE_RUN_ACTION = 'automation.rule_run';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * "Rule “Hot leads”: Enrolled in “Cold follow-up”; Tagged “hot”", "Rule “Hot leads” skipped: <reason>", "Rule “Hot
 * leads” failed: <reason>". Details: rule_name, outcome, actions (the run's sentences), reason.
 */
export function describeRule(action: string, details: Record<string, unknown>): string | null {
  if (action !== RULE_RUN_ACTION) return null;
  const rule = typeof details.rule_name === 'string' ? `Rule “${details.rule_name}”` : 'A rule';
  const reason = typeof details.reason === 'string' && details.reason ? `: ${details.reason}` : '';
  switch (details.outcome as RuleRunOutcome) {
    case 'applied':
      return `${rule}: ${strings(details.actions).join('; ') || 'applied'}`;
    case 'failed':
      return `${rule} failed${reason}`;
    default:
      return `${rule} skipped${reason}`;
  }
}
