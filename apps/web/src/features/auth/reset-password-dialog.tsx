import { TOASTS } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { requestPasswordReset } from './auth-api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaultEmail?: string };

/** 'Reset Password' dialog: sends the reset email, whose link lands on /reset-password. */
export function ResetPasswordDialog({ open, onOpenChange, defaultEmail = '' }: Props) {
  const emailId = useId();
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast.success(TOASTS.checkEmail, { description: TOASTS.checkEmailDescription });
      onOpenChange(false);
    },
    onError: (error) => toast.error(TOASTS.passwordResetFailed, { description: error.message }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    mutation.mutate(email);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>Enter your account email and we’ll send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} name="email" type="email" required autoComplete="email" defaultValue={defaultEmail} placeholder="you@company.com" />
          </div>
          <FormDialogFooter label="Send Reset Link" pendingLabel="Sending..." pending={mutation.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
