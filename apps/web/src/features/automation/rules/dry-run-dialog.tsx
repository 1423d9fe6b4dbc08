import type { Rule } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, RefreshCwIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { LeadStatusBadge } from '@/features/leads/lead-status-badge';
import { sentence } from '@/lib/sentence';
import { queryKeys } from '@/lib/query-keys';
import { dryRunRule } from './rules-api';

const count = (n: number) => n.toLocaleString('en-US');

/** The rule's dry run: which leads it would touch now and what it would do to each. The server changes nothing. */
export function DryRunDialog({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const run = useQuery({
    queryKey: queryKeys.automation.rules.dryRun(rule?.id ?? ''),
    queryFn: () => dryRunRule(rule?.id ?? ''),
    enabled: rule !== null,
    // Each opening asks again: the leads it would touch change all the time.
    gcTime: 0,
    staleTime: 0,
  });
  const result = run.data;

  return (
    <Dialog open={rule !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto max-sm:p-4">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug">Dry run: {rule?.name}</DialogTitle>
          <DialogDescription>Which leads the rule would act on if it ran now, and what it would do.</DialogDescription>
        </DialogHeader>
        <Alert>
          <ShieldCheckIcon aria-hidden className="text-success" />
          <span>Nothing was changed. This is only a preview: no lead was enrolled, changed or assigned, and no one was notified.</span>
        </Alert>
        {run.isError && (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <span>{sentence(run.error.message)}</span>
          </Alert>
        )}
        {run.isPending && rule && <Skeleton className="h-32 w-full" />}
        {result && (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{result.explanation}</p>
            <p className="text-base font-semibold" aria-live="polite">
              {result.total === 0
                ? 'No lead matches right now, so the rule would do nothing.'
                : `${count(result.total)} lead${result.total === 1 ? '' : 's'} would be touched now.`}
            </p>
            {result.total > 0 && (
              <>
                <div className="grid gap-1.5">
                  <h3 className="text-sm font-semibold">For each of them, the rule would:</h3>
                  <ul className="list-disc pl-5 text-sm">
                    {result.actions.map((action) => (
                      <li key={action}>{action}</li>
                    ))}
                  </ul>
                </div>
                <div className="grid gap-1.5">
                  <h3 className="text-sm font-semibold">
                    {result.leads.length < result.total ? `The first ${count(result.leads.length)} of ${count(result.total)}` : 'The leads'}
                  </h3>
                  <ul className="divide-y rounded-lg border" aria-label="Leads the rule would touch">
                    {result.leads.map((lead) => (
                      <li key={lead.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
                        <div className="min-w-0">
                          <Link to={`/leads/${lead.id}`} className="font-medium hover:underline">
                            {lead.name}
                          </Link>
                          {lead.address && <div className="truncate text-xs text-muted-foreground">{lead.address}</div>}
                        </div>
                        <LeadStatusBadge status={lead.status} />
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={run.isFetching} onClick={() => void run.refetch()}>
            <RefreshCwIcon aria-hidden className={run.isFetching ? 'animate-spin' : undefined} /> Run again
          </Button>
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
