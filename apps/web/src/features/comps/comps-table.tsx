import { formatUsd, type Comp } from '@wholesail/domain';
import { BanIcon, PinIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { adjustmentLines, formatDay, formatFeatures, formatMiles, formatPerSqft, formatSignedUsd } from './comps-format';

interface CompsTableProps {
  comps: Comp[];
  onPin: (id: string) => void;
  onExclude: (id: string) => void;
}

function CompFlags({ comp }: { comp: Comp }) {
  return (
    <span className="flex flex-wrap gap-1">
      {comp.pinned && <Badge>Pinned</Badge>}
      {comp.excluded && <Badge variant="outline">Excluded</Badge>}
      {comp.outlier && (
        <Badge variant="destructive" title="Its price per square foot is more than 2 standard deviations from the others'">
          Outlier
        </Badge>
      )}
    </span>
  );
}

function Adjustments({ comp }: { comp: Comp }) {
  const lines = adjustmentLines(comp.adjustments);
  if (lines.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="grid gap-0.5">
      <span className="font-medium">{formatSignedUsd(comp.adjustments.total)}</span>
      <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground max-sm:justify-end">
        {lines.map((l) => (
          <span key={l.label} className="whitespace-nowrap">
            {l.label} {formatSignedUsd(l.value)}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * The comps, most similar first: the house, its sale, similarity, each adjustment and the adjusted price, with Pin and
 * Exclude toggles. A row left out of the ARV (excluded, or an outlier not pinned) is dimmed. Cards on phones.
 */
export function CompsTable({ comps, onPin, onExclude }: CompsTableProps) {
  return (
    <Table aria-label="Comparable sales">
      <TableHeader>
        <TableRow>
          <TableHead>Comparable</TableHead>
          <TableHead>Sale</TableHead>
          <TableHead className="text-right">Similarity</TableHead>
          <TableHead>Adjustments</TableHead>
          <TableHead className="text-right">Adjusted</TableHead>
          <TableHead>
            <span className="sr-only">Pin or exclude</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {comps.map((comp) => {
          const leftOut = comp.excluded || (comp.outlier && !comp.pinned);
          return (
            <TableRow key={comp.id} data-testid={`comp-${comp.id}`} className={cn(leftOut && 'text-muted-foreground')}>
              <TableCell className="min-w-44 max-w-72 max-sm:max-w-none">
                <span className="grid gap-1 max-sm:justify-items-start">
                  <span className="font-medium break-words text-foreground">{comp.address}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatMiles(comp.distance_miles)} away · sold {formatDay(comp.sale_date)}
                  </span>
                  <span className="text-xs text-muted-foreground">{formatFeatures(comp)}</span>
                  <CompFlags comp={comp} />
                </span>
              </TableCell>
              <TableCell label="Sale">
                <span className="grid gap-0.5 whitespace-nowrap sm:justify-items-start">
                  <span>{formatUsd(comp.sale_price)}</span>
                  <span className="text-xs text-muted-foreground">{formatPerSqft(comp.price_per_sqft)}</span>
                </span>
              </TableCell>
              <TableCell label="Similarity" className="text-right tabular-nums">
                <span>
                  {comp.similarity}
                  <span className="text-xs text-muted-foreground">/100</span>
                </span>
              </TableCell>
              <TableCell label="Adjustments" className="sm:min-w-40">
                <Adjustments comp={comp} />
              </TableCell>
              <TableCell label="Adjusted price" className="text-right font-medium whitespace-nowrap tabular-nums">
                {formatUsd(comp.adjusted_price)}
              </TableCell>
              <TableCell>
                <span className="flex gap-1 max-sm:w-full max-sm:justify-end sm:max-xl:flex-col">
                  <Button size="sm" variant={comp.pinned ? 'default' : 'outline'} aria-pressed={comp.pinned} aria-label={`Pin ${comp.address}`} title="Always use in the ARV" onClick={() => onPin(comp.id)}>
                    <PinIcon aria-hidden /> Pin
                  </Button>
                  <Button size="sm" variant={comp.excluded ? 'secondary' : 'outline'} aria-pressed={comp.excluded} aria-label={`Exclude ${comp.address}`} title="Never use in the ARV" onClick={() => onExclude(comp.id)}>
                    <BanIcon aria-hidden /> Exclude
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
