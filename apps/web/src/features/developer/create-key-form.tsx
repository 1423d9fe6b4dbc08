import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, createApiKeyBody, type CreateApiKeyBody } from '@wholesail/domain';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { sentence } from '@/lib/sentence';
import { useServerFieldErrors } from '@/lib/use-server-field-errors';
import { CheckboxChoices } from '@/components/checkbox-choices';
import { FormProblem } from '@/components/form-problem';

const FIELDS = ['name', 'scopes', 'expires_at'] as const;
type Field = (typeof FIELDS)[number];

/** The form's values turned into the API body: a blank expiry is none; a date expires at the end of that day (local). */
const keyFormSchema = z
  .object({ name: z.string(), scopes: z.array(z.enum(API_KEY_SCOPES)), expires_on: z.string() })
  .transform((v): z.input<typeof createApiKeyBody> => ({
    name: v.name,
    scopes: v.scopes,
    expires_at: v.expires_on ? new Date(`${v.expires_on}T23:59:59`).toISOString() : null,
  }))
  .pipe(createApiKeyBody);
type KeyFormValues = z.input<typeof keyFormSchema>;

/** Two columns keep each area's read and write side by side. */
const SCOPE_CHOICES = API_KEY_SCOPES.map((value) => ({ value, text: API_KEY_SCOPE_LABELS[value] }));

type Props = { pending: boolean; serverError: Error | null; onSubmit: (body: CreateApiKeyBody) => void };

/** Name, scopes (at least one) and an optional expiry date, checked with the API's own schema. */
export function CreateKeyForm({ pending, serverError, onSubmit }: Props) {
  const id = useId();
  const form = useForm<KeyFormValues, unknown, CreateApiKeyBody>({
    resolver: zodResolver(keyFormSchema),
    defaultValues: { name: '', scopes: ['leads:read'], expires_on: '' },
  });
  const errors = form.formState.errors;
  const named = useServerFieldErrors(form.setError, serverError, FIELDS, { expires_at: 'expires_on' });
  const error = (name: Field) => {
    const message = (name === 'expires_at' ? errors.expires_on : errors[name])?.message;
    return message ? sentence(message) : undefined;
  };
  const today = new Date().toISOString().slice(0, 10);

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={`${id}-name`} label="Name" error={error('name')} hint="What uses it, e.g. “Zapier — new leads”.">
        <Input autoFocus autoComplete="off" {...fieldProps(`${id}-name`, error('name'))} {...form.register('name')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={error('scopes') ? `${id}-scopes-error` : undefined} aria-invalid={error('scopes') ? true : undefined}>
        <legend className="mb-1 text-sm font-medium">What it may do</legend>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => <CheckboxChoices choices={SCOPE_CHOICES} value={field.value} onChange={field.onChange} />}
        />
        <FieldError id={`${id}-scopes-error`} message={error('scopes')} />
      </fieldset>
      <FormField id={`${id}-expires`} label="Expires on (optional)" error={error('expires_at')} hint="Leave blank for a key that works until you revoke it.">
        <Input type="date" min={today} className="w-full sm:w-48" {...fieldProps(`${id}-expires`, error('expires_at'))} {...form.register('expires_on')} />
      </FormField>
      <FormProblem error={serverError} shownOnField={named} />
      <FormDialogFooter label="Create key" pendingLabel="Creating…" pending={pending} />
    </form>
  );
}
