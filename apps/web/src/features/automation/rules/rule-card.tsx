import { ruleSentence, type Rule, type RuleNames } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConicalIcon, PencilIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { relativeTime } from '@/features/leads/lead-format';
import { sentence } from '@/lib/sentence';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { updateRule } from './rules-api';

type Props = { rule: Rule; names: RuleNames; onEdit: () => void; onDryRun: () => void };

/** "Applied to 12 leads, last 3 hours ago", or that it has not acted yet. */
function runsText(runs: Rule['runs'], now = new Date()): string {
  if (runs.applied === 0 || runs.last_at === null) return 'Has not acted on a lead yet';
  return `Applied to ${runs.applied.toLocaleString('en-US')} lead${runs.applied === 1 ? '' : 's'}, last ${relativeTime(runs.last_at, now)}`;
}

/** One rule: its name and sentence, the on/off switch, what it has done, and its dry run and editor. */
export function RuleCard({ rule, names, onEdit, onDryRun }: Props) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (on: boolean) => updateRule(rule.id, { is_active: on }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.automation.rules.all });
      toast.success(saved.is_active ? `“${saved.name}” is on` : `“${saved.name}” is off: it does nothing until you switch it on`);
    },
    onError: (error) => toast.error('Could not switch the rule', { description: sentence(error.message) }),
  });
  // While the change is on its way, the switch shows where it is going.
  const on = toggle.isPending ? toggle.variables : rule.is_active;
  const switchId = `rule-switch-${rule.id}`;

  return (
    <Card className={cn('grid gap-3 p-4', !on && 'bg-muted/40')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{rule.name}</h3>
          <p className="mt-1 text-sm">{ruleSentence(rule, names)}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label htmlFor={switchId} className="text-xs text-muted-foreground">
            {on ? 'On' : 'Off'}
          </label>
          <Switch id={switchId} aria-label={`Rule “${rule.name}” on`} checked={on} disabled={toggle.isPending} onCheckedChange={(next) => toggle.mutate(next)} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{runsText(rule.runs)}</p>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Dry run “${rule.name}”`} onClick={onDryRun}>
            <FlaskConicalIcon aria-hidden /> Dry run
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Edit “${rule.name}”`} onClick={onEdit}>
            <PencilIcon aria-hidden /> Edit
          </Button>
        </div>
      </div>
    </Card>
  );
}
