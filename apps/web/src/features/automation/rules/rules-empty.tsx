import { ruleSentence, type RuleNames } from '@wholesail/domain';
import { PlusIcon, WorkflowIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RULE_TEMPLATES, type RuleTemplate } from './rule-templates';

type Props = { names: RuleNames; onStart: (template: RuleTemplate | null) => void };

/** No rule yet: what a rule is, and rules most teams want, offered as starting points to edit and save. */
export function RulesEmpty({ names, onStart }: Props) {
  return (
    <Card className="grid gap-4 border-dashed p-5 shadow-none sm:p-6">
      <div className="flex flex-col items-center gap-2 text-center">
        <WorkflowIcon className="size-7 text-muted-foreground" aria-hidden />
        <h3 className="text-base font-semibold">No rules yet</h3>
        <p className="max-w-xl text-sm text-muted-foreground">
          A rule watches for something to happen to a lead (a call nobody answers, a text back, a new import) and does the follow-up for you: it enrols
          the lead in a sequence, changes its status, tags or assigns it, creates a task or tells the team. Start from one of these, or write your own.
        </p>
      </div>
      <ul className="grid gap-3 lg:grid-cols-3" aria-label="Starting points">
        {RULE_TEMPLATES.map((template) => (
          <li key={template.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
            <h4 className="text-sm font-semibold">{template.rule.name}</h4>
            <p className="text-sm">{ruleSentence(template.rule, { ...names, sequence: () => template.sequenceName ?? null })}</p>
            <p className="flex-1 text-xs text-muted-foreground">{template.why}</p>
            <div>
              <Button variant="outline" size="sm" aria-label={`Start from “${template.rule.name}”`} onClick={() => onStart(template)}>
                Start from this
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex justify-center">
        <Button onClick={() => onStart(null)}>
          <PlusIcon aria-hidden /> Write a rule from scratch
        </Button>
      </div>
    </Card>
  );
}
