import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { capitalize, formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { fetchMembers } from './settings-api';

export function MembersSection() {
  const members = useQuery({ queryKey: queryKeys.members, queryFn: fetchMembers });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>People who can sign in to this organization.</CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending && <Skeleton className="h-24" />}
        {members.isError && <p className="text-sm text-destructive">{members.error.message}</p>}
        {members.data && (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Joined</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.map((member) => (
                <TableRow key={member.id}>
                  <TableCell className="font-medium">{member.name}</TableCell>
                  <TableCell label="Email" className="text-muted-foreground">{member.email}</TableCell>
                  <TableCell label="Role">
                    <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{capitalize(member.role)}</Badge>
                  </TableCell>
                  <TableCell label="Joined" className="text-muted-foreground">{formatDate(member.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
