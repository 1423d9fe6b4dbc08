import { DEFAULT_ROUTE, landingAfterSignIn, postLoginDestination, recoveryDestination, type Onboarding } from '@wholesail/domain';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { getLastRoute } from '@/lib/storage';
import { LegalFooter } from './legal-footer';
import { LoginMarketing } from './login-marketing';
import type { Credentials, SignInErrors, SignInValues } from './sign-in-schema';
import { useSession } from './use-session';
import { useSignIn } from './use-sign-in';

// The dialog (and Radix Dialog) loads only when asked for, keeping the login entry chunk small.
const ResetPasswordDialog = lazy(() => import('./reset-password-dialog').then((m) => ({ default: m.ResetPasswordDialog })));

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  // Read before route memory records /login itself, which would hide where the user came from.
  const [lastRoute] = useState(getLastRoute);
  const redirect = searchParams.get('redirect');
  const signIn = useSignIn(async () => {
    const destination = postLoginDestination({ redirect, lastRoute });
    // A new organization's team lands on its setup checklist until it is done or hidden; a failed read is no reason to stop.
    const onboarding = destination === DEFAULT_ROUTE ? await apiRequest<Onboarding>('/api/onboarding').catch(() => null) : null;
    void navigate(landingAfterSignIn(destination, DEFAULT_ROUTE, onboarding), { replace: true });
  });

  const recovery = recoveryDestination({ search: location.search, hash: location.hash });
  if (recovery) return <Navigate to={recovery} replace />;

  // A visitor who is already signed in does not need this page; during our own sign-in the mutation navigates.
  if (session.status === 'signed-in' && signIn.isIdle) {
    const destination = postLoginDestination({ redirect, currentPath: location.pathname + location.search, lastRoute });
    return <Navigate to={destination} replace />;
  }

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <LoginMarketing />
      <main className="order-1 flex flex-col items-center justify-center gap-8 px-4 py-12 sm:px-8 lg:order-2">
        <SignInCard pending={signIn.isPending} onSubmit={(credentials) => signIn.mutate(credentials)} />
        <LegalFooter />
      </main>
    </div>
  );
}

// The form's rules (zod and the domain's email rule) load when the form is first focused or submitted, not with the
// page: zod and a form library would be a fifth of the sign-in page's initial JavaScript, for two fields.
let rules: Promise<typeof import('./sign-in-schema')> | undefined;
const loadRules = () => (rules ??= import('./sign-in-schema'));

type SignInCardProps = { pending: boolean; onSubmit: (credentials: Credentials) => void };

function SignInCard({ pending, onSubmit }: SignInCardProps) {
  const emailId = useId();
  const passwordId = useId();
  const [resetOpen, setResetOpen] = useState(false);
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  // After the first submit each change is checked again, so a message goes as soon as the field is right.
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const check = async (next: SignInValues) => (await loadRules()).checkSignIn(next);
  const change = (field: keyof SignInValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) void check(next).then((r) => setErrors(r.errors ?? {}));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = await check(values);
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
    else inputs[result.errors.email ? 'email' : 'password'].current?.focus();
  };

  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle className="text-xl">Sign In</CardTitle>
        <CardDescription>Welcome back. Sign in to your workspace.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadRules()} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input
              id={emailId}
              type="email"
              required
              autoComplete="email"
              placeholder="you@company.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={`${emailId}-error`}
              ref={inputs.email}
              name="email"
              value={values.email}
              onChange={change('email')}
            />
            <FieldError id={`${emailId}-error`} message={errors.email} />
          </div>
          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={passwordId}>Password</Label>
              <button type="button" className="text-xs font-medium text-primary hover:underline" onClick={() => setResetOpen(true)}>
                Forgot your password?
              </button>
            </div>
            <Input
              id={passwordId}
              type="password"
              required
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={`${passwordId}-error`}
              ref={inputs.password}
              name="password"
              value={values.password}
              onChange={change('password')}
            />
            <FieldError id={`${passwordId}-error`} message={errors.password} />
          </div>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <p className="mt-6 rounded-md bg-muted px-3 py-2 text-center text-xs text-muted-foreground">Account creation is temporarily disabled</p>
      </CardContent>
      {resetOpen && (
        <Suspense fallback={null}>
          <ResetPasswordDialog open onOpenChange={setResetOpen} defaultEmail={values.email.trim()} />
        </Suspense>
      )}
    </Card>
  );
}
