import type { CreateWebhookEndpoint, WebhookEndpoint } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { EndpointForm } from './endpoint-form';
import { SecretOnce } from './secret-once';
import { createEndpoint, updateEndpoint } from './webhooks-api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; endpoint: WebhookEndpoint | null };

/** Add an endpoint (then its signing secret, shown in full) or edit one. */
export function EndpointDialog({ open, onOpenChange, endpoint }: Props) {
  const client = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (body: CreateWebhookEndpoint): Promise<string | null> => {
      if (!endpoint) return (await createEndpoint(body)).secret;
      await updateEndpoint(endpoint.id, { ...body, description: body.description ?? null });
      return null;
    },
    onSuccess: (created) => {
      void client.invalidateQueries({ queryKey: queryKeys.developer.webhookEndpoints });
      if (created) setSecret(created);
      else onOpenChange(false);
    },
  });
  const change = (next: boolean) => {
    if (!next) {
      save.reset();
      setSecret(null);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{secret ? 'Endpoint added' : endpoint ? 'Edit endpoint' : 'Add a webhook endpoint'}</DialogTitle>
          <DialogDescription>
            {secret ? 'Your receiver checks each request’s signature with this secret. You can reveal it again later.' : 'Wholesail POSTs the events you choose to this URL, signed (Standard Webhooks).'}
          </DialogDescription>
        </DialogHeader>
        {secret ? (
          <div className="grid gap-4">
            <SecretOnce secret={secret} label="The signing secret" warning="Keep it on your server only: anyone with it can forge events. Rotate it if it leaks." />
            <DialogFooter>
              <Button onClick={() => change(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          open && <EndpointForm endpoint={endpoint} pending={save.isPending} serverError={save.error} onSubmit={(body) => save.mutate(body)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
