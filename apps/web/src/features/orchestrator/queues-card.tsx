import type { Diagnostics, JobCounts } from '@wholesail/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ageText } from './feed-words';

const COLUMNS: ReadonlyArray<[keyof JobCounts, string]> = [
  ['waiting', 'Waiting now'],
  ['scheduled', 'Held for later'],
  ['retrying', 'Retrying'],
  ['running', 'Running'],
  ['failed', 'Failed'],
];

const number = new Intl.NumberFormat('en-US');

/** "12", or "12 (3 yours)" when some are the organization's. */
const figure = (all: number, yours: number) => (yours > 0 ? `${number.format(all)} (${number.format(yours)} yours)` : number.format(all));

/** On a phone, one line per queue with only what is in it: eleven stacked tables would be a long scroll of zeros. */
function QueueLines({ queues }: { queues: Diagnostics['queues'] }) {
  return (
    <ul className="grid gap-2 sm:hidden" aria-label="Queues in short">
      {queues.map((q) => {
        const parts = COLUMNS.filter(([key]) => q[key] > 0).map(([key, label]) => `${label.toLowerCase()} ${figure(q[key], q.organization[key])}`);
        if (q.oldest_waiting_seconds !== null) parts.push(`oldest waiting ${ageText(q.oldest_waiting_seconds)}`);
        return (
          <li key={q.name} className="flex flex-wrap justify-between gap-x-3 text-sm">
            <span className="font-medium">{q.label}</span>
            <span className="text-muted-foreground">{parts.length > 0 ? parts.join(' · ') : 'Empty'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Depth per job kind: every organization's jobs on this server, with the caller's share, and the oldest wait. */
export function QueuesCard({ queues }: { queues: Diagnostics['queues'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Queues</CardTitle>
        <CardDescription>
          Jobs of every organization on this server, by kind; your organization’s share is in brackets. “Held for later” jobs wait for their time (a step due tomorrow);
          “Failed” counts the jobs that failed every attempt in the last 12 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueueLines queues={queues} />
        <Table aria-label="Queues" className="max-sm:hidden">
          <TableHeader>
            <TableRow>
              <TableHead>Job kind</TableHead>
              {COLUMNS.map(([key, label]) => (
                <TableHead key={key} className="text-right">
                  {label}
                </TableHead>
              ))}
              <TableHead className="text-right">Oldest waiting</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {queues.map((q) => (
              <TableRow key={q.name}>
                <TableCell className="font-medium">{q.label}</TableCell>
                {COLUMNS.map(([key, label]) => (
                  <TableCell key={key} label={label} className="text-right tabular-nums">
                    {figure(q[key], q.organization[key])}
                  </TableCell>
                ))}
                <TableCell label="Oldest waiting" className="text-right">
                  {q.oldest_waiting_seconds === null ? 'None waiting' : ageText(q.oldest_waiting_seconds)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
