import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookEndpointBody, WEBHOOK_EVENT_TYPES, type CreateWebhookEndpoint, type WebhookEndpoint, type WebhookEventType } from '@wholesail/domain';
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

const FIELDS = ['url', 'events', 'description'] as const;
type Field = (typeof FIELDS)[number];

/** What each event means, beside its name in the form. */
export const WEBHOOK_EVENT_TEXT: Record<WebhookEventType, string> = {
  'lead.created': 'A lead is added (by hand, import, address search or an inbound text)',
  'lead.updated': 'A lead’s fields change',
  'lead.dnc_added': 'A lead’s number goes on the Do-Not-Contact list',
  'call.completed': 'A call is logged with its outcome',
  'text.received': 'A seller texts in',
  'text.sent': 'A text goes out',
  'task.created': 'A follow-up task is created',
  'deal.stage_changed': 'A deal moves to another stage',
  'offer.received': 'A buyer makes an offer in a deal room',
  'test.ping': 'Only the “Send test event” button',
};

const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((value) => ({ value, text: WEBHOOK_EVENT_TEXT[value] }));

const formSchema = z
  .object({ url: z.string(), events: z.array(z.enum(WEBHOOK_EVENT_TYPES)), description: z.string() })
  .transform((v) => ({ url: v.url, events: v.events, ...(v.description.trim() ? { description: v.description } : {}) }))
  .pipe(createWebhookEndpointBody);
type FormValues = z.input<typeof formSchema>;

type Props = { endpoint: WebhookEndpoint | null; pending: boolean; serverError: Error | null; onSubmit: (body: CreateWebhookEndpoint) => void };

/** The endpoint's URL, the events it receives and a note, checked with the API's own schema. */
export function EndpointForm({ endpoint, pending, serverError, onSubmit }: Props) {
  const id = useId();
  const form = useForm<FormValues, unknown, CreateWebhookEndpoint>({
    resolver: zodResolver(formSchema),
    defaultValues: { url: endpoint?.url ?? '', events: endpoint?.events ?? ['lead.created'], description: endpoint?.description ?? '' },
  });
  const errors = form.formState.errors;
  const named = useServerFieldErrors(form.setError, serverError, FIELDS);
  const error = (name: Field) => {
    const message = errors[name]?.message;
    return message ? sentence(message) : undefined;
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={`${id}-url`} label="URL" error={error('url')} hint="Where Wholesail POSTs each event: https://, on a public address.">
        <Input autoFocus type="url" inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/wholesail" {...fieldProps(`${id}-url`, error('url'))} {...form.register('url')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={error('events') ? `${id}-events-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => <CheckboxChoices choices={EVENT_CHOICES} value={field.value} onChange={field.onChange} />}
        />
        <FieldError id={`${id}-events-error`} message={error('events')} />
      </fieldset>
      <FormField id={`${id}-description`} label="Note (optional)" error={error('description')}>
        <Input autoComplete="off" placeholder="e.g. Zapier: new leads to the CRM" {...fieldProps(`${id}-description`, error('description'))} {...form.register('description')} />
      </FormField>
      <FormProblem error={serverError} shownOnField={named} />
      <FormDialogFooter label={endpoint ? 'Save endpoint' : 'Add endpoint'} pendingLabel="Saving…" pending={pending} />
    </form>
  );
}
