import type { DealRoom } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CopyIcon, DoorOpenIcon, ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyCard } from '@/components/ui/empty-card';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { copyLink } from './copy-link';
import { createRoom, updateRoom, useRoom } from './room-api';
import { RoomComps } from './room-comps';
import { RoomInvites } from './room-invites';
import { RoomPhotos } from './room-photos';
import { RoomSettingsForm } from './room-settings-form';
import { RoomViews } from './room-views';

const STATE_BADGES: Record<DealRoom['state'], { label: string; variant: 'success' | 'secondary' | 'destructive' }> = {
  open: { label: 'Open', variant: 'success' },
  closed: { label: 'Closed', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'destructive' },
};

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-5" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The deal's Deal room tab: create the room, then its link, state, settings, photos, invites and access log. */
export function DealRoomPanel({ dealId, leadId }: { dealId: string; leadId: string }) {
  const client = useQueryClient();
  const room = useRoom(dealId);
  const create = useMutation({
    mutationFn: () => createRoom(dealId),
    onSuccess: (created) => {
      client.setQueryData(queryKeys.dealRooms.room(dealId), created);
      toast.success('Deal room created');
    },
  });

  if (room.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading the deal room" />;
  if (room.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>Could not load the deal room: {room.error.message}</span>
      </Alert>
    );
  }
  if (room.data === null) {
    return (
      <EmptyCard icon={DoorOpenIcon} title="No deal room yet" text="A deal room is a page for buyers, opened without an account: photos, numbers, terms and a form to make an offer. The seller and your contract price never show.">
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create deal room'}
        </Button>
        {create.isError && <p className="basis-full text-sm text-destructive">Could not create the room: {create.error.message}</p>}
      </EmptyCard>
    );
  }
  return (
    <div className="grid gap-5">
      <RoomLinkBar room={room.data} />
      <Part title="Settings">
        <RoomSettingsForm room={room.data} />
      </Part>
      <Part title="Photos">
        <RoomPhotos room={room.data} />
      </Part>
      <Part title="Comps">
        <RoomComps room={room.data} leadId={leadId} />
      </Part>
      <Part title="Invited buyers">
        <RoomInvites room={room.data} />
      </Part>
      <Part title="Access log">
        <RoomViews dealId={dealId} />
      </Part>
    </div>
  );
}

/** The public link with Copy and Open, the room's state, and Close room / Reopen. */
function RoomLinkBar({ room }: { room: DealRoom }) {
  const client = useQueryClient();
  const status = useMutation({
    mutationFn: (next: DealRoom['status']) => updateRoom(room.deal_id, { status: next }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.dealRooms.room(room.deal_id), saved);
      toast.success(saved.status === 'closed' ? 'Deal room closed: buyers see that the deal is no longer available' : 'Deal room reopened');
    },
    onError: (error) => toast.error('Could not change the room', { description: error.message }),
  });
  const badge = STATE_BADGES[room.state];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">Deal room</h2>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="text-sm text-muted-foreground">
          {room.views} {room.views === 1 ? 'visit' : 'visits'} · {room.offers} {room.offers === 1 ? 'offer' : 'offers'}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-64 truncate rounded-md border bg-muted/40 px-3 py-2 text-xs" aria-label="Room link">
          {room.url}
        </code>
        <Button type="button" variant="outline" onClick={() => copyLink(room.url)}>
          <CopyIcon aria-hidden /> Copy
        </Button>
        <Button asChild variant="outline">
          <a href={room.url} target="_blank" rel="noreferrer">
            <ExternalLinkIcon aria-hidden /> Open
          </a>
        </Button>
        {room.status === 'open' ? (
          <Button type="button" variant="outline" disabled={status.isPending} onClick={() => status.mutate('closed')}>
            Close room
          </Button>
        ) : (
          <Button type="button" disabled={status.isPending} onClick={() => status.mutate('open')}>
            Reopen
          </Button>
        )}
      </div>
    </div>
  );
}
