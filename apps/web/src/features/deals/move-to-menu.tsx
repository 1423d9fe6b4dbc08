import { DEAL_STAGE_LABELS, DEAL_STAGES, type Deal, type DealStage } from '@wholesail/domain';
import { ArrowRightLeftIcon, ChevronDownIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

type Props = { deal: Deal; onMove: (deal: Deal, stage: DealStage) => void; disabled?: boolean; compact?: boolean };

/** "Move to…": every other stage, Dead last; the keyboard's way to do what dragging a card does. */
export function MoveToMenu({ deal, onMove, disabled, compact = false }: Props) {
  const others = DEAL_STAGES.filter((stage) => stage !== deal.stage && stage !== 'dead');
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={disabled}>
        {compact ? (
          <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${deal.lead_name} to…`}>
            <ArrowRightLeftIcon aria-hidden />
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            Move to… <ChevronDownIcon aria-hidden />
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        {others.map((stage) => (
          <DropdownMenuItem key={stage} onSelect={() => onMove(deal, stage)}>
            {DEAL_STAGE_LABELS[stage]}
          </DropdownMenuItem>
        ))}
        {deal.stage !== 'dead' && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive data-[highlighted]:text-destructive" onSelect={() => onMove(deal, 'dead')}>
              Dead
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
