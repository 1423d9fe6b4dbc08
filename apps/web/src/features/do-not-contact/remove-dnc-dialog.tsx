import { zodResolver } from '@hookform/resolvers/zod';
import { DNC_MESSAGES, DNC_REASON_MAX, formatPhone, type DncEntry } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareOffIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { refreshAfterDncChange, removeDncNumber, type RemoveDncBody } from './dnc-api';
import { OVERRIDE_REQUIRED } from './messages';
import { ReasonField } from './reason-field';

const formSchema = z.object({
  reason: z.string().trim().min(1, DNC_MESSAGES.reasonRequired).max(DNC_REASON_MAX, DNC_MESSAGES.reasonTooLong),
  confirm: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

type Props = {
  /** The entry to remove; null keeps the dialog closed. */
  entry: DncEntry | null;
  onClose: () => void;
};

/**
 * Removes a number (owners and admins) with a reason. A number the person opted out of by text needs the
 * explicit override: known from the entry's source, or learnt from the server's 409.
 */
export function RemoveDncDialog({ entry, onClose }: Props) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{entry && <RemoveForm key={entry.phone_e164} entry={entry} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RemoveForm({ entry, onDone }: { entry: DncEntry; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const phone = formatPhone(entry.phone_e164);
  const [optedOut, setOptedOut] = useState(entry.source === 'sms_opt_out');
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { reason: '', confirm: false } });
  const remove = useMutation({
    mutationFn: (body: RemoveDncBody) => removeDncNumber(entry.phone_e164, body),
    onSuccess: () => {
      toast.success('Removed from the Do Not Contact list', { description: `${phone} can be called and texted again.` });
      refreshAfterDncChange(client);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setOptedOut(true);
      const { reason } = fieldErrorsOf(error, ['reason']);
      if (reason) form.setError('reason', { message: reason });
    },
  });
  const { errors } = form.formState;
  // The 409 is answered by the explanation and the box, not by its wording.
  const failure = remove.error && !(remove.error instanceof ApiError && remove.error.status === 409) && !fieldErrorsOf(remove.error, ['reason']).reason ? remove.error.message : null;

  const submit = form.handleSubmit(({ reason, confirm }) => {
    if (optedOut && !confirm) {
      form.setError('confirm', { message: OVERRIDE_REQUIRED });
      return;
    }
    remove.mutate(optedOut ? { reason, confirm_opt_out_override: true } : { reason });
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="leading-snug">Remove {phone} from the Do Not Contact list?</DialogTitle>
        <DialogDescription>Your team can call and text this number again, through every lead that has it. The reason is kept in the activity log.</DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        {optedOut && (
          <Alert variant="destructive" role="note" className="grid gap-1.5">
            <p className="flex items-center gap-2 font-medium">
              <MessageSquareOffIcon className="size-4 shrink-0" aria-hidden />
              This person asked by text not to be contacted.
            </p>
            <p className="text-foreground">
              They opted out by replying to one of your texts. Remove the number only if they have since asked, in writing, to be contacted again. The usual way
              back is for them to text START to your number.
            </p>
          </Alert>
        )}
        <ReasonField id={`${id}-reason`} placeholder="Listed by mistake: wrong number" error={errors.reason?.message} registration={form.register('reason')} />
        {optedOut && (
          <div className="grid gap-1.5">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-destructive"
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? `${id}-confirm-error` : undefined}
                {...form.register('confirm')}
              />
              I confirm this person asked to be contacted again
            </label>
            <FieldError id={`${id}-confirm-error`} message={errors.confirm?.message} />
          </div>
        )}
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <FormDialogFooter label={optedOut ? 'Remove anyway' : 'Remove number'} pendingLabel="Removing..." pending={remove.isPending} destructive />
      </form>
    </>
  );
}
