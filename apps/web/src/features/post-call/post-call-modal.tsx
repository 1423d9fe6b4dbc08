import { zodResolver } from '@hookform/resolvers/zod';
import { CALL_MESSAGES, type Me } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { SessionData } from '@/features/auth/auth-api';
import { completeCallOrQueue } from '@/features/offline/outbox';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import {
  CALL_OUTCOMES, FOLLOW_UP_OUTCOMES, formatDuration, memberTimeZone, outcomeLabel, POST_CALL_TOASTS, toDateTimeLocal,
  type CallOutcome, type CompleteCallBody, type CompleteCallResult,
} from './post-call-api';

export type PostCallLead = {
  id: string;
  name: string;
  address: string | null;
  property_address_full?: string | null;
  /** The lead's version as the dialer knew it: an outcome queued offline is checked against it. */
  version?: number | null;
};

export type PostCallModalProps = {
  open: boolean;
  callId: string;
  lead: PostCallLead;
  durationMs: number;
  callNotes: string;
  /** The lead asked during the call not to be contacted again: the DNC box starts checked. */
  doNotCallRequested?: boolean;
  /** With the server's answer, or null when the outcome was saved offline to be sent later. */
  onCompleted: (result: CompleteCallResult | null) => void;
  onClose: () => void;
};

const formSchema = z
  .object({
    // The select starts on '' (no outcome yet): the form holds it, the schema refuses it.
    outcome: z.custom<CallOutcome | ''>().pipe(z.enum(CALL_OUTCOMES, { error: 'Choose how the call went' })),
    followUp: z.string(),
    notes: z.string().max(10_000, 'Notes can be up to 10,000 characters'),
    dnc: z.boolean(),
  })
  .refine((v) => !v.followUp || !FOLLOW_UP_OUTCOMES.includes(v.outcome) || new Date(v.followUp).getTime() >= Date.now() - 60_000, {
    path: ['followUp'],
    message: CALL_MESSAGES.followUpInPast,
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** The message the server sent, or null when the error carries only a generic client-made text. */
function serverMessage(error: Error): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const generic = error.code.startsWith('HTTP_') && (error.message.startsWith('Request failed (') || error.message === 'The server had a problem. Please try again.');
  return generic || !error.message ? null : error.message;
}

/** The Post-Call Actions modal of platform.md §2: record the outcome, a follow-up, notes and DNC. */
export function PostCallModal({ open, onClose, ...props }: PostCallModalProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">{open && <PostCallForm onClose={onClose} {...props} />}</DialogContent>
    </Dialog>
  );
}

