import { zodResolver } from '@hookform/resolvers/zod';
import { leadStatusLabel, type LeadWrite } from '@wholesail/domain';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { changedWrite, sectionSchema, type EditField, type FormValues } from './lead-edit-fields';
import { TagEditor } from './tag-editor';
import { FILTER_STATUSES } from './use-lead-filters';

export const DNC_CLEAR_REFUSAL = 'Only owners and admins can clear Do Not Call';

type Props = {
  fields: readonly EditField[];
  /** The lead's values when editing began: only fields that differ from them are sent. */
  initial: FormValues;
  /** What the user had typed, when the form opens again after a refused save. */
  draft?: FormValues;
  /** The server's messages for fields of this form (a 400 naming them). */
  serverErrors?: Record<string, string>;
  pending: boolean;
  /** Members may set Do Not Call but not clear it. */
  canClearDnc: boolean;
  onSave: (changes: LeadWrite, values: FormValues) => void;
  onCancel: () => void;
};

/** The buttons under an edit: the way back (Cancel, Reload), then the main action. */
export function EditActions({ back, onBack, children }: { back: string; onBack: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onBack}>
        {back}
      </Button>
      {children}
    </div>
  );
}

const messageOf = (errors: FieldErrors<FormValues>, name: string): string | undefined => {
  const error = errors[name] as { message?: string; [index: number]: { message?: string } } | undefined;
  return error?.message ?? error?.[0]?.message;
};

/** One section of a lead as a form: Enter in a single-line field saves, Escape cancels. */
export function LeadEditForm({ fields, initial, draft, serverErrors, pending, canClearDnc, onSave, onCancel }: Props) {
  const id = useId();
  const form = useForm<FormValues, unknown, LeadWrite>({
    resolver: zodResolver(sectionSchema(fields)) as unknown as Resolver<FormValues, unknown, LeadWrite>,
    defaultValues: draft ?? initial,
  });
  const { errors } = form.formState;
  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors ?? {})) form.setError(name, { message }, { shouldFocus: true });
  }, [serverErrors, form]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  const submit = form.handleSubmit((write) => onSave(changedWrite(write, initial, form.getValues()), form.getValues()));
  const wide = fields.length > 2;

  return (
    <form noValidate data-lead-edit onSubmit={submit} onKeyDown={onKeyDown} className="grid gap-4">
      <div className={cn('grid gap-3', wide && 'sm:grid-cols-2')}>
        {fields.map(({ name, label, kind }, index) => {
          const fieldId = `${id}-${name}`;
          const message = messageOf(errors, name);
          const described = { 'aria-invalid': message ? true : undefined, 'aria-describedby': `${fieldId}-error` } as const;
          const lockedOn = kind === 'switch' && initial[name] === true && !canClearDnc;
          return (
            <div key={name} className={cn('grid content-start gap-1.5', (kind === 'textarea' || kind === 'tags') && 'sm:col-span-2')}>
              {kind === 'switch' ? (
                <div className="flex items-center gap-3">
                  <Controller
                    control={form.control}
                    name={name}
                    render={({ field }) => <Switch id={fieldId} autoFocus checked={field.value === true} disabled={lockedOn} onCheckedChange={field.onChange} {...described} />}
                  />
                  <Label htmlFor={fieldId}>{label}</Label>
                </div>
              ) : (
                <Label htmlFor={fieldId}>{label}</Label>
              )}
              {kind === 'text' || kind === 'number' ? (
                <Input id={fieldId} autoFocus={index === 0} inputMode={kind === 'number' ? 'decimal' : undefined} {...described} {...form.register(name)} />
              ) : kind === 'textarea' ? (
                <textarea id={fieldId} autoFocus rows={5} className={cn(fieldClassName, 'h-auto py-2')} {...described} {...form.register(name)} />
              ) : kind === 'status' ? (
                <NativeSelect id={fieldId} autoFocus={index === 0} {...described} {...form.register(name)}>
                  {FILTER_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {leadStatusLabel(status)}
                    </option>
                  ))}
                </NativeSelect>
              ) : kind === 'tags' ? (
                <Controller
                  control={form.control}
                  name={name}
                  render={({ field }) => <TagEditor id={fieldId} value={field.value as string[]} onChange={field.onChange} invalid={Boolean(message)} describedBy={`${fieldId}-error`} />}
                />
              ) : null}
              {lockedOn && <p className="text-xs text-muted-foreground">{DNC_CLEAR_REFUSAL}</p>}
              {kind === 'switch' && !lockedOn && (
                <p className="text-xs text-muted-foreground">On puts every number of this lead on the Do Not Contact list; only an owner or admin can take one off.</p>
              )}
              <FieldError id={`${fieldId}-error`} message={message} />
            </div>
          );
        })}
      </div>
      <EditActions back="Cancel" onBack={onCancel}>
        <Button type="submit" size="sm" disabled={pending}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden />}
          Save
        </Button>
      </EditActions>
    </form>
  );
}
