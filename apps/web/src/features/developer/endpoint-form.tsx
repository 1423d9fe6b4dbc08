import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookEndpointBody, WEBHOOK_EVENT_TYPES, type CreateWebhookEndpoint, type WebhookEndpoint, type WebhookEventType } from '@wholesail/domain';
import { AlertCircleIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { FieldError } from '@/components/ui/field-error';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { fieldErrorsOf } from '@/lib/api';
import { sentence } from '@/lib/sentence';

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
  useEffect(() => {
    for (const [field, message] of Object.entries(fieldErrorsOf(serverError, FIELDS))) form.setError(field as Field, { message });
  }, [serverError, form]);
  const named = Object.keys(fieldErrorsOf(serverError, FIELDS)).length > 0;
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
          render={({ field }) => (
            <div className="grid gap-1.5 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((event) => (
                <label key={event} className="flex items-start gap-2 rounded-md border p-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={field.value.includes(event)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, event] : field.value.filter((v) => v !== event))}
                  />
                  <span>
                    <span className="font-mono text-xs">{event}</span>
                    <span className="block text-xs text-muted-foreground">{WEBHOOK_EVENT_TEXT[event]}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        <FieldError id={`${id}-events-error`} message={error('events')} />
      </fieldset>
      <FormField id={`${id}-description`} label="Note (optional)" error={error('description')}>
        <Input autoComplete="off" placeholder="e.g. Zapier: new leads to the CRM" {...fieldProps(`${id}-description`, error('description'))} {...form.register('description')} />
      </FormField>
      {serverError && !named && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{sentence(serverError.message)}</span>
        </Alert>
      )}
      <FormDialogFooter label={endpoint ? 'Save endpoint' : 'Add endpoint'} pendingLabel="Saving…" pending={pending} />
    </form>
  );
}
