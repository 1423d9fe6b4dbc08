import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { newPasswordSchema } from '@/features/auth/password-fields';

const accountSchema = z
  .object({ name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters') })
  .and(newPasswordSchema);
type FormValues = z.input<typeof accountSchema>;

type Props = { pending: boolean; onSubmit: (values: { name: string; password: string }) => void };

/** Name and password for an invitee who has no account yet. */
export function NewAccountForm({ pending, onSubmit }: Props) {
  const nameId = useId();
  const passwordId = useId();
  const confirmId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof accountSchema>>({
    resolver: zodResolver(accountSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const fields = [
    { id: nameId, label: 'Name', name: 'name', type: 'text', autoComplete: 'name', error: errors.name?.message },
    { id: passwordId, label: 'Password', name: 'password', type: 'password', autoComplete: 'new-password', error: errors.password?.message },
    { id: confirmId, label: 'Confirm password', name: 'confirmPassword', type: 'password', autoComplete: 'new-password', error: errors.confirmPassword?.message },
  ] as const;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(({ name, password }) => onSubmit({ name, password }))}>
      {fields.map((field) => (
        <div key={field.name} className="grid gap-2">
          <Label htmlFor={field.id}>{field.label}</Label>
          <Input
            id={field.id}
            type={field.type}
            autoComplete={field.autoComplete}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={`${field.id}-error`}
            {...form.register(field.name)}
          />
          <FieldError id={`${field.id}-error`} message={field.error} />
        </div>
      ))}
      <Button type="submit" disabled={pending}>
        {pending ? 'Joining...' : 'Accept invitation'}
      </Button>
    </form>
  );
}
