import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { changePassword } from './auth-api';
import { changePasswordSchema } from './password-fields';

export const PASSWORD_UPDATED_MESSAGE = 'Password changed. Your other devices were signed out.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

type FormValues = z.infer<typeof changePasswordSchema>;

function PasswordField({ label, autoComplete, error, field }: { label: string; autoComplete: string; error: string | undefined; field: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} {...field} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Settings → Change password: the current password, then the new one twice. */
export function ChangePasswordPage() {
  const form = useForm<FormValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', password: '', confirmPassword: '' } });
  const mutation = useMutation({
    mutationFn: (values: FormValues) => changePassword({ currentPassword: values.currentPassword, newPassword: values.password }),
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') form.setError('currentPassword', { message: WRONG_CURRENT_PASSWORD });
    },
  });
  const { errors } = form.formState;
  const otherError = mutation.error && !(mutation.error instanceof ApiError && mutation.error.code === 'INVALID_PASSWORD') ? mutation.error.message : null;

  return (
    <div className="grid max-w-lg gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Change password</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          <Link to="/settings" className="underline underline-offset-4">
            Settings
          </Link>{' '}
          · your account
        </p>
      </header>
      <Card>
        <CardHeader>
          <KeyRound className="size-5 text-primary" aria-hidden />
          <CardTitle>Choose a new password</CardTitle>
          <CardDescription>Use at least 8 characters. Every other device signed in to your account is signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
            <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} field={form.register('currentPassword')} />
            <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} field={form.register('password')} />
            <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} field={form.register('confirmPassword')} />
            {mutation.isSuccess && (
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
                <CircleCheck className="size-4" aria-hidden />
                {PASSWORD_UPDATED_MESSAGE}
              </p>
            )}
            {otherError && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {otherError}
              </p>
            )}
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Change password'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
