import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTableHeader, Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { capitalize, formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { fetchInvitations, revokeInvitation } from './settings-api';

/** Invitations still waiting for an answer, each revocable. */
export function InvitationsSection() {
  const client = useQueryClient();
  const invitations = useQuery({ queryKey: queryKeys.invitations, queryFn: fetchInvitations });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async () => {
      toast.success('Invitation revoked');
      await client.invalidateQueries({ queryKey: queryKeys.invitations });
    },
    onError: (error) => toast.error('Failed to revoke invitation', { description: error.message }),
  });
  const pending = invitations.data?.filter((invitation) => invitation.status === 'pending') ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
        <CardDescription>Revoking an invitation makes its link stop working.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending && <Skeleton className="h-16" />}
        {invitations.isError && <p className="text-sm text-destructive">{invitations.error.message}</p>}
        {invitations.data && pending.length === 0 && <p className="text-sm text-muted-foreground">No pending invitations.</p>}
        {pending.length > 0 && (
          <Table>
            <ListTableHeader columns={['Email', 'Role', 'Sent', 'Expires']} />
            <TableBody>
              {pending.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell className="font-medium">{invitation.email}</TableCell>
                  <TableCell label="Role">
                    <Badge variant="secondary">{capitalize(invitation.role)}</Badge>
                  </TableCell>
                  <TableCell label="Sent" className="text-muted-foreground">{formatDate(invitation.created_at)}</TableCell>
                  <TableCell label="Expires" className="text-muted-foreground">{formatDate(invitation.expires_at)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() => revoke.mutate(invitation.id)}
                      aria-label={`Revoke invitation for ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
