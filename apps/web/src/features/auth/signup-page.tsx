import { TOASTS } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signUpWithEmail } from './auth-api';
import { AuthShell } from './auth-shell';

/** Accounts come from invitations; the form stays so a visitor gets the server's own answer. */
export function SignupPage() {
  const nameId = useId();
  const emailId = useId();
  const passwordId = useId();
  const mutation = useMutation({
    mutationFn: signUpWithEmail,
    onError: (error) => toast.error(TOASTS.signUpDisabled, { description: error.message }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    mutation.mutate({
      name: String(data.get('name') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    });
  };

  return (
    <AuthShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <MailPlus className="size-5 text-primary" aria-hidden />
          <CardTitle className="text-xl">Create an account</CardTitle>
          <CardDescription>
            Wholesail accounts are created by invitation. Ask the owner or an admin of your organization to invite you; the email they
            send contains a link that sets up your account.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={nameId}>Name</Label>
              <Input id={nameId} name="name" required autoComplete="name" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={emailId}>Email</Label>
              <Input id={emailId} name="email" type="email" required autoComplete="email" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input id={passwordId} name="password" type="password" required minLength={8} autoComplete="new-password" />
            </div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Creating account...' : 'Create account'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
