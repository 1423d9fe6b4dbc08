import type { PublicRoom } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldClassName, Input, PhoneInput } from '@/components/ui/input';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { cn } from '@/lib/utils';
import { OfferTermsFields } from './offer-terms-fields';
import { EMPTY_OFFER, offerFailureText, readOffer, serverFieldErrors, type OfferErrors, type OfferField, type OfferValues } from './offer-form-fields';
import { submitPublicOffer, type RoomAccessKeys } from './public-room-api';

type Props = { room: PublicRoom; access: RoomAccessKeys };

/** "Make an offer": what the buyer offers and how they pay; an invited buyer finds their name and contact filled in. */
export function PublicOfferForm({ room, access }: Props) {
  const id = useId();
  const [values, setValues] = useState<OfferValues>(() => ({
    ...EMPTY_OFFER,
    name: room.buyer?.name ?? '',
    email: room.buyer?.email ?? '',
    phone: room.buyer?.phone ?? '',
    earnest_money: room.earnest_money_required === null ? '' : String(room.earnest_money_required),
  }));
  const [errors, setErrors] = useState<OfferErrors>({});
  const send = useMutation({
    mutationFn: (body: Parameters<typeof submitPublicOffer>[1]) =>
      submitPublicOffer(room.slug, { ...body, view_id: room.view_id, ...(access.invite ? { invite: access.invite } : {}), ...(access.password ? { password: access.password } : {}) }, access),
    onError: (error) => setErrors(serverFieldErrors(error)),
  });

  if (send.isSuccess) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
        <CheckCircle2Icon className="size-8 text-success" aria-hidden />
        <h3 className="text-lg font-semibold">Thank you, your offer was sent</h3>
        <p className="max-w-md text-sm text-muted-foreground">{send.data.message}</p>
      </div>
    );
  }

  const set = (field: OfferField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const field = (name: OfferField) => ({ ...fieldProps(`${id}-${name}`, errors[name]), value: values[name], onChange: set(name) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readOffer(values);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    send.mutate(read.body);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Make an offer">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Your name" error={errors.name}>
          <Input autoComplete="name" {...field('name')} />
        </FormField>
        <FormField id={`${id}-email`} label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...field('email')} />
        </FormField>
        <FormField id={`${id}-phone`} label="Phone (optional)" error={errors.phone}>
          <PhoneInput autoComplete="tel" {...field('phone')} />
        </FormField>
        <OfferTermsFields id={id} field={field} errors={errors} />
      </div>
      <FormField id={`${id}-proof_of_funds`} label="Proof of funds (optional)" hint="A link to a bank letter or statement, or a short description." error={errors.proof_of_funds}>
        <Input maxLength={2000} {...field('proof_of_funds')} />
      </FormField>
      <FormField id={`${id}-message`} label="Message (optional)" error={errors.message}>
        <textarea rows={3} maxLength={2000} className={cn(fieldClassName, 'h-auto py-2')} {...field('message')} />
      </FormField>
      {send.isError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{offerFailureText(send.error)}</span>
        </Alert>
      )}
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {send.isPending ? 'Sending…' : 'Send my offer'}
      </Button>
    </form>
  );
}
