import { ROOM_MESSAGES } from '@wholesail/domain';
import { AlertCircleIcon, LockIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { fieldProps, FormField } from '@/features/deals/form-field';
import { ApiError } from '@/lib/api';

const KNOWN: readonly string[] = Object.values(ROOM_MESSAGES);
/** The card's title is the page's heading: the card is all the page shows. */
const PAGE_TITLE = 'text-xl font-semibold leading-tight tracking-tight';

/** A full-page card centred on a plain background: the room's only content when it does not open. */
export function RoomNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
      <Card className="w-full max-w-md">{children}</Card>
    </div>
  );
}

/** Why the room does not open, in its own words: gone, closed, expired, invited only, or a failure to retry. */
export function RoomUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const byStatus: Record<number, [string, string]> = {
    400: ['Deal room not found', ROOM_MESSAGES.notFound],
    404: ['Deal room not found', ROOM_MESSAGES.notFound],
    410: ['No longer available', ROOM_MESSAGES.closed],
    403: ['Invited buyers only', ROOM_MESSAGES.invitedOnly],
  };
  const [title, fallback] = byStatus[status] ?? ['The deal could not be loaded', error.message];
  const message = KNOWN.includes(error.message) ? error.message : fallback;
  return (
    <RoomNotice>
      <CardHeader>
        <AlertCircleIcon className="size-6 text-muted-foreground" aria-hidden />
        <h1 className={PAGE_TITLE}>{title}</h1>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      {!byStatus[status] && (
        <CardContent>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </CardContent>
      )}
    </RoomNotice>
  );
}

/** The password a password room asks for; a wrong one says so under the field. */
export function RoomPasswordForm({ wrong, pending, onSubmit }: { wrong: boolean; pending: boolean; onSubmit: (password: string) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const error = empty ? 'Enter the password.' : wrong ? ROOM_MESSAGES.wrongPassword : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(!password);
    if (password) onSubmit(password);
  };
  return (
    <RoomNotice>
      <CardHeader>
        <LockIcon className="size-6 text-primary" aria-hidden />
        <h1 className={PAGE_TITLE}>Password required</h1>
        <CardDescription>{ROOM_MESSAGES.passwordRequired}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField id={`${id}-password`} label="Password" error={error}>
            <Input type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} {...fieldProps(`${id}-password`, error)} />
          </FormField>
          <Button type="submit" disabled={pending}>
            {pending ? 'Checking…' : 'View the deal'}
          </Button>
        </form>
      </CardContent>
    </RoomNotice>
  );
}
