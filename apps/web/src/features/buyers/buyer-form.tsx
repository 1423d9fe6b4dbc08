import { zodResolver } from '@hookform/resolvers/zod';
import { buyerWriteBody, type Buyer } from '@wholesail/domain';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import type { BuyerWrite } from './buyers-api';

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** The form's text fields, turned into the API body and checked with the shared buyerWriteBody. */
export const buyerFormSchema = z
  .object({
    contact_name: z.string(),
    company_name: z.string(),
    buyer_score: z.string(),
    is_active: z.boolean(),
    primary_email: z.string(),
    primary_phone: z.string(),
    notes: z.string(),
  })
  .transform((v): z.input<typeof buyerWriteBody> => ({
    contact_name: v.contact_name,
    company_name: blankToNull(v.company_name),
    ...(v.buyer_score.trim() === '' ? {} : { buyer_score: Number(v.buyer_score) }),
    is_active: v.is_active,
    primary_email: blankToNull(v.primary_email),
    primary_phone: blankToNull(v.primary_phone),
    notes: blankToNull(v.notes),
  }))
  .pipe(buyerWriteBody);

export type BuyerFormValues = z.input<typeof buyerFormSchema>;

export function formValuesOf(buyer: Buyer | null): BuyerFormValues {
  return {
    contact_name: buyer?.contact_name ?? '',
    company_name: buyer?.company_name ?? '',
    buyer_score: buyer ? String(buyer.buyer_score) : '',
    is_active: buyer?.is_active ?? true,
    primary_email: buyer?.primary_email ?? '',
    primary_phone: buyer?.primary_phone ?? '',
    notes: buyer?.notes ?? '',
  };
}

type Props = {
  buyer: Buyer | null;
  submitLabel: string;
  pending: boolean;
  /** The server's answer to the last attempt (e.g. a 400 naming the field). */
  serverError: string | null;
  onSubmit: (body: BuyerWrite) => void;
  onCancel: () => void;
};

/** Add and edit share this form. */
export function BuyerForm({ buyer, submitLabel, pending, serverError, onSubmit, onCancel }: Props) {
  const id = useId();
  const form = useForm<BuyerFormValues, unknown, BuyerWrite>({
    resolver: zodResolver(buyerFormSchema),
    defaultValues: formValuesOf(buyer),
  });
  const errors = form.formState.errors;
  const field = (name: keyof BuyerFormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-error`,
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-contact_name`}>Contact name</Label>
        <Input autoFocus {...field('contact_name')} {...form.register('contact_name')} />
        <FieldError id={`${id}-contact_name-error`} message={errors.contact_name?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-company_name`}>Company</Label>
          <Input {...field('company_name')} {...form.register('company_name')} />
          <FieldError id={`${id}-company_name-error`} message={errors.company_name?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-buyer_score`}>Score (0–100)</Label>
          <Input type="number" inputMode="decimal" min={0} max={100} {...field('buyer_score')} {...form.register('buyer_score')} />
          <FieldError id={`${id}-buyer_score-error`} message={errors.buyer_score?.message} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-primary_email`}>Email</Label>
          <Input type="email" {...field('primary_email')} {...form.register('primary_email')} />
          <FieldError id={`${id}-primary_email-error`} message={errors.primary_email?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-primary_phone`}>Phone</Label>
          <Input type="tel" {...field('primary_phone')} {...form.register('primary_phone')} />
          <FieldError id={`${id}-primary_phone-error`} message={errors.primary_phone?.message} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <textarea rows={3} className={cn(fieldClassName, 'h-auto py-2')} {...field('notes')} {...form.register('notes')} />
        <FieldError id={`${id}-notes-error`} message={errors.notes?.message} />
      </div>
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="is_active"
          render={({ field: f }) => <Switch id={`${id}-is_active`} checked={f.value} onCheckedChange={f.onChange} />}
        />
        <Label htmlFor={`${id}-is_active`}>Active buyer</Label>
      </div>
      {serverError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{serverError}</span>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
