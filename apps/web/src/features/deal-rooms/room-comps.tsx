import { COMPS_DEFAULTS, type CompsResponse, type DealRoom } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatDay, formatMiles } from '@/features/comps/comps-format';
import { compsApiPath, compsScreenPath } from '@/features/comps/comps-search';
import { moneyText } from '@/features/deals/money';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { updateRoom } from './room-api';
import { roomCompsFrom } from './room-comps-pick';

const DEFAULT_SEARCH = { radius: COMPS_DEFAULTS.radius_miles, months: COMPS_DEFAULTS.months, sqft: COMPS_DEFAULTS.sqft_pct, pin: [], exclude: [] };

/** The comps buyers see on the room: copied from the lead's comps report when the agent asks, removable. */
export function RoomComps({ room, leadId }: { room: DealRoom; leadId: string }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: async (source: 'report' | 'none') => {
      const comps = source === 'none' ? [] : roomCompsFrom(await apiRequest<CompsResponse>(compsApiPath(leadId, DEFAULT_SEARCH)));
      if (source === 'report' && comps.length === 0) throw new Error('The comps report has no comparable sales for this property yet.');
      return updateRoom(room.deal_id, { comps });
    },
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.dealRooms.room(room.deal_id), saved);
      toast.success(saved.comps.length ? `Buyers now see ${saved.comps.length} ${saved.comps.length === 1 ? 'comp' : 'comps'}` : 'Comps removed from the room');
    },
    onError: (error) => toast.error('Could not change the comps', { description: error.message }),
  });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Buyers see the address and sale of each comp, never its owner. They come from the{' '}
        <Link className="underline" to={compsScreenPath(leadId)}>
          comps report
        </Link>{' '}
        (the sales its ARV uses, most alike first).
      </p>
      {room.comps.length > 0 && (
        <ul className="grid gap-2" aria-label="Comps buyers see">
          {room.comps.map((c) => (
            <li key={c.address} className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2 text-sm">
              <span className="min-w-0 font-medium break-words">{c.address}</span>
              <span className="text-muted-foreground">
                {moneyText(c.sold_price)}
                {c.sold_on ? ` · ${formatDay(c.sold_on)}` : ''}
                {c.distance_miles !== null ? ` · ${formatMiles(c.distance_miles)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate('report')}>
          {room.comps.length ? 'Refresh from the comps report' : 'Show the comps from the ARV'}
        </Button>
        {room.comps.length > 0 && (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate('none')}>
            Remove comps
          </Button>
        )}
      </div>
    </div>
  );
}
