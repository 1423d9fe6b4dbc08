import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { resetPassword } from './auth-api';
import { AuthShell } from './auth-shell';
import { newPasswordSchema } from './password-fields';
import { ResetPasswordDialog } from './reset-password-dialog';

export const PASSWORD_CHANGED_TOAST = 'Password changed';
export const INVALID_RESET_LINK_TITLE = 'This reset link is invalid or has expired';

type FormValues = z.infer<typeof newPasswordSchema>;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [tokenRejected, setTokenRejected] = useState(false);
  const invalid = !token || searchParams.has('error') || tokenRejected;

  return (
    <AuthShell>
      {invalid ? <InvalidLinkCard /> : <NewPasswordCard token={token} onInvalidToken={() => setTokenRejected(true)} />}
    </AuthShell>
  );
}

function NewPasswordCard({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const navigate = useNavigate();
  const passwordId = useId();
  const confirmId = useId();
  const form = useForm<FormValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast.success(PASSWORD_CHANGED_TOAST, { description: 'Sign in with your new password.' });
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') onInvalidToken();
      else toast.error('Password reset failed', { description: error.message });
    },
  });
  const { errors } = form.formState;

  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <KeyRound className="size-5 text-primary" aria-hidden />
        <CardTitle className="text-xl">Choose a new password</CardTitle>
        <CardDescription>Use at least 8 characters. You will sign in again afterwards.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => mutation.mutate({ newPassword: values.password, token }))}
        >
          <div className="grid gap-2">
            <Label htmlFor={passwordId}>New password</Label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={`${passwordId}-error`}
              {...form.register('password')}
            />
            <FieldError id={`${passwordId}-error`} message={errors.password?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={confirmId}>Confirm password</Label>
            <Input
              id={confirmId}
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={`${confirmId}-error`}
              {...form.register('confirmPassword')}
            />
            <FieldError id={`${confirmId}-error`} message={errors.confirmPassword?.message} />
          </div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function InvalidLinkCard() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <TriangleAlert className="size-5 text-destructive" aria-hidden />
        <CardTitle className="text-xl">{INVALID_RESET_LINK_TITLE}</CardTitle>
        <CardDescription>Reset links work once and expire after a short time. Request a new one and use the latest email.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button onClick={() => setDialogOpen(true)}>Request a new link</Button>
        <Button variant="outline" asChild>
          <Link to="/login">Back to sign in</Link>
        </Button>
      </CardContent>
      <ResetPasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </Card>
  );
}
