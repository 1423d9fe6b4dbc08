import { formatPhone, type OrganizationPhoneNumber } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PhoneOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { queryKeys } from '@/lib/query-keys';
import { NO_PHONE_NUMBERS, PHONE_TOASTS } from './messages';
import { deletePhoneNumber, updatePhoneNumber, usePhoneNumbers, type PhoneNumberPatch } from './phone-numbers-api';

const LOAD_ERROR_TOAST_ID = 'phone-numbers-load-error';

/** The organization's numbers: owners and admins switch, promote and remove them; members only read. */
export function PhoneNumbersSection({ canManage }: { canManage: boolean }) {
  const client = useQueryClient();
  const numbers = usePhoneNumbers();
  const [removing, setRemoving] = useState<OrganizationPhoneNumber | null>(null);

  useEffect(() => {
    if (numbers.isError) toast.error(PHONE_TOASTS.loadError, { id: LOAD_ERROR_TOAST_ID, description: PHONE_TOASTS.loadErrorDescription });
  }, [numbers.isError, numbers.errorUpdatedAt]);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.phoneNumbers });
    void client.invalidateQueries({ queryKey: queryKeys.phoneAssignments });
  };
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PhoneNumberPatch }) => updatePhoneNumber(id, patch),
    onSuccess: refresh,
    onError: (error) => toast.error('Failed to update phone number', { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deletePhoneNumber(id),
    onSuccess: () => {
      setRemoving(null);
      toast.success('Phone number removed');
      refresh();
    },
    onError: (error) => toast.error('Failed to remove phone number', { description: error.message }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization phone numbers</CardTitle>
        <CardDescription>
          {canManage ? 'The numbers your team calls from. The primary number is used when no other number is chosen.' : 'The numbers your team calls from. Only owners and admins can change them.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {numbers.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {numbers.isError && (
          <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
            <span className="text-destructive">{PHONE_TOASTS.loadErrorDescription}</span>
            <Button variant="outline" size="sm" onClick={() => void numbers.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {numbers.data?.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center">
            <PhoneOffIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium">{NO_PHONE_NUMBERS.title}</p>
            <p className="text-sm text-muted-foreground">{NO_PHONE_NUMBERS.description}</p>
          </div>
        )}
        {numbers.data && numbers.data.length > 0 && (
          <Table aria-label="Organization phone numbers">
            <TableHeader>
              <TableRow>
                <TableHead>Number</TableHead>
                <TableHead>Label</TableHead>
                <TableHead>Active</TableHead>
                <TableHead>Primary</TableHead>
                {canManage && <TableHead className="text-right">Actions</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {numbers.data.map((number) => {
                const formatted = formatPhone(number.phone_number);
                return (
                  <TableRow key={number.id}>
                    <TableCell className="font-medium tabular-nums">{formatted}</TableCell>
                    <TableCell label="Label" className="text-muted-foreground">{number.label || '—'}</TableCell>
                    <TableCell label="Active">
                      <Switch
                        aria-label={`Active ${formatted}`}
                        checked={number.is_active}
                        disabled={!canManage || update.isPending}
                        onCheckedChange={(checked) => update.mutate({ id: number.id, patch: { is_active: checked } })}
                      />
                    </TableCell>
                    <TableCell label="Primary">
                      {number.is_primary ? (
                        <Badge>Primary</Badge>
                      ) : canManage ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Make ${formatted} primary`}
                          disabled={update.isPending}
                          onClick={() => update.mutate({ id: number.id, patch: { is_primary: true } })}
                        >
                          Make primary
                        </Button>
                      ) : null}
                    </TableCell>
                    {canManage && (
                      <TableCell className="text-right">
                        <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Remove ${formatted}`} onClick={() => setRemoving(number)}>
                          Remove
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove {removing ? formatPhone(removing.phone_number) : ''}?</DialogTitle>
            <DialogDescription>Nobody in your organization will be able to call from this number any more.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>
              {remove.isPending ? 'Removing...' : 'Remove number'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
