import type { WebhookEndpoint } from '@wholesail/domain';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { SectionState } from '@/components/section-state';
import { Button } from '@/components/ui/button';
import { EmptyCard } from '@/components/ui/empty-card';
import { DeliveriesDialog } from './deliveries-dialog';
import { EndpointCard } from './endpoint-card';
import { EndpointDialog } from './endpoint-dialog';
import { useEndpoints } from './webhooks-api';

/** The organization's webhook endpoints: add, edit, test, secrets, delivery log. */
export function WebhooksSection({ canManage }: { canManage: boolean }) {
  const endpoints = useEndpoints(canManage);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  return (
    <section className="grid gap-3" aria-labelledby="webhooks-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold">Webhooks</h2>
          <p className="text-sm text-muted-foreground">Wholesail tells your systems the moment something happens: signed, retried for a day, logged.</p>
        </div>
        {canManage && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden /> Add endpoint
          </Button>
        )}
      </div>
      {!canManage ? (
        <EmptyCard icon={WebhookIcon} title="Only owners and admins manage webhooks" text="Ask an owner or admin of your organization to add an endpoint." />
      ) : (
        <SectionState query={endpoints} empty={<EmptyCard icon={WebhookIcon} title="No endpoints yet" text="Add the URL of your CRM, Zapier or Make hook and choose the events it should receive." />}>
          {(items) => (
            <div className="grid gap-3">
              {items.map((e) => (
                <EndpointCard key={e.id} endpoint={e} onEdit={() => setEditing(e)} onDeliveries={() => setLog(e)} />
              ))}
            </div>
          )}
        </SectionState>
      )}
      <EndpointDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} endpoint={editing === 'new' ? null : editing} />
      {log && <DeliveriesDialog endpoint={log} onClose={() => setLog(null)} />}
    </section>
  );
}