function PostCallForm({ callId, lead, durationMs, callNotes, doNotCallRequested = false, onCompleted, onClose }: Omit<PostCallModalProps, 'open'>) {
  const id = useId();
  const client = useQueryClient();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { outcome: '', followUp: '', notes: '', dnc: doNotCallRequested },
  });
  const { errors } = form.formState;
  const outcome = form.watch('outcome');
  const showFollowUp = outcome !== '' && FOLLOW_UP_OUTCOMES.includes(outcome);
  const address = lead.address || lead.property_address_full || 'Unknown';

  const complete = useMutation({
    mutationFn: (body: CompleteCallBody) => {
      const userId = client.getQueryData<SessionData | null>(queryKeys.session)?.user.id ?? null;
      return completeCallOrQueue({ callId, body, lead: { id: lead.id, name: lead.name }, leadVersion: lead.version, userId });
    },
    // Offline it still runs: the outcome is queued instead of sent.
    networkMode: 'always',
    onSuccess: (result, body) => {
      if (result === null) {
        toast.success(POST_CALL_TOASTS.savedOffline, { description: POST_CALL_TOASTS.savedOfflineDescription(outcomeLabel(body.outcome)) });
        onCompleted(null);
        return;
      }
      toast.success(POST_CALL_TOASTS.completed, { description: POST_CALL_TOASTS.completedDescription(outcomeLabel(body.outcome)) });
      void client.invalidateQueries({ queryKey: queryKeys.leads.all });
      void client.invalidateQueries({ queryKey: queryKeys.tasks.all });
      void client.invalidateQueries({ queryKey: queryKeys.calls.all });
      onCompleted(result);
    },
    onError: (error) => toast.error(POST_CALL_TOASTS.updateFailed, { description: serverMessage(error) ?? POST_CALL_TOASTS.updateFailedFallback }),
  });

  const submit = ({ outcome: chosen, followUp, notes, dnc }: FormValues) => {
    if (!lead.id) {
      toast.error(POST_CALL_TOASTS.error, { description: POST_CALL_TOASTS.leadIdMissing });
      return;
    }
    const me = client.getQueryData<Me>(queryKeys.me);
    if (me && !me.organization) {
      toast.error(POST_CALL_TOASTS.error, { description: POST_CALL_TOASTS.organizationMissing });
      return;
    }
    // The lead's log gets the notes taken during the call and the ones added here, as one entry.
    const combined = [callNotes, notes].map((n) => n?.trim()).filter(Boolean).join(' / ');
    const body: CompleteCallBody = { outcome: chosen, notes: combined, dnc, durationMs, timeZone: memberTimeZone() };
    if (FOLLOW_UP_OUTCOMES.includes(chosen) && followUp) {
      const date = new Date(followUp);
      if (!Number.isNaN(date.getTime())) body.followUpAt = date.toISOString();
    }
    complete.mutate(body);
  };
  // The spec's destructive toast for a missing outcome, besides the message under the field.
  const invalid = (fieldErrors: typeof errors) => {
    if (fieldErrors.outcome) toast.error(POST_CALL_TOASTS.statusRequired, { description: POST_CALL_TOASTS.statusRequiredDescription });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Post-Call Actions</DialogTitle>
        <DialogDescription>Record how the call with {lead.name || 'this lead'} went.</DialogDescription>
      </DialogHeader>
      <section aria-label="Call summary" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <span className="text-muted-foreground">Property</span>
          <span className="text-right font-medium">{address}</span>
        </div>
        <div className="flex justify-between gap-4">
          <span className="text-muted-foreground">Duration</span>
          <span className="font-medium tabular-nums">{formatDuration(durationMs)}</span>
        </div>
        {callNotes.trim() && (
          <div className="grid gap-1">
            <span className="text-muted-foreground">Call notes</span>
            <p className="whitespace-pre-wrap">{callNotes}</p>
          </div>
        )}
      </section>
      <div className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-outcome`} className="after:ml-0.5 after:text-destructive after:content-['*']">
            Call Outcome
          </Label>
          <NativeSelect
            id={`${id}-outcome`}
            aria-required
            aria-invalid={errors.outcome ? true : undefined}
            aria-describedby={errors.outcome ? `${id}-outcome-error` : undefined}
            {...form.register('outcome')}
          >
            <option value="">Select an outcome</option>
            {CALL_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {outcomeLabel(value)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-outcome-error`} message={errors.outcome?.message} />
        </div>
        {showFollowUp && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-follow-up`}>Follow-up Date</Label>
            <Input
              id={`${id}-follow-up`}
              type="datetime-local"
              min={toDateTimeLocal(new Date())}
              aria-invalid={errors.followUp ? true : undefined}
              aria-describedby={errors.followUp ? `${id}-follow-up-error` : undefined}
              {...form.register('followUp')}
            />
            <FieldError id={`${id}-follow-up-error`} message={errors.followUp?.message} />
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-notes`}>Additional Notes</Label>
          <textarea
            id={`${id}-notes`}
            className={cn(fieldClassName, 'h-auto min-h-[100px] py-2')}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
            {...form.register('notes')}
          />
          <FieldError id={`${id}-notes-error`} message={errors.notes?.message} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('dnc')} />
          Mark as Do Not Call (DNC)
        </label>
        {doNotCallRequested && (
          <p className="-mt-2 text-xs text-destructive" data-testid="dnc-requested">
            The lead asked during the call not to be contacted again.
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Skip for Now
        </Button>
        <Button onClick={form.handleSubmit(submit, invalid)} disabled={complete.isPending}>
          {complete.isPending ? 'Processing...' : 'Complete Call'}
        </Button>
      </DialogFooter>
    </>
  );
}
