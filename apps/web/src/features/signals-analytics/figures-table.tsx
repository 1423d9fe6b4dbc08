import type { SignalFigures, SignalMeasure } from '@wholesail/domain';
import { Fragment, type ReactNode } from 'react';
import { countText, percentText } from '@/features/analytics/figure-format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Tone } from '@/lib/tone';
import { cn } from '@/lib/utils';
import { liftText, liftTone, liftWords, ofText, OUTCOMES, TOO_FEW } from './signals-format';

/** One row of figures: a signal, a band, a tag or a stack. */
export type FiguresRow = SignalFigures & { key: string; label: string };

/** The leads behind a number: the row's key, and which of its leads. */
export type LeadsTarget = { key: string; label: string; measure: SignalMeasure };

type Group<R> = { title: string; rows: readonly R[]; note?: string };

const TONES = {
  up: { className: 'text-success', tone: 'success' },
  down: { className: 'text-destructive', tone: 'destructive' },
  same: { className: 'text-muted-foreground', tone: undefined },
} as const satisfies Record<string, { className: string; tone: Tone | undefined }>;

/** "1.8×" in green when clearly better than all leads, red when clearly worse; "Too few to tell" below the minimum sample. */
export function Lift({ row, lift }: { row: FiguresRow; lift: number | null }) {
  if (!row.enough) return <span className="text-xs text-muted-foreground">{TOO_FEW}</span>;
  const { className, tone } = TONES[liftTone(lift)];
  return (
    <span className={cn('font-medium tabular-nums', className)} data-tone={tone} title={liftWords(lift)}>
      {liftText(lift)}
    </span>
  );
}

function CountButton({ children, label, onClick }: { children: ReactNode; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="rounded-sm tabular-nums underline decoration-border decoration-dotted underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * Rows of figures under group headings: leads, each outcome as "12 of 340" with its rate (and lift when the sample
 * is enough), then the contract lift. Every count opens the leads behind it. On a phone each row is a card.
 */
export function FiguresTable<R extends FiguresRow>({ label, nameHeader, groups, onOpen }: { label: string; nameHeader: string; groups: readonly Group<R>[]; onOpen: (target: LeadsTarget) => void }) {
  const columns = 2 + OUTCOMES.length + 1;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{nameHeader}</TableHead>
          <TableHead className="text-right">Leads</TableHead>
          {OUTCOMES.map((o) => (
            <TableHead key={o.measure} className="text-right">
              {o.header}
            </TableHead>
          ))}
          <TableHead className="text-right">Contract lift</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((group) => (
          <Fragment key={group.title}>
            {groups.length > 1 && (
              <TableRow className="bg-muted/40 hover:bg-muted/40">
                <TableCell colSpan={columns} className="py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {group.title}
                </TableCell>
              </TableRow>
            )}
            {group.rows.map((row) => (
              <TableRow key={row.key} aria-label={row.label}>
                <TableCell className="font-medium">{row.label}</TableCell>
                <TableCell label="Leads" className="text-right">
                  <CountButton label={`Leads, ${row.label}: ${countText(row.leads)}`} onClick={() => onOpen({ key: row.key, label: row.label, measure: 'leads' })}>
                    {countText(row.leads)}
                  </CountButton>
                </TableCell>
                {OUTCOMES.map((o) => (
                  <TableCell key={o.measure} label={o.header} className="text-right whitespace-nowrap">
                    <div className="grid justify-items-end gap-0.5">
                      <CountButton label={`${o.header}, ${row.label}: ${ofText(row[o.count], row.leads)}`} onClick={() => onOpen({ key: row.key, label: row.label, measure: o.measure })}>
                        {ofText(row[o.count], row.leads)}
                      </CountButton>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {percentText(row[o.rate])}
                        {row.enough && o.measure !== 'contracted' && (
                          <>
                            {' · '}
                            <Lift row={row} lift={row[o.lift]} />
                          </>
                        )}
                      </span>
                    </div>
                  </TableCell>
                ))}
                <TableCell label="Contract lift" className="text-right whitespace-nowrap">
                  <Lift row={row} lift={row.lift_contract} />
                </TableCell>
              </TableRow>
            ))}
            {group.note && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns} className="py-1.5 text-xs text-muted-foreground">
                  {group.note}
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
