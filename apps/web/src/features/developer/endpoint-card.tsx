import { formatDateTime, type WebhookEndpoint } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EyeIcon, ListIcon, PencilIcon, RefreshCwIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { sentence } from '@/lib/sentence';
import { SecretOnce } from './secret-once';
import { deleteEndpoint, revealSecret, rotateSecret, sendTestEvent, updateEndpoint } from './webhooks-api';

type Props = { endpoint: WebhookEndpoint; onEdit: () => void; onDeliveries: () => void };

function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) {
    return (
      <Badge variant="outline" className="border-destructive/40 text-destructive" data-tone="destructive">
        Disabled
      </Badge>
    );
  }
  if (endpoint.failing_since) {
    return (
      <Badge variant="outline" className="border-warning/40 text-warning-foreground" data-tone="warning">
        Failing since {formatDateTime(endpoint.failing_since)}
      </Badge>
    );
  }
  return <Badge variant="secondary">Enabled</Badge>;
}

/** One endpoint: its URL, events and state, and what an admin does with it. */
export function EndpointCard({ endpoint, onEdit, onDeliveries }: Props) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.developer.webhookEndpoints });
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const failed = (what: string) => (error: Error) => toast.error(what, { description: sentence(error.message) });
  const test = useMutation({ mutationFn: () => sendTestEvent(endpoint.id), onSuccess: () => toast.success('Test event sent — see Deliveries'), onError: failed('Could not send the test event') });
  const toggle = useMutation({ mutationFn: () => updateEndpoint(endpoint.id, { enabled: !endpoint.enabled }), onSuccess: refresh, onError: failed('Could not change the endpoint') });
  const reveal = useMutation({ mutationFn: () => revealSecret(endpoint.id), onSuccess: (s) => setSecret({ title: 'Signing secret', value: s.secret }), onError: failed('Could not reveal the secret') });
  const rotate = useMutation({
    mutationFn: () => rotateSecret(endpoint.id),
    onSuccess: (s) => {
      refresh();
      setSecret({ title: 'New signing secret', value: s.secret });
    },
    onError: failed('Could not rotate the secret'),
  });
  const remove = useMutation({ mutationFn: () => deleteEndpoint(endpoint.id), onSuccess: refresh });

  return (
    <Card className="grid min-w-0 gap-3 p-4" data-state={endpoint.enabled ? 'enabled' : 'disabled'}>
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
        </div>
        <EndpointState endpoint={endpoint} />
      </div>
      {endpoint.disabled_reason && <p className="text-sm text-destructive">{endpoint.disabled_reason}</p>}
      <div className="flex flex-wrap gap-1">
        {endpoint.events.map((e) => (
          <Badge key={e} variant="outline" className="font-mono text-[11px]">{e}</Badge>
        ))}
      </div>
      {endpoint.previous_secret_expires_at && (
        <p className="text-xs text-muted-foreground">The previous secret also signs until {formatDateTime(endpoint.previous_secret_expires_at)}.</p>
      )}
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="outline" onClick={onDeliveries}><ListIcon aria-hidden /> Deliveries</Button>
        <Button size="sm" variant="outline" disabled={!endpoint.enabled || test.isPending} onClick={() => test.mutate()}><SendIcon aria-hidden /> Send test event</Button>
        <Button size="sm" variant="outline" onClick={onEdit}><PencilIcon aria-hidden /> Edit</Button>
        <Button size="sm" variant="outline" disabled={reveal.isPending} onClick={() => reveal.mutate()}><EyeIcon aria-hidden /> Reveal secret</Button>
        <Button size="sm" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate()}><RefreshCwIcon aria-hidden /> Rotate secret</Button>
        <Button size="sm" variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate()}>{endpoint.enabled ? 'Disable' : 'Enable'}</Button>
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          onReset={() => remove.reset()}
          trigger={<Button size="sm" variant="ghost" aria-label={`Delete ${endpoint.url}`}><Trash2Icon aria-hidden /> Delete</Button>}
          title="Delete this endpoint?"
          description="Nothing more is sent to it, and its delivery log goes with it."
          confirmLabel="Delete endpoint"
          pendingLabel="Deleting…"
          error={remove.error ? sentence(remove.error.message) : null}
          pending={remove.isPending}
          onConfirm={remove.mutate}
        />
      </div>
      <Dialog open={secret !== null} onOpenChange={(open) => !open && setSecret(null)}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>{secret?.title}</DialogTitle>
            <DialogDescription>Verify each request’s webhook-signature header with it (docs: API reference, Webhooks).</DialogDescription>
          </DialogHeader>
          {secret && <SecretOnce secret={secret.value} label={secret.title} warning="Keep it on your server only: anyone with it can forge events." />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
