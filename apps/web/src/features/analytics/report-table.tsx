import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useOpenDrill, type DrillTarget } from './drill-target';
import { ExportCsvButton } from './export-csv-button';
import { csvFileName, tableCsv, type Column } from './report-columns';

type Props<T, D> = {
  title: string;
  columns: readonly Column<T, D>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The days it covers, for the CSV's name. */
  range: { from: string; to: string };
  /** Long tables (a row a day) scroll inside their card. */
  scroll?: boolean;
  className?: string;
  /** Opens the records behind a number; the analytics page's drill sheet when not given. */
  onDrill?: (target: D) => void;
};

/**
 * A table of figures with its "Export CSV". The first column names the row; every number is a button listing its
 * records. On a phone each row is a card (components/ui/table).
 */
export function ReportTable<T, D = DrillTarget>({ title, columns, rows, rowKey, range, scroll = false, className, onDrill }: Props<T, D>) {
  const openAnalyticsDrill = useOpenDrill();
  const openDrill = onDrill ?? (openAnalyticsDrill as (target: D) => void);
  const [first] = columns;
  return (
    <Card className={cn('min-w-0 gap-0', className)}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 p-4 pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <ExportCsvButton title={title} fileName={csvFileName(title, range)} csv={() => tableCsv(columns, rows)} />
      </CardHeader>
      <CardContent className={cn('p-2 pt-0', scroll && 'max-h-80 overflow-y-auto')}>
        <Table aria-label={title}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header} className={cn(column.numeric && 'text-right')}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const name = first ? first.text(row) : '';
              return (
                <TableRow key={rowKey(row)} aria-label={name}>
                  {columns.map((column, i) => {
                    const text = column.text(row);
                    return (
                      <TableCell key={column.header} label={i === 0 ? undefined : column.header} className={cn(i === 0 ? 'font-medium' : 'tabular-nums', column.numeric && 'text-right whitespace-nowrap')}>
                        {column.drill ? (
                          <button
                            type="button"
                            className="rounded-sm underline decoration-border decoration-dotted underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
                            aria-label={`${column.header}, ${name}: ${text}`}
                            onClick={() => openDrill(column.drill!(row))}
                          >
                            {text}
                          </button>
                        ) : (
                          text
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
