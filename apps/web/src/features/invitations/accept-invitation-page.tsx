import { DEFAULT_ROUTE, type InvitationPreview } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Users } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AuthShell } from '@/features/auth/auth-shell';
import { useSession } from '@/features/auth/use-session';
import { useSignOut } from '@/features/auth/use-sign-out';
import { ApiError } from '@/lib/api';
import { capitalize } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { acceptInvitation, fetchInvitationPreview } from './invitation-api';
import { NewAccountForm } from './new-account-form';

export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const preview = useQuery({ queryKey: queryKeys.invitationPreview(token), queryFn: () => fetchInvitationPreview(token) });

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        {preview.isPending && (
          <CardContent className="grid gap-3 p-6" aria-label="Loading invitation">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        )}
        {preview.isError && <UnusableInvitation message={unusableText(preview.error)} />}
        {preview.data && <InvitationDetails token={token} preview={preview.data} />}
      </Card>
    </AuthShell>
  );
}

/** Why the link cannot be used, in words: a malformed link (400) reads as incomplete, not as the validation text. */
function unusableText(error: Error): string {
  if (error instanceof ApiError && error.status === 400) return INCOMPLETE_LINK;
  return error.message;
}

export const INCOMPLETE_LINK = 'This invitation link is incomplete. Open it again from your invitation email, making sure you copy the whole link.';

function UnusableInvitation({ message }: { message: string }) {
  return (
    <>
      <CardHeader>
        <AlertCircle className="size-5 text-destructive" aria-hidden />
        <CardTitle className="text-xl">This invitation can’t be used</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">Ask the person who invited you to send a new invitation.</p>
        <Button variant="outline" asChild>
          <Link to="/login">Go to sign in</Link>
        </Button>
      </CardContent>
    </>
  );
}

function InvitationDetails({ token, preview }: { token: string; preview: InvitationPreview }) {
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const accept = useMutation({
    mutationFn: (body: Parameters<typeof acceptInvitation>[1]) => acceptInvitation(token, body, new URLSearchParams(location.search).get('proof')),
    onSuccess: async () => {
      // The account may be new and the organization changed: nothing cached still holds.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      await client.invalidateQueries({ queryKey: queryKeys.session });
      void navigate(DEFAULT_ROUTE, { replace: true });
    },
  });

  const signedInEmail = session.data?.user.email ?? null;
  const isInvitee = signedInEmail !== null && signedInEmail.toLowerCase() === preview.email.toLowerCase();
  const loginLink = `/login?redirect=${encodeURIComponent(location.pathname)}`;

  return (
    <>
      <CardHeader>
        <Users className="size-5 text-primary" aria-hidden />
        <CardTitle className="text-xl">Join {preview.organization_name}</CardTitle>
        <CardDescription>
          You were invited as <span className="font-medium text-foreground">{capitalize(preview.role)}</span> with{' '}
          <span className="font-medium text-foreground">{preview.email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {accept.isError && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <span>{accept.error.message}</span>
          </Alert>
        )}
        {session.status === 'loading' && <Skeleton className="h-9 w-full" />}
        {session.status === 'signed-out' && (
          <>
            <NewAccountForm pending={accept.isPending} onSubmit={(values) => accept.mutate(values)} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link to={loginLink} className="font-medium text-primary hover:underline">
                Sign in
              </Link>{' '}
              first.
            </p>
          </>
        )}
        {session.status === 'signed-in' && !isInvitee && (
          <Alert>
            <AlertCircle aria-hidden />
            <span>
              You are signed in as <strong>{signedInEmail}</strong>, but this invitation is for <strong>{preview.email}</strong>. Sign out, then
              accept it with that email.
            </span>
          </Alert>
        )}
        {session.status === 'signed-in' && isInvitee && (
          <Button onClick={() => accept.mutate({})} disabled={accept.isPending}>
            {accept.isPending ? 'Joining...' : 'Accept invitation'}
          </Button>
        )}
        {session.status === 'signed-in' && !isInvitee && (
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </Button>
        )}
      </CardContent>
    </>
  );
}
