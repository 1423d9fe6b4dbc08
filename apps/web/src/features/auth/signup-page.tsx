import { ACCESS_REQUEST_MESSAGES, accessRequestBody, SIGN_UP_DISABLED_MESSAGE, type AccessRequestBody, type AccessRequestSent } from '@wholesail/domain';
import { useMutation } from '@tanstack/react-query';
import { CircleCheckIcon, Lock, MailPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, apiRequest } from '@/lib/api';
import { cn } from '@/lib/utils';
import { AuthShell } from './auth-shell';

type Field = keyof AccessRequestBody;
type FieldErrors = Partial<Record<Field, string>>;

function sendAccessRequest(body: AccessRequestBody): Promise<AccessRequestSent> {
  return apiRequest('/api/access-requests', { method: 'POST', body });
}

/** The server names the field before its message ('email: …'); the form shows the message alone. */
const withoutField = (message: string) => message.replace(/^[a-z_]+: /, '');

/**
 * /signup: account creation is disabled (platform.md §5). The page says so, how to get access (an invitation
 * from the organization's administrator), and lets a visitor without one ask the operators by email.
 */
export function SignupPage() {
  return (
    <AuthShell>
      <Card className="w-full max-w-lg">
        <CardHeader>
          <Lock className="size-5 text-primary" aria-hidden />
          <h1 className="text-xl leading-tight font-semibold tracking-tight">Account creation is temporarily disabled</h1>
          <CardDescription>{SIGN_UP_DISABLED_MESSAGE}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-5 text-sm">
            <AccessWay icon={MailPlus} title="Join your team">
              Ask your administrator (the owner or an admin of your organization) to invite you. The email they send has a link that sets up
              your account; you can also paste that link on the{' '}
              <Link to="/accept-invitation" className="font-medium text-primary hover:underline">
                invitation page
              </Link>
              .
            </AccessWay>
            <AccessWay icon={Users} title="New to Wholesail?">
              Request access below. We will set up your organization and reply by email.
            </AccessWay>
          </ul>
        </CardContent>
      </Card>
      <RequestAccessCard />
    </AuthShell>
  );
}

function RequestAccessCard() {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({ mutationFn: sendAccessRequest });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const optional = (name: Field) => String(data.get(name) ?? '').trim() || undefined;
    const parsed = accessRequestBody.safeParse({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      company: optional('company'),
      message: optional('message'),
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  if (mutation.isSuccess) {
    return (
      <Card className="w-full max-w-lg">
        <CardContent className="flex items-start gap-3 pt-6" role="status">
          <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <p className="text-sm">{ACCESS_REQUEST_MESSAGES.sent}</p>
        </CardContent>
      </Card>
    );
  }

  const failure = mutation.error
    ? mutation.error instanceof ApiError && mutation.error.status === 429
      ? 'You have sent several requests already. Please wait an hour, or write to us by email.'
      : withoutField(mutation.error.message)
    : null;
  const field = (name: Field, label: string, control: ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {control}
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
  const described = (name: Field) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined });

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle className="text-base">Request access</CardTitle>
        <CardDescription>Tell us who you are and we will get back to you by email.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {field('name', 'Name', <Input id={`${id}-name`} name="name" autoComplete="name" {...described('name')} />)}
          {field('email', 'Email', <Input id={`${id}-email`} name="email" type="email" autoComplete="email" {...described('email')} />)}
          {field('company', 'Company (optional)', <Input id={`${id}-company`} name="company" autoComplete="organization" {...described('company')} />)}
          {field(
            'message',
            'Message (optional)',
            <textarea id={`${id}-message`} name="message" rows={3} className={cn(fieldClassName, 'h-auto py-2')} {...described('message')} />,
          )}
          {failure && <Alert variant="destructive">{failure}</Alert>}
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Request access'}
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
