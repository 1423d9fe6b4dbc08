import { Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthShell } from '@/features/auth/auth-shell';
import { tokenFromInput } from './invitation-api';

/** /accept-invitation without a token: paste the link or token from the email. */
export function EnterInvitationPage() {
  const navigate = useNavigate();
  const inputId = useId();
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = tokenFromInput(String(new FormData(event.currentTarget).get('invitation') ?? ''));
    if (!token) {
      setError('Paste the whole invitation link from your email, or the code at its end.');
      return;
    }
    void navigate(`/accept-invitation/${encodeURIComponent(token)}`);
  };

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <Ticket className="size-5 text-primary" aria-hidden />
          <CardTitle className="text-xl">Accept an invitation</CardTitle>
          <CardDescription>Open the link in your invitation email, or paste it here.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-3">
            <Label htmlFor={inputId}>Invitation link or token</Label>
            <Input
              id={inputId}
              name="invitation"
              placeholder="https://…/accept-invitation/…"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-error`}
              onChange={() => setError(undefined)}
            />
            <FieldError id={`${inputId}-error`} message={error} />
            <Button type="submit">Continue</Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
