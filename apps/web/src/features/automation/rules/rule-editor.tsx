import { createRuleBody, RULE_LIMITS, ruleSentence, type Member, type RuleNames, type Sequence } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, Loader2Icon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { queryKeys } from '@/lib/query-keys';
import { ActionFields } from './action-fields';
import { ConditionFields } from './condition-fields';
import { blankAction, bodyOf, type RuleDraft } from './rule-draft';
import { checkDraft, serverErrors, shownPaths, type FieldErrors } from './rule-errors';
import { DeleteRuleConfirm } from './delete-rule-confirm';
import { createRule, deleteRule, updateRule, type RuleBody } from './rules-api';
import { TriggerFields } from './trigger-fields';

type Props = {
  /** The rule being edited, or null for a new one. */
  ruleId: string | null;
  initial: RuleDraft;
  sequences: readonly Sequence[];
  members: readonly Member[];
  names: RuleNames;
  onDone: () => void;
};

/** Name, "when", "if the lead…", "then" actions; checked with the shared schema before saving, the server's refusals on their fields. */
export function RuleEditor({ ruleId, initial, sequences, members, names, onDone }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.automation.rules.all });

  const save = useMutation({
    mutationFn: (body: RuleBody) => (ruleId ? updateRule(ruleId, body) : createRule(body)),
    onSuccess: (rule) => {
      refresh();
      toast.success(ruleId ? 'Rule saved' : `Rule “${rule.name}” created`);
      onDone();
    },
    onError: (error) => setErrors(serverErrors(error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteRule(ruleId ?? ''),
    onSuccess: () => {
      refresh();
      toast.success('Rule deleted');
      onDone();
    },
    onError: (error) => setErrors(serverErrors(error)),
  });

  /** A change clears the messages it answers: its field's, or all of a trigger's or action's when its type changes (and all actions' when one is added or removed, as their numbers move). */
  const change = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K], path: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    const scope = path.replace(/\.type$/, '');
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([p]) => p !== scope && !p.startsWith(`${scope}.`))));
  };
  const setAction = (index: number, next: RuleDraft['actions'][number], path: string) =>
    change('actions', draft.actions.map((a, i) => (i === index ? next : a)), path);
  const submit = () => {
    const checked = checkDraft(draft);
    if (checked.errors) setErrors(checked.errors);
    else save.mutate(checked.body);
  };

  const preview = useMemo(() => {
    const parsed = createRuleBody.safeParse(bodyOf(draft));
    return parsed.success ? ruleSentence(parsed.data, names) : null;
  }, [draft, names]);
  const shown = shownPaths(draft);
  const others = Object.entries(errors).filter(([path]) => !shown.has(path));
  const pending = save.isPending || remove.isPending;

  return (
    <form noValidate className="grid gap-5" onSubmit={(e) => (e.preventDefault(), submit())}>
      <FormField id={`${id}-name`} label="Rule name" error={errors.name}>
        <Input {...fieldProps(`${id}-name`, errors.name)} autoComplete="off" value={draft.name} onChange={(e) => change('name', e.target.value, 'name')} />
      </FormField>
      <section className="grid gap-3">
        <TriggerFields id={`${id}-trigger`} value={draft.trigger} errors={errors} onChange={(t, path) => change('trigger', t, path)} />
        <ConditionFields id={`${id}-conditions`} value={draft.conditions} errors={errors} onChange={(c, path) => change('conditions', c, path)} />
      </section>
      <section className="grid gap-3" aria-labelledby={`${id}-then`}>
        <h3 id={`${id}-then`} className="text-sm font-semibold">
          Then
        </h3>
        <ol className="grid gap-3">
          {draft.actions.map((action, index) => (
            <ActionFields
              key={action.key}
              id={`${id}-action-${action.key}`}
              index={index}
              value={action}
              errors={errors}
              sequences={sequences}
              members={members}
              onChange={(next, path) => setAction(index, next, path)}
              onRemove={() => change('actions', draft.actions.filter((_, i) => i !== index), 'actions')}
            />
          ))}
        </ol>
        <FieldError id={`${id}-actions-error`} message={errors.actions} />
        <div>
          <Button type="button" variant="outline" size="sm" disabled={draft.actions.length >= RULE_LIMITS.actions.max} onClick={() => change('actions', [...draft.actions, blankAction()], 'actions')}>
            <PlusIcon aria-hidden /> Add an action
          </Button>
        </div>
      </section>
      {preview && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm" aria-live="polite">
          <span className="font-medium">In a sentence: </span>
          {preview}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Switch id={`${id}-active`} checked={draft.is_active} onCheckedChange={(on) => change('is_active', on, 'is_active')} />
        <Label htmlFor={`${id}-active`}>{draft.is_active ? 'On: the rule acts as things happen' : 'Off: the rule does nothing until switched on'}</Label>
      </div>
      {others.length > 0 && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{others.map(([, message]) => message).join(' ')}</span>
        </Alert>
      )}
      {confirming ? (
        <DeleteRuleConfirm pending={remove.isPending} onKeep={() => setConfirming(false)} onDelete={() => remove.mutate()} />
      ) : (
        <DialogFooter className="sm:justify-between">
          {ruleId ? (
            <Button type="button" variant="ghost" className="text-destructive hover:text-destructive" disabled={pending} onClick={() => setConfirming(true)}>
              Delete rule
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" disabled={pending} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              {ruleId ? 'Save rule' : 'Create rule'}
            </Button>
          </div>
        </DialogFooter>
      )}
    </form>
  );
}
