import type { Diagnostics } from '@wholesail/domain';
import { AlertTriangleIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { relativeTime } from '@/features/leads/lead-format';
import { ageText, dateTimeText } from './feed-words';

/** The server instances running jobs, by their heartbeat: alive only while they beat. */
export function WorkersCard({ workers, now }: { workers: Diagnostics['workers']; now: Date }) {
  const alive = workers.items.filter((w) => w.alive).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workers</CardTitle>
        <CardDescription>
          Each server that runs jobs reports in every {workers.heartbeat_seconds} seconds. One silent for more than {workers.alive_within_seconds} seconds counts as stopped,
          and the jobs it was running go back in the queue.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {alive === 0 && (
          <Alert variant="destructive">
            <AlertTriangleIcon aria-hidden />
            <span>No worker is running: jobs wait until a server starts.</span>
          </Alert>
        )}
        <ul className="grid gap-2" aria-label="Workers">
          {workers.items.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
              <div className="grid min-w-0">
                <span className="font-mono text-xs break-all">{w.id}</span>
                <span className="text-xs text-muted-foreground">
                  Started {dateTimeText(w.started_at)} · last report {relativeTime(w.last_beat_at, now)}
                  {w.alive ? ` · running ${w.running} job${w.running === 1 ? '' : 's'}` : ''}
                </span>
              </div>
              <Badge variant={w.alive ? 'success' : 'destructive'}>{w.alive ? 'Alive' : 'Stopped reporting'}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Events waiting to reach their subscribers (automation, notifications, AI), and the deliveries that failed. */
export function OutboxCard({ outbox }: { outbox: Diagnostics['outbox'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Event delivery</CardTitle>
        <CardDescription>Changes in your organization (a text received, a lead created) are handed to the automation, notifications and AI jobs as events.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          {outbox.pending === 0
            ? 'Every event has been delivered.'
            : `${outbox.pending.toLocaleString('en-US')} event${outbox.pending === 1 ? '' : 's'} waiting; the oldest for ${ageText(outbox.oldest_pending_seconds ?? 0)}.`}
        </p>
        {outbox.failures.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label="Failed deliveries">
            {outbox.failures.map((f) => (
              <li key={`${f.event_id}-${f.subscriber}`} className="grid gap-0.5 p-3">
                <p className="font-medium break-words">
                  {f.event_type} → {f.subscriber}
                </p>
                <p className="break-words text-destructive">{f.error}</p>
                <p className="text-xs text-muted-foreground">
                  {f.gave_up
                    ? `Given up after ${f.attempts} attempts; later events still reach this subscriber.`
                    : `Attempt ${f.attempts} failed; tried again ${f.next_attempt_at ? dateTimeText(f.next_attempt_at) : 'shortly'}.`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** This server's LISTEN connections: listening (since when), or not, and what stops working without each. */
export function ListenCard({ listen, now }: { listen: Diagnostics['listen']; now: Date }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change feed and LISTEN</CardTitle>
        <CardDescription>The database tells this server of changes as they commit, over LISTEN connections.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="LISTEN connections">
          {listen.map((l) => (
            <li key={l.channel} className="flex flex-wrap items-start justify-between gap-2 rounded-md border px-3 py-2 text-sm">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span>{l.purpose}</span>
                <span className="text-xs text-muted-foreground">
                  <span className="font-mono">{l.channel}</span> · {l.listening ? 'listening' : 'not listening'} since {dateTimeText(l.since)} ({relativeTime(l.since, now)})
                </span>
              </div>
              <Badge variant={l.listening ? 'success' : 'destructive'}>{l.listening ? 'Listening' : 'Not listening'}</Badge>
            </li>
          ))}
        </ul>
        {listen.length === 0 && <p className="text-sm text-muted-foreground">This server holds no LISTEN connection.</p>}
      </CardContent>
    </Card>
  );
}
