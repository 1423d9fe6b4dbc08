import { formatUsd, screenLinks, type Deal } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { DeadlineBadges } from './deadline-badge';
import { updateDeal, useMembers } from './deals-api';
import { MemberOptions } from './deal-title';
import { MoveToMenu } from './move-to-menu';
import { StageBadge } from './stage-badge';
import { useStageMove } from './use-stage-move';

/** The deal's lead and address, its stage with Move to…, its owner, and the fee it should bring. */
export function DealHeader({ deal }: { deal: Deal }) {
  const ownerId = useId();
  const client = useQueryClient();
  const members = useMembers();
  const { request, dialog, movingId } = useStageMove();
  const reassign = useMutation({
    mutationFn: (owner: string | null) => updateDeal(deal.id, { owner_user_id: owner }),
    onSuccess: (updated) => {
      client.setQueryData<Deal>(queryKeys.deals.detail(deal.id), (old) => ({ ...updated, offers: updated.offers ?? old?.offers }));
      void client.invalidateQueries({ queryKey: queryKeys.deals.all });
      toast.success(updated.owner_name ? `${updated.owner_name} owns this deal now` : 'The deal has no owner now');
    },
    onError: (error) => toast.error('Could not change the owner', { description: error.message }),
  });
  const fee = deal.assignment_fee_actual ?? deal.assignment_fee;

  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            <Link to={screenLinks.lead(deal.lead_id)} className="hover:underline">
              {deal.lead_name}
            </Link>
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{deal.property_address ?? 'No address on the lead'}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <StageBadge stage={deal.stage} />
            {fee !== null && <span className="text-muted-foreground">Fee {formatUsd(fee)}</span>}
            {deal.stage === 'dead' && deal.dead_reason && <span className="text-muted-foreground">· {deal.dead_reason}</span>}
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ownerId}>Owner</Label>
            <NativeSelect
              id={ownerId}
              className="w-48"
              value={deal.owner_user_id ?? ''}
              disabled={reassign.isPending}
              onChange={(event) => reassign.mutate(event.target.value || null)}
            >
              <option value="">Unassigned</option>
              {deal.owner_user_id && !members.data?.some((m) => m.id === deal.owner_user_id) && (
                <option value={deal.owner_user_id}>{deal.owner_name ?? 'Current owner'}</option>
              )}
              <MemberOptions members={members.data} />
            </NativeSelect>
          </div>
          <MoveToMenu deal={deal} onMove={request} disabled={movingId === deal.id} />
        </div>
      </div>
      <DeadlineBadges deal={deal} />
      {dialog}
    </header>
  );
}
