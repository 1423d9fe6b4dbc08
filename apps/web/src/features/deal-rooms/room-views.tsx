import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRoomViews } from './room-api';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "45 s", "3 min", "1 h 5 min": how long a visit lasted. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The room's access log: who opened it (a buyer's own link, or an anonymous visitor), when, how long, and whether they made an offer. */
export function RoomViews({ dealId }: { dealId: string }) {
  const views = useRoomViews(dealId, true);
  if (views.isPending) return <Skeleton className="h-24 w-full" />;
  if (views.isError) return <p className="text-sm text-destructive">Could not load the access log: {views.error.message}</p>;
  const { items, total, unique_visitors } = views.data;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nobody has opened the room yet.</p>;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {total} {total === 1 ? 'visit' : 'visits'} by {unique_visitors} {unique_visitors === 1 ? 'visitor' : 'visitors'}.
      </p>
      <Table aria-label="Access log">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Who</TableHead>
            <TableHead>When</TableHead>
            <TableHead>How long</TableHead>
            <TableHead>Offer</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((view) => (
            <TableRow key={view.id}>
              <TableCell className="font-medium">{view.buyer_name ?? 'Anonymous visitor'}</TableCell>
              <TableCell label="When">{when.format(new Date(view.opened_at))}</TableCell>
              <TableCell label="How long" className="tabular-nums">{durationText(view.seconds)}</TableCell>
              <TableCell label="Offer">{view.offer_id ? 'Made an offer' : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
