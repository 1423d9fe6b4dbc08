import { TOASTS } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Lock, MailPlus, Users } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signUpWithEmail } from './auth-api';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '@/features/legal/public-links';
import { AuthShell } from './auth-shell';

/**
 * /signup: account creation is disabled; the page says so first and how to get in (an invitation, the demo
 * sign-in, or asking us for an organization). The form stays so a visitor who tries gets the server's own answer.
 */
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
      <Card className="w-full max-w-lg">
        <CardHeader>
          <Lock className="size-5 text-primary" aria-hidden />
          <h1 className="text-xl leading-tight font-semibold tracking-tight">Account creation is temporarily disabled</h1>
          <CardDescription>You cannot sign up on your own at the moment. Here is how to get access.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-5 text-sm">
            <AccessWay icon={MailPlus} title="Join your team">
              Ask the owner or an admin of your organization to invite you. The email they send has a link that sets up your account, or paste
              that link on the{' '}
              <Link to="/accept-invitation" className="font-medium text-primary hover:underline">
                invitation page
              </Link>
              .
            </AccessWay>
            <AccessWay icon={FlaskConical} title="Evaluate with the demo account">
              A Wholesail server started with <code className="rounded bg-muted px-1">npm start</code> creates the organization “Demo Realty” and
              prints its demo sign-in (<code className="rounded bg-muted px-1">demo@wholesail.test</code> /{' '}
              <code className="rounded bg-muted px-1">wholesail-demo</code> unless changed).{' '}
              <Link to="/login" className="font-medium text-primary hover:underline">
                Sign in
              </Link>{' '}
              with it.
            </AccessWay>
            <AccessWay icon={Users} title="Start an organization">
              Want Wholesail for your company? Write to{' '}
              <a href={SUPPORT_MAILTO} className="font-medium text-primary hover:underline">
                {SUPPORT_EMAIL}
              </a>{' '}
              and we will set up your organization and its free trial.
            </AccessWay>
          </ul>
        </CardContent>
      </Card>
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="text-base">Create an account</CardTitle>
          <CardDescription>Accounts are created by invitation, so this form is turned away by the server.</CardDescription>
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

function AccessWay({ icon: Icon, title, children }: { icon: typeof Lock; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden />
      </span>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}
