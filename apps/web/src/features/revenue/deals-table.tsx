import { formatUsd, type Deal, type DealStage } from '@wholesail/domain';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DeadlineBadges } from '@/features/deals/deadline-badge';
import { dealDeadlines } from '@/features/deals/deadlines';
import { DealTitle } from '@/features/deals/deal-title';
import { MoveToMenu } from '@/features/deals/move-to-menu';
import { StageBadge } from '@/features/deals/stage-badge';
import type { BoardProps } from './deal-board';
import { BOARD_STAGES, dealsInStage } from './board-deals';
import { dealFee, headlineFigure } from './deal-card';

const none = <span className="text-muted-foreground">—</span>;

/** The list view: every deal of the board in stage order, one row each (a card each on a phone). */
export function DealsTable({ deals, onMove, movingId }: Omit<BoardProps, 'totals'>) {
  const rows = [...BOARD_STAGES, 'dead' as const].flatMap((stage) => dealsInStage(deals, stage));
  return (
    <Card>
      <Table aria-label="Deals">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Deal</TableHead>
            <TableHead>Stage</TableHead>
            <TableHead>Price</TableHead>
            <TableHead>Fee</TableHead>
            <TableHead>Deadlines</TableHead>
            <TableHead>Owner</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((deal) => (
            <DealRow key={deal.id} deal={deal} onMove={onMove} moving={movingId === deal.id} />
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function DealRow({ deal, onMove, moving }: { deal: Deal; onMove: BoardProps['onMove']; moving: boolean }) {
  const figure = headlineFigure(deal);
  const fee = dealFee(deal);
  return (
    <TableRow aria-label={deal.lead_name} aria-busy={moving || undefined}>
      <TableCell className="max-w-[14rem] max-sm:max-w-none">
        <DealTitle deal={deal} />
      </TableCell>
      <TableCell label="Stage">
        <StageBadge stage={deal.stage} />
      </TableCell>
      <TableCell label="Price" className="whitespace-nowrap tabular-nums">
        {figure ? (
          <span className="grid">
            {formatUsd(figure.value)} <span className="text-xs text-muted-foreground">{figure.label}</span>
          </span>
        ) : (
          none
        )}
      </TableCell>
      <TableCell label="Fee" className="tabular-nums">
        {fee === null ? none : formatUsd(fee)}
      </TableCell>
      <TableCell label="Deadlines">{dealDeadlines(deal).length > 0 ? <DeadlineBadges deal={deal} /> : none}</TableCell>
      <TableCell label="Owner" className="whitespace-nowrap">
        {deal.owner_name ?? <span className="text-muted-foreground">Unassigned</span>}
      </TableCell>
      <TableCell className="text-right max-sm:justify-end">
        <MoveToMenu deal={deal} onMove={onMove} disabled={moving} />
      </TableCell>
    </TableRow>
  );
}
