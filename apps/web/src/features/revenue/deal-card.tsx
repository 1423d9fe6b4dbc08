import { formatUsd, type Deal, type DealStage } from '@wholesail/domain';
import { Loader2Icon, UserIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { DeadlineBadges } from '@/features/deals/deadline-badge';
import { DealTitle } from '@/features/deals/deal-title';
import { MoveToMenu } from '@/features/deals/move-to-menu';
import { cn } from '@/lib/utils';


/** The price that matters at the deal's stage: the contract once there is one, else what we may offer, else the ask. */
export function headlineFigure(deal: Deal): { label: string; value: number } | null {
  if (deal.contract_price !== null) return { label: 'Contract', value: deal.contract_price };
  if (deal.max_offer !== null) return { label: 'Max offer', value: deal.max_offer };
  if (deal.asking_price !== null) return { label: 'Asking', value: deal.asking_price };
  return null;
}

/** The fee a deal earns: the actual one once known, else the expected one. */
export const dealFee = (deal: Deal): number | null => deal.assignment_fee_actual ?? deal.assignment_fee;

type Props = ComponentProps<'article'> & { deal: Deal; onMove: (deal: Deal, stage: DealStage) => void; moving?: boolean; dragging?: boolean };

/** A deal on the board: name, address, its price and fee, deadlines while open, owner, and Move to…. */
export function DealCard({ deal, onMove, moving = false, dragging = false, className, ...props }: Props) {
  const figure = headlineFigure(deal);
  const fee = dealFee(deal);
  return (
    <article
      aria-label={deal.lead_name}
      className={cn('grid gap-2 rounded-lg border bg-card p-2.5 text-sm shadow-xs', dragging && 'shadow-lg ring-2 ring-primary/30', className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-1">
        <DealTitle deal={deal} />
        {moving ? <Loader2Icon className="m-1.5 size-4 animate-spin text-muted-foreground" aria-label="Moving" /> : <MoveToMenu deal={deal} onMove={onMove} compact />}
      </div>
      {(figure || fee !== null) && (
        <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
          {figure && (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{figure.label}</dt>
              <dd className="font-medium tabular-nums">{formatUsd(figure.value)}</dd>
            </div>
          )}
          {fee !== null && (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Fee</dt>
              <dd className="font-medium text-success tabular-nums">{formatUsd(fee)}</dd>
            </div>
          )}
        </dl>
      )}
      {deal.stage === 'dead' && deal.dead_reason && <p className="line-clamp-2 text-xs text-muted-foreground">{deal.dead_reason}</p>}
      <DeadlineBadges deal={deal} row />
      <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
        <UserIcon className="size-3 shrink-0" aria-hidden />
        {deal.owner_name ?? 'Unassigned'}
      </p>
    </article>
  );
}
