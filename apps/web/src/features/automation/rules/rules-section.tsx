import type { Rule } from '@wholesail/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SectionState } from '@/components/section-state';
import { DryRunDialog } from './dry-run-dialog';
import { blankAction, draftOf, emptyDraft } from './rule-draft';
import { RuleCard } from './rule-card';
import { RuleEditorDialog, type EditorTarget } from './rule-editor-dialog';
import { useRuleNames } from './rule-names';
import { RulesEmpty } from './rules-empty';
import { templateRule } from './rule-templates';
import { useRules } from './rules-api';

/** The Rules tab of /automation: every rule in a sentence, its switch and dry run, the editor, and starting points when there is none. */
export function RulesSection() {
  const rules = useRules();
  const { names, sequences, members, ready } = useRuleNames();
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const [dryRun, setDryRun] = useState<Rule | null>(null);
  const newRule = () => setTarget({ ruleId: null, draft: { ...emptyDraft(), actions: [blankAction()] } });

  return (
    <section className="grid gap-3" aria-labelledby="rules-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="rules-title" className="text-lg font-semibold">
            Rules
          </h2>
          <p className="text-sm text-muted-foreground">When something happens to a lead, do the follow-up automatically. Switch a rule off to pause it.</p>
        </div>
        <Button onClick={newRule}>
          <PlusIcon aria-hidden /> New rule
        </Button>
      </div>
      <SectionState
        query={rules}
        empty={<RulesEmpty names={names} onStart={(t) => (t ? setTarget({ ruleId: null, draft: draftOf(templateRule(t, sequences)) }) : newRule())} />}
      >
        {(items) =>
          // The sentences name sequences and members: wait for both lists rather than show a name as missing.
          ready ? (
            <ul className="grid gap-3">
              {items.map((rule) => (
                <li key={rule.id}>
                  <RuleCard rule={rule} names={names} onEdit={() => setTarget({ ruleId: rule.id, draft: draftOf(rule) })} onDryRun={() => setDryRun(rule)} />
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton className="h-24 w-full" />
          )
        }
      </SectionState>
      <RuleEditorDialog target={target} sequences={sequences} members={members} names={names} onClose={() => setTarget(null)} />
      <DryRunDialog rule={dryRun} onClose={() => setDryRun(null)} />
    </section>
  );
}
