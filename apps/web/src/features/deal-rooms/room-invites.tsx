import type { DealRoom } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CopyIcon, UserPlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Skeleton } from '@/components/ui/skeleton';
import { useBuyerOptions } from '@/features/deals/deals-api';
import { queryKeys } from '@/lib/query-keys';
import { copyLink } from './copy-link';
import { inviteBuyers, revokeInvite, useRoomInvites } from './room-api';

/** The buyers invited to the room, each with their own link to copy or revoke, and Invite buyers. */
export function RoomInvites({ room }: { room: DealRoom }) {
  const client = useQueryClient();
  const invites = useRoomInvites(room.deal_id, true);
  const [picking, setPicking] = useState(false);
  const revoke = useMutation({
    mutationFn: (inviteId: string) => revokeInvite(room.deal_id, inviteId),
    onSuccess: () => toast.success('Invite revoked: that link no longer opens the room'),
    onError: (error) => toast.error('Could not revoke the invite', { description: error.message }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.dealRooms.invites(room.deal_id) }),
  });
  const items = invites.data ?? [];
  const live = new Set(items.filter((i) => i.revoked_at === null).map((i) => i.buyer_id));

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {room.access === 'invited' ? 'Only these buyers can open the room, each with their own link.' : 'Each invited buyer gets their own link, so you see who opened it.'}
        </p>
        <Button type="button" variant="outline" onClick={() => setPicking(true)}>
          <UserPlusIcon aria-hidden /> Invite buyers
        </Button>
      </div>
      {invites.isPending && <Skeleton className="h-16 w-full" />}
      {invites.isError && <p className="text-sm text-destructive">Could not load the invites: {invites.error.message}</p>}
      {items.length > 0 && (
        <ul className="divide-y rounded-lg border" aria-label="Invited buyers">
          {items.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 break-words text-sm font-medium">{invite.buyer_name}</span>
              {invite.revoked_at ? (
                <Badge variant="secondary">Revoked</Badge>
              ) : (
                <span className="flex gap-2">
                  <Button type="button" size="sm" variant="outline" onClick={() => copyLink(invite.url, `${invite.buyer_name}'s link`)}>
                    <CopyIcon aria-hidden /> Copy link
                  </Button>
                  <Button type="button" size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(invite.id)} aria-label={`Revoke ${invite.buyer_name}'s link`}>
                    Revoke
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent>{picking && <InviteForm dealId={room.deal_id} invited={live} onDone={() => setPicking(false)} />}</DialogContent>
      </Dialog>
    </div>
  );
}

function InviteForm({ dealId, invited, onDone }: { dealId: string; invited: Set<string>; onDone: () => void }) {
  const client = useQueryClient();
  const buyers = useBuyerOptions();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const invite = useMutation({
    mutationFn: () => inviteBuyers(dealId, [...chosen]),
    onSuccess: ({ items }) => {
      void client.invalidateQueries({ queryKey: queryKeys.dealRooms.invites(dealId) });
      toast.success(items.length === 1 ? `${items[0]!.buyer_name} invited` : `${items.length} buyers invited`);
      onDone();
    },
  });
  const open = (buyers.data ?? []).filter((b) => !invited.has(b.id));
  const toggle = (id: string) => setChosen((set) => (set.has(id) ? new Set([...set].filter((x) => x !== id)) : new Set([...set, id])));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size > 0) invite.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Invite buyers</DialogTitle>
        <DialogDescription>Each buyer gets a link of their own to the room.</DialogDescription>
      </DialogHeader>
      {buyers.isPending && <Skeleton className="h-24 w-full" />}
      {buyers.data && open.length === 0 && <p className="text-sm text-muted-foreground">Every active buyer is invited already.</p>}
      {open.length > 0 && (
        <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="Buyers">
          {open.map((b) => (
            <li key={b.id}>
              <label className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
                <input type="checkbox" checked={chosen.has(b.id)} onChange={() => toggle(b.id)} />
                <span className="min-w-0 break-words">
                  {b.contact_name}
                  {b.company_name && <span className="text-muted-foreground"> · {b.company_name}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {invite.isError && <p className="text-sm text-destructive">{invite.error.message}</p>}
      {chosen.size === 0 && invite.isIdle && open.length > 0 && <p className="text-xs text-muted-foreground">Choose at least one buyer.</p>}
      <FormDialogFooter label={chosen.size > 1 ? `Invite ${chosen.size} buyers` : 'Invite'} pendingLabel="Inviting…" pending={invite.isPending} />
    </form>
  );
}
