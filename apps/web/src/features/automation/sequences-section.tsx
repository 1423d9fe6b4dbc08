import type { Sequence } from '@wholesail/domain';
import { PlusIcon, WorkflowIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SectionState } from '@/components/section-state';
import { sequencePath, NEW_SEQUENCE_PATH } from './automation-paths';
import { useSequences } from './sequences-api';
import { STEP_KIND_NOUNS } from './step-words';

const count = (n: number) => n.toLocaleString('en-US');
const days = (n: number) => (n === 0 ? 'None' : `${count(n)} ${n === 1 ? 'day' : 'days'}`);

function NewSequenceButton() {
  return (
    <Button asChild>
      <Link to={NEW_SEQUENCE_PATH}>
        <PlusIcon aria-hidden /> New sequence
      </Link>
    </Button>
  );
}

function SequenceRow({ sequence }: { sequence: Sequence }) {
  const { counts } = sequence;
  return (
    <TableRow>
      <TableCell className="max-w-[22rem] max-sm:max-w-none">
        <div className="grid min-w-0 gap-0.5">
          <Link to={sequencePath(sequence.id)} className="font-medium hover:underline">
            {sequence.name}
          </Link>
          <span className="truncate text-xs text-muted-foreground max-sm:whitespace-normal">{sequence.steps.map((s) => STEP_KIND_NOUNS[s.kind]).join(' → ')}</span>
        </div>
      </TableCell>
      <TableCell label="Steps" className="tabular-nums">
        {count(sequence.steps.length)}
      </TableCell>
      <TableCell label="Active" className="tabular-nums">
        {count(counts.active)}
      </TableCell>
      <TableCell label="Replied" className="tabular-nums">
        {count(counts.replied)}
      </TableCell>
      <TableCell label="Exited" className="tabular-nums">
        {count(counts.exited)}
      </TableCell>
      <TableCell label="Finished" className="tabular-nums">
        {count(counts.completed)}
      </TableCell>
      <TableCell label="Cooldown" className="whitespace-nowrap">
        {days(sequence.cooldown_days)}
      </TableCell>
      <TableCell label="Daily cap" className="whitespace-nowrap">
        {sequence.daily_cap === null ? 'Organization’s' : `${count(sequence.daily_cap)} a day`}
      </TableCell>
    </TableRow>
  );
}

const EXPLANATION =
  'A sequence follows up for you: a text today, an email in three days, a call task next week, each step after the delay you choose. ' +
  'A lead leaves it when they reply, a deal opens or they ask not to be contacted, and every text waits for the lead’s legal calling hours.';

/** The Sequences tab: each sequence with its leads in it, replies and exits, and the way to a new one. */
export function SequencesSection() {
  const sequences = useSequences();
  return (
    <section className="grid gap-3" aria-labelledby="sequences-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sequences-title" className="text-lg font-semibold">
            Sequences
          </h2>
          <p className="text-sm text-muted-foreground">Follow-up steps that run on their own for each lead you enrol.</p>
        </div>
        {sequences.data && sequences.data.length > 0 && <NewSequenceButton />}
      </div>
      <SectionState
        query={sequences}
        empty={
          <EmptyCard icon={WorkflowIcon} title="No sequences yet" text={EXPLANATION}>
            <NewSequenceButton />
          </EmptyCard>
        }
      >
        {(items) => (
          <Card>
            <Table aria-label="Sequences">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Sequence</TableHead>
                  <TableHead>Steps</TableHead>
                  <TableHead>Active</TableHead>
                  <TableHead>Replied</TableHead>
                  <TableHead>Exited</TableHead>
                  <TableHead>Finished</TableHead>
                  <TableHead>Cooldown</TableHead>
                  <TableHead>Daily cap</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((sequence) => (
                  <SequenceRow key={sequence.id} sequence={sequence} />
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </SectionState>
    </section>
  );
}
