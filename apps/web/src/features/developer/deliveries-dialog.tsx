import { formatDateTime, WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { sentence } from '@/lib/sentence';
import { replayDelivery, useDeliveries } from './webhooks-api';

type Filter = WebhookDeliveryStatus | 'all';
const FILTER_WORDS: Record<Filter, string> = { all: 'All', pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };
const TONE = { pending: 'warning', succeeded: 'success', failed: 'destructive' } as const;
const TONE_CLASS = { warning: 'text-warning-foreground border-warning/40', success: 'text-success border-success/40', destructive: 'text-destructive border-destructive/40' } as const;

function answerOf(attempt: WebhookDelivery['attempts'][number]): string {
  if (attempt.status_code !== null) return `HTTP ${attempt.status_code} in ${attempt.duration_ms} ms`;
  return attempt.error ?? 'No answer';
}

function DeliveryItem({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const client = useQueryClient();
  const replay = useMutation({
    mutationFn: () => replayDelivery(endpointId, delivery.id),
    onSuccess: () => {
      toast.success('Sent again');
      void client.invalidateQueries({ queryKey: queryKeys.developer.webhookDeliveries.endpoint(endpointId) });
    },
    onError: (error) => toast.error('Could not send it again', { description: sentence(error.message) }),
  });
  const last = delivery.attempts.at(-1);
  const tone = TONE[delivery.status];
  return (
    <li className="min-w-0 rounded-md border">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3 text-sm">
          <Badge variant="outline" className={TONE_CLASS[tone]} data-tone={tone}>
            {FILTER_WORDS[delivery.status]}
          </Badge>
          <span className="font-mono text-xs">{delivery.event_type}</span>
          <span className="text-muted-foreground">{formatDateTime(delivery.created_at)}</span>
          <span className="ml-auto text-xs text-muted-foreground">
            {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
            {last ? ` · ${answerOf(last)}` : ''}
          </span>
        </summary>
        <div className="grid gap-3 border-t p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-xs text-muted-foreground">webhook-id {delivery.message_id}</span>
            <Button size="sm" variant="outline" disabled={replay.isPending} onClick={() => replay.mutate()}>
              <RotateCcwIcon aria-hidden /> Send again
            </Button>
          </div>
          {delivery.next_attempt_at && <p className="text-xs">Next attempt {formatDateTime(delivery.next_attempt_at)}.</p>}
          <ol className="grid gap-1 text-xs" aria-label="Attempts">
            {delivery.attempts.map((a) => (
              <li key={`${a.attempt}-${a.at}`} className="grid gap-0.5">
                <span>
                  #{a.attempt} {a.manual ? '(by hand) ' : ''}· {formatDateTime(a.at)} · {answerOf(a)}
                </span>
                {a.response_body && <pre className="max-h-24 overflow-auto rounded bg-muted p-2 whitespace-pre-wrap">{a.response_body}</pre>}
              </li>
            ))}
          </ol>
          <div>
            <p className="mb-1 text-xs font-medium">Body sent</p>
            <pre className="max-h-48 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">{delivery.body}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}

/** An endpoint's delivery log: each event sent, every attempt with its answer, the body, and Send again. */
export function DeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [filter, setFilter] = useState<Filter>('all');
  const deliveries = useDeliveries(endpoint.id, filter);
  const items = deliveries.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogDescription className="break-all">{endpoint.url}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-1" role="group" aria-label="Show">
          {(['all', ...WEBHOOK_DELIVERY_STATUSES] as const).map((f) => (
            <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {FILTER_WORDS[f]}
            </Button>
          ))}
        </div>
        {deliveries.isPending && <Skeleton className="h-32 w-full" />}
        {deliveries.isError && <p className="text-sm text-destructive">{sentence(deliveries.error.message)}</p>}
        {deliveries.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">Nothing sent{filter === 'all' ? ' yet. “Send test event” sends one now.' : ' with this status.'}</p>
        )}
        {items.length > 0 && (
          <ol className="grid gap-2" aria-label="Deliveries">
            {items.map((d) => (
              <DeliveryItem key={d.id} endpointId={endpoint.id} delivery={d} />
            ))}
          </ol>
        )}
        {deliveries.hasNextPage && (
          <Button variant="outline" disabled={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
            Load older
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
