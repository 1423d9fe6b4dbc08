/**
 * Starting points the empty rules list offers: rules most wholesale teams want on day one. Choosing one opens the
 * editor filled in; nothing is saved until the member saves it.
 */
import type { Sequence } from '@wholesail/domain';
import type { RuleShape } from './rule-draft';

export type RuleTemplate = {
  id: string;
  /** What the rule is for, in a line. */
  why: string;
  rule: RuleShape;
  /** The sequence an enrol action suggests; the editor picks a sequence of that name when there is one. */
  sequenceName?: string;
};

export const RULE_TEMPLATES: readonly RuleTemplate[] = [
  {
    id: 'no-answer',
    why: 'Most sellers answer on a later touch: keep following up without remembering to.',
    sequenceName: 'No answer follow-up',
    rule: {
      name: 'No answer after 3 calls',
      trigger: { type: 'calls_unanswered', count: 3 },
      conditions: {},
      actions: [{ type: 'enrol', sequence_id: '' }],
      is_active: true,
    },
  },
  {
    id: 'interested',
    why: 'A seller who says yes should not wait: the team hears of it at once.',
    rule: {
      name: 'Interested seller: make an offer',
      trigger: { type: 'call_completed', outcome: 'interested' },
      conditions: {},
      actions: [
        { type: 'set_status', status: 'interested-set-offer' },
        { type: 'notify', message: 'A seller said they are interested: prepare an offer today.', user_ids: [] },
      ],
      is_active: true,
    },
  },
  {
    id: 'motivated-import',
    why: 'Imported lists are long: call the most motivated sellers first.',
    rule: {
      name: 'Motivated imported lead: call today',
      trigger: { type: 'lead_imported' },
      conditions: { minMotivation: 7 },
      actions: [{ type: 'create_task', title: 'Call this motivated seller', due_in_minutes: 60 }],
      is_active: true,
    },
  },
];

/** The template's rule with its suggested sequence picked, when the organization has one of that name. */
export function templateRule(template: RuleTemplate, sequences: readonly Sequence[]): RuleShape {
  const wanted = template.sequenceName?.toLowerCase();
  const sequence = wanted ? sequences.find((s) => s.name.trim().toLowerCase() === wanted) : undefined;
  return { ...template.rule, actions: template.rule.actions.map((a) => (a.type === 'enrol' ? { ...a, sequence_id: sequence?.id ?? '' } : a)) };
}
