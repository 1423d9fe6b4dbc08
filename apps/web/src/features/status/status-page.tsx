import { formatDateTime, type ServerHealth } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, CircleXIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PublicPageShell } from '@/features/legal/public-page-shell';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';

/** GET /api/health (200, or 503 when the database does not answer): the page judges by the two states and shows what else came. */
type Health = Pick<ServerHealth, 'status' | 'database'> & Partial<ServerHealth>;

const STORAGE_WORDS = { local: "The server's own disk", s3: 'An S3-compatible bucket' } as const;
type Reading = { health: Health | null; readAt: string };

const REFRESH_MS = 30_000;

async function readHealth(): Promise<Reading> {
  const readAt = new Date().toISOString();
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    const body = (await response.json()) as Partial<Health>;
    if (body.status !== 'ok' && body.status !== 'error') return { health: null, readAt };
    return { health: body as Health, readAt };
  } catch {
    return { health: null, readAt };
  }
}

const VERDICTS = {
  up: { title: 'All systems operational', text: 'The app and its database are answering.', Icon: CircleCheckIcon, tone: 'text-success bg-success/10' },
  degraded: {
    title: 'Degraded service',
    text: 'The server is up but its database is not answering: pages may not load or save until it recovers.',
    Icon: CircleAlertIcon,
    tone: 'text-warning bg-warning/10',
  },
  down: { title: 'Not reachable', text: 'The server did not answer. It may be restarting, or your connection may be down.', Icon: CircleXIcon, tone: 'text-destructive bg-destructive/10' },
} as const;

/** /status — the server's health in words, for visitors and teams wondering whether it is them or us. */
export function StatusPage() {
  const query = useQuery({ queryKey: queryKeys.publicStatus, queryFn: readHealth, refetchInterval: REFRESH_MS, retry: false });
  const health = query.data?.health ?? null;
  const verdict = !query.data ? null : !health ? VERDICTS.down : health.status === 'ok' ? VERDICTS.up : VERDICTS.degraded;
  const checkedAt = health?.checked_at ?? query.data?.readAt;

  return (
    <PublicPageShell title="System status" intro="Whether Wholesail is up right now. This page checks again every 30 seconds.">
      {!verdict ? (
        <p aria-live="polite">Checking…</p>
      ) : (
        <section aria-live="polite" className="grid gap-6">
          <div className={cn('flex items-start gap-3 rounded-xl p-4', verdict.tone)}>
            <verdict.Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
            <div>
              <h2 className="mt-0! text-lg font-semibold text-foreground">{verdict.title}</h2>
              <p className="text-sm text-foreground/80">{verdict.text}</p>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border p-4 text-sm">
            <dt className="text-muted-foreground">Server</dt>
            <dd>{health ? 'Up' : 'Not answering'}</dd>
            <dt className="text-muted-foreground">Database</dt>
            <dd>{!health ? 'Unknown' : health.database === 'ok' ? 'Answering' : 'Not answering'}</dd>
            <dt className="text-muted-foreground">Uploaded files</dt>
            <dd>{health?.storage ? STORAGE_WORDS[health.storage] : 'Unknown'}</dd>
            <dt className="text-muted-foreground">Version</dt>
            <dd>{health?.version ?? 'Unknown'}</dd>
            <dt className="text-muted-foreground">Checked at</dt>
            <dd>{checkedAt ? formatDateTime(checkedAt) : 'Not yet'}</dd>
          </dl>
          <div>
            <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCwIcon className={cn(query.isFetching && 'animate-spin')} aria-hidden />
              Check again
            </Button>
          </div>
        </section>
      )}
    </PublicPageShell>
  );
}
