import { zodResolver } from '@hookform/resolvers/zod';
import { referralPartnerBody, type ReferralPartner, type ReferralPartnerBody } from '@wholesail/domain';
import { Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { fieldClassName, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { cn } from '@/lib/utils';
import { sentence } from '@/lib/sentence';
import { useServerFieldErrors } from '@/lib/use-server-field-errors';
import { FormProblem } from '@/components/form-problem';

const blankToNull = (value: string) => (value.trim() === '' ? null : value);
/** "TX, Austin; 78701" → ["TX", "Austin", "78701"] */
export const splitMarkets = (text: string) => text.split(/[,;\n]/).map((m) => m.trim()).filter(Boolean);

const FIELDS = ['name', 'brokerage', 'license_number', 'license_state', 'markets', 'referral_fee_percent', 'email', 'phone', 'notes'] as const;
type Field = (typeof FIELDS)[number];

/** The form's text fields, turned into the API body and checked with the shared referralPartnerBody. */
const partnerFormSchema = z
  .object({
    name: z.string(), brokerage: z.string(), license_number: z.string(), license_state: z.string(), markets: z.string(),
    referral_fee_percent: z.string(), email: z.string(), phone: z.string(), notes: z.string(), is_active: z.boolean(),
  })
  .transform((v): z.input<typeof referralPartnerBody> => ({
    name: v.name,
    brokerage: blankToNull(v.brokerage),
    license_number: v.license_number,
    license_state: v.license_state,
    markets: splitMarkets(v.markets),
    // A blank or unreadable figure reaches the shared schema as NaN, which it refuses with the field's message.
    referral_fee_percent: v.referral_fee_percent.trim() === '' ? Number.NaN : Number(v.referral_fee_percent),
    email: v.email,
    phone: blankToNull(v.phone),
    notes: blankToNull(v.notes),
    is_active: v.is_active,
  }))
  .pipe(referralPartnerBody);
type PartnerFormValues = z.input<typeof partnerFormSchema>;

const valuesOf = (p: ReferralPartner | null): PartnerFormValues => ({
  name: p?.name ?? '', brokerage: p?.brokerage ?? '', license_number: p?.license_number ?? '', license_state: p?.license_state ?? '',
  markets: p?.markets.join(', ') ?? '', referral_fee_percent: String(p?.referral_fee_percent ?? 25), email: p?.email ?? '', phone: p?.phone ?? '',
  notes: p?.notes ?? '', is_active: p?.is_active ?? true,
});

type Props = {
  partner: ReferralPartner | null;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last attempt: a 400 goes on its field, anything else above the buttons. */
  serverError: Error | null;
  onSubmit: (body: ReferralPartnerBody) => void;
  onCancel: () => void;
};

/** Add and edit a referral partner: licence number and state are required, and the form says why. */
export function PartnerForm({ partner, submitLabel, pending, serverError, onSubmit, onCancel }: Props) {
  const id = useId();
  const form = useForm<PartnerFormValues, unknown, ReferralPartnerBody>({ resolver: zodResolver(partnerFormSchema), defaultValues: valuesOf(partner) });
  const errors = form.formState.errors;
  const named = useServerFieldErrors(form.setError, serverError, FIELDS);
  const error = (name: Field) => {
    const message = errors[name]?.message;
    return message ? sentence(message) : undefined;
  };
  const props = (name: Field) => ({ ...fieldProps(`${id}-${name}`, error(name)), ...form.register(name) });

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Agent name" error={error('name')}>
          <Input autoFocus autoComplete="off" {...props('name')} />
        </FormField>
        <FormField id={`${id}-brokerage`} label="Brokerage" error={error('brokerage')}>
          <Input autoComplete="off" {...props('brokerage')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
        <FormField id={`${id}-license_number`} label="Licence number" error={error('license_number')}>
          <Input autoComplete="off" {...props('license_number')} />
        </FormField>
        <FormField id={`${id}-license_state`} label="Licence state" error={error('license_state')}>
          <Input autoComplete="off" maxLength={2} placeholder="TX" className="uppercase" {...props('license_state')} />
        </FormField>
        <p className="text-xs text-muted-foreground sm:col-span-2">
          Required: in many states a referral fee may only be paid to a licensed agent, so keep the licence on record before you pay or receive one.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <FormField id={`${id}-markets`} label="Markets" hint="States, cities or ZIP codes, separated by commas: TX, Austin, 78701." error={error('markets')}>
          <Input autoComplete="off" {...props('markets')} />
        </FormField>
        <FormField id={`${id}-referral_fee_percent`} label="Referral fee %" hint="Of the agent’s commission; 20–35 % is usual." error={error('referral_fee_percent')}>
          <Input type="text" inputMode="decimal" autoComplete="off" {...props('referral_fee_percent')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-email`} label="Email" error={error('email')}>
          <Input type="email" autoComplete="off" {...props('email')} />
        </FormField>
        <FormField id={`${id}-phone`} label="Phone" error={error('phone')}>
          <Input type="tel" autoComplete="off" {...props('phone')} />
        </FormField>
      </div>
      <FormField id={`${id}-notes`} label="Notes" error={error('notes')}>
        <textarea rows={2} className={cn(fieldClassName, 'h-auto py-2')} {...props('notes')} />
      </FormField>
      <div className="flex items-center gap-3">
        <Controller control={form.control} name="is_active" render={({ field: f }) => <Switch id={`${id}-is_active`} checked={f.value} onCheckedChange={f.onChange} />} />
        <Label htmlFor={`${id}-is_active`}>Active partner</Label>
      </div>
      <FormProblem error={serverError} shownOnField={named} />
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
