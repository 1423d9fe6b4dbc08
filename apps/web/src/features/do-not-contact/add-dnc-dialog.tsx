import { zodResolver } from '@hookform/resolvers/zod';
import { DNC_MESSAGES, DNC_REASON_MAX, dncPhone, formatPhone } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { PhoneInput } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrorsOf } from '@/lib/api';
import { addDncNumber, refreshAfterDncChange } from './dnc-api';
import { ADD_REASON_REQUIRED } from './messages';
import { ReasonField } from './reason-field';

// The API takes a number without a reason; a person adding one by hand says why.
const formSchema = z.object({
  phone: dncPhone,
  reason: z.string().trim().min(1, ADD_REASON_REQUIRED).max(DNC_REASON_MAX, DNC_MESSAGES.reasonTooLong),
});
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['phone', 'reason'] as const;

/** 'Add number': any member lists a number by hand, with the reason. */
export function AddDncDialog() {
  const id = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { phone: '', reason: '' } });
  const add = useMutation({
    mutationFn: addDncNumber,
    onSuccess: (entry) => {
      toast.success('Added to the Do Not Contact list', { description: `${formatPhone(entry.phone_e164)} can no longer be called or texted.` });
      refreshAfterDncChange(client);
      setOpen(false);
      form.reset();
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(fieldErrorsOf(error, FIELDS))) form.setError(field as (typeof FIELDS)[number], { message });
    },
  });
  const { errors } = form.formState;
  const fieldNamed = Object.keys(fieldErrorsOf(add.error, FIELDS)).length > 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      add.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden /> Add number
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a number</DialogTitle>
          <DialogDescription>No one in your organization can call or text it afterwards, through any lead.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-phone`}>Phone number</Label>
            <PhoneInput
              id={`${id}-phone`}
              autoComplete="off"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
              {...form.register('phone')}
            />
            <FieldError id={`${id}-phone-error`} message={errors.phone?.message} />
          </div>
          <ReasonField id={`${id}-reason`} placeholder="Asked on the phone not to be called again" error={errors.reason?.message} registration={form.register('reason')} />
          {add.isError && !fieldNamed && <Alert variant="destructive">{add.error.message}</Alert>}
          <FormDialogFooter label="Add to the list" pendingLabel="Adding..." pending={add.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
