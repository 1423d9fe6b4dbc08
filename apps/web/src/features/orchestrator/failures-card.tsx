import { screenLinks, type Diagnostics } from '@wholesail/domain';
import { CheckCircle2Icon, LockIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { dateTimeText } from './feed-words';
import { useJobAction } from './orchestrator-api';

type Failure = Diagnostics['failures'][number];

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The organization's failed jobs with their error; owners and admins retry or discard them, members are told why they cannot. */
export function FailuresCard({ d }: { d: Pick<Diagnostics, 'failures' | 'failures_total' | 'system_failures' | 'can_manage_jobs'> }) {
  const action = useJobAction();
  const [discarding, setDiscarding] = useState<Failure | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Failures</CardTitle>
        <CardDescription>
          Your organization’s jobs that failed every attempt, with the error they stopped on. They are kept 12 hours; retrying gives a job one more attempt.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!d.can_manage_jobs && d.failures.length > 0 && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            Only owners and admins of your organization can retry or discard failed jobs. Ask one of them if a job should run again.
          </p>
        )}
        {d.failures.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2Icon className="size-4 text-success" aria-hidden /> No job of your organization has failed in the last 12 hours.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Failed jobs">
            {d.failures.map((f) => (
              <li key={f.id} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
                <div className="grid min-w-0 gap-0.5">
                  <p className="text-sm font-medium">
                    {f.label}
                    {f.lead && (
                      <>
                        {' · '}
                        <Link to={screenLinks.lead(f.lead.id)} className="text-primary hover:underline">
                          {f.lead.name}
                        </Link>
                      </>
                    )}
                  </p>
                  <p className="text-sm break-words text-destructive">{f.error}</p>
                  <p className="text-xs text-muted-foreground">
                    Failed {dateTimeText(f.failed_at)} after {plural(f.attempts, 'attempt')}
                  </p>
                </div>
                {d.can_manage_jobs && (
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => action.mutate({ id: f.id, action: 'retry' })} aria-label={`Retry ${f.label}${f.lead ? ` for ${f.lead.name}` : ''}`}>
                      <RotateCcwIcon aria-hidden /> Retry
                    </Button>
                    <Button size="sm" variant="ghost" disabled={action.isPending} onClick={() => setDiscarding(f)} aria-label={`Discard ${f.label}${f.lead ? ` for ${f.lead.name}` : ''}`}>
                      <Trash2Icon aria-hidden /> Discard
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {d.failures_total > d.failures.length && <p className="text-sm text-muted-foreground">Showing the newest {d.failures.length} of {plural(d.failures_total, 'failed job')}.</p>}
        {d.system_failures > 0 && (
          <p className="text-sm text-muted-foreground">
            {plural(d.system_failures, 'failed job')} of the server itself (event delivery, sweeps) belong to no organization; the server’s operator sees them in its logs.
          </p>
        )}
      </CardContent>
      <Dialog open={discarding !== null} onOpenChange={(open) => !open && setDiscarding(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Discard this failed job?</DialogTitle>
            <DialogDescription>
              {discarding?.label}
              {discarding?.lead ? ` for ${discarding.lead.name}` : ''} will not run again. Its error stays in the audit log.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDiscarding(null)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              disabled={action.isPending}
              onClick={() => discarding && action.mutate({ id: discarding.id, action: 'discard' }, { onSettled: () => setDiscarding(null) })}
            >
              Discard job
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
