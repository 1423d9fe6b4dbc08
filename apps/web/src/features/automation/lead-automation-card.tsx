import { WorkflowIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { LeadDetail } from '@/features/leads/leads-api';
import { sentence } from '@/lib/sentence';
import { EnrolButton } from './enrol-dialog';
import { EnrolmentItem } from './enrolment-item';
import { leadClock } from './lead-time';
import { useLeadAutomation } from './sequences-api';

/** On a lead's page: the sequences it is in or was in, each step done, due, moved or skipped and why; enrol or remove it. */
export function LeadAutomationCard({ lead }: { lead: LeadDetail }) {
  const titleId = useId();
  const automation = useLeadAutomation(lead.id);
  const clock = leadClock(lead);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <WorkflowIcon className="size-4 text-primary" aria-hidden /> Automation
          </CardTitle>
          <CardDescription>
            Follow-up sequences for this lead, with each step’s outcome{clock.zone ? ` in the lead’s time (${clock.zone})` : ''}.
          </CardDescription>
        </div>
        <EnrolButton target={{ lead_ids: [lead.id] }} who="this lead" size="sm" />
      </CardHeader>
      <CardContent>
        {automation.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : automation.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">Could not load the lead’s sequences: {sentence(automation.error.message)}</span>
            <Button variant="outline" size="sm" onClick={() => void automation.refetch()}>
              Retry
            </Button>
          </div>
        ) : automation.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">This lead is in no sequence. Add it to one here, or many leads at once from the leads list.</p>
        ) : (
          <ul className="grid divide-y">
            {automation.data.map((enrolment) => (
              <EnrolmentItem key={enrolment.id} enrolment={enrolment} clock={clock} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
