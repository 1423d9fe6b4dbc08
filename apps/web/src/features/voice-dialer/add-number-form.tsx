import { phoneSchema } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input, PhoneInput } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { createPhoneNumber, type NewPhoneNumber } from './phone-numbers-api';

/** Adds a number: checked with the phone schema here, normalised to E.164 by the server (400/409 shown as sent). */
export function AddNumberForm() {
  const client = useQueryClient();
  const id = useId();
  const [phone, setPhone] = useState('');
  const [label, setLabel] = useState('');
  const [primary, setPrimary] = useState(false);
  const [phoneError, setPhoneError] = useState<string>();
  const create = useMutation({
    mutationFn: (body: NewPhoneNumber) => createPhoneNumber(body),
    onSuccess: () => {
      toast.success('Phone number added');
      setPhone('');
      setLabel('');
      setPrimary(false);
      void client.invalidateQueries({ queryKey: queryKeys.phoneNumbers });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message);
      return;
    }
    setPhoneError(undefined);
    const body: NewPhoneNumber = { phone_number: parsed.data, is_primary: primary };
    if (label.trim()) body.label = label.trim();
    create.mutate(body);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a number</CardTitle>
        <CardDescription>A number your organization owns with its voice provider.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-phone`}>Phone number</Label>
            <PhoneInput
              id={`${id}-phone`}
              value={phone}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? `${id}-phone-error` : undefined}
              onChange={(event) => setPhone(event.target.value)}
            />
            <FieldError id={`${id}-phone-error`} message={phoneError} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-label`}>Label</Label>
            <Input id={`${id}-label`} placeholder="Main line" maxLength={100} value={label} onChange={(event) => setLabel(event.target.value)} />
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="size-4 accent-primary" checked={primary} onChange={(event) => setPrimary(event.target.checked)} />
            Make this the primary number
          </label>
          {create.isError && (
            <Alert variant="destructive" className="sm:col-span-2">
              {create.error.message}
            </Alert>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add number'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
