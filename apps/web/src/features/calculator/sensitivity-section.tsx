import { formatUsd, type SensitivityRow } from '@wholesail/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { figureText } from './figure-stat';

const change = (percent: number) => (percent === 0 ? 'as estimated' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`);
const SHOW = { mao: 'MAO', maxOffer: 'Max offer' } as const;
type Show = keyof typeof SHOW;

/** MAO (or max offer) if the ARV or the repairs come out differently: ARV down the side, repairs across. */
export function SensitivitySection({ rows }: { rows: SensitivityRow[] }) {
  const [show, setShow] = useState<Show>('maxOffer');
  const columns = rows[0]?.cells ?? [];
  return (
    <Card role="region" aria-label="Sensitivity">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Sensitivity</CardTitle>
          <CardDescription>How much room you have if the ARV or the repairs come out differently. Hover a cell for its formula.</CardDescription>
        </div>
        <div className="flex gap-1 rounded-lg bg-muted p-1" role="group" aria-label="Show">
          {(Object.keys(SHOW) as Show[]).map((key) => (
            <Button key={key} type="button" size="sm" variant={show === key ? 'outline' : 'ghost'} aria-pressed={show === key} onClick={() => setShow(key)}>
              {SHOW[key]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <Table aria-label={`${SHOW[show]} by ARV and repairs`}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">ARV</TableHead>
              {columns.map((cell) => (
                <TableHead key={cell.repairChangePercent} scope="col" className="text-right">
                  Repairs {change(cell.repairChangePercent)}
                  <span className="block font-normal normal-case tabular-nums">{formatUsd(cell.repairs)}</span>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.arvChangePercent} className={cn(row.arvChangePercent === 0 && 'bg-muted/40')}>
                <TableCell className="font-medium whitespace-nowrap">
                  <span className="tabular-nums">{formatUsd(row.arv)}</span>
                  <span className="ml-1 text-xs text-muted-foreground">{change(row.arvChangePercent)}</span>
                </TableCell>
                {row.cells.map((cell) => {
                  const figure = cell[show];
                  const center = row.arvChangePercent === 0 && cell.repairChangePercent === 0;
                  return (
                    <TableCell
                      key={cell.repairChangePercent}
                      label={`Repairs ${change(cell.repairChangePercent)} (${formatUsd(cell.repairs)})`}
                      className={cn('text-right tabular-nums', center && 'font-semibold', figure.value < 0 && 'text-destructive')}
                      title={show === 'mao' ? cell.mao.formula : `${cell.mao.formula}; ${cell.maxOffer.formula}`}
                    >
                      {figureText(figure)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
