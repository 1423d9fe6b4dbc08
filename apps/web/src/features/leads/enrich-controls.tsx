/** "Enrich" for one lead or a selection: a priority, the request, and what the spec's toasts say of it. */
import { AI_ACTION_TOASTS, ENRICHMENT_PRIORITIES, type EnrichmentPriority, type EnrichmentRequestAnswer, type LeadEnrichmentStatus } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { SparklesIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { dateTimeText } from './lead-format';
import { useEnrichLeads, useLeadEnrichment } from './ai-actions-api';

const PRIORITY_LABELS: Record<EnrichmentPriority, string> = { normal: 'Normal priority', high: 'High priority' };
const leadsText = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

function startedText(answer: EnrichmentRequestAnswer): string {
  const queued = `${leadsText(answer.queued)} queued for enrichment.`;
  return answer.already_in_flight > 0 ? `${queued} ${leadsText(answer.already_in_flight)} already in progress, not queued again.` : queued;
}

type Props = {
  leadIds: string[];
  /** Why enrichment cannot run (aiActionState), shown instead of the controls. */
  blocked: string | null;
  size?: 'sm' | 'default';
  /** Told of the batch the request started, to follow its outcome. */
  onStarted?: (answer: EnrichmentRequestAnswer) => void;
};

export function EnrichControls({ leadIds, blocked, size = 'sm', onStarted }: Props) {
  const [priority, setPriority] = useState<EnrichmentPriority>('normal');
  const enrich = useEnrichLeads();
  if (blocked) {
    return (
      <BlockedButton reason={blocked} label="Enrich" variant="outline" size={size}>
        <SparklesIcon aria-hidden /> Enrich
      </BlockedButton>
    );
  }
  const run = () =>
    enrich.mutate(
      { leadIds, priority },
      {
        onSuccess: (answer) => {
          if (answer.queued === 0) toast.info('Enrichment already in progress', { description: 'It was not queued again.' });
          else toast.success(AI_ACTION_TOASTS.enrichmentStarted, { description: startedText(answer) });
          onStarted?.(answer);
        },
        onError: (error) => toast.error(AI_ACTION_TOASTS.enrichmentFailed, { description: errorText(error, 'Please try again.') }),
      },
    );
  return (
    <div className="flex items-center gap-1">
      <NativeSelect aria-label="Enrichment priority" className="h-8 w-auto text-xs" value={priority} onChange={(e) => setPriority(e.target.value as EnrichmentPriority)}>
        {ENRICHMENT_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {PRIORITY_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
      <Button variant="outline" size={size} disabled={enrich.isPending || leadIds.length === 0} onClick={run}>
        <SparklesIcon aria-hidden /> {enrich.isPending ? 'Enriching…' : 'Enrich'}
      </Button>
    </div>
  );
}

function statusText(status: LeadEnrichmentStatus): string {
  switch (status.state) {
    case 'queued':
      return `Enrichment queued (${status.priority} priority)…`;
    case 'enriched':
      return `Enriched ${status.finished_at ? dateTimeText(status.finished_at) : ''}`.trim();
    case 'failed':
      return `Enrichment failed: ${status.message ?? 'no reason given'}`;
    case 'skipped':
      return `Enrichment skipped${status.message ? `: ${status.message}` : ''}`;
  }
}

/**
 * The lead's latest enrichment under its actions. It settles over the change feed; when the batch this screen started
 * settles, the lead record is refetched (enriched) or 'Enrichment Failed' says why (failed).
 */
export function EnrichmentStatus({ leadId, followBatch, onSettled }: { leadId: string; followBatch: string | null; onSettled: () => void }) {
  const client = useQueryClient();
  const status = useLeadEnrichment(leadId);
  const current = status.data;
  useEffect(() => {
    if (!current || current.batch_id !== followBatch || current.state === 'queued') return;
    if (current.state === 'failed') toast.error(AI_ACTION_TOASTS.enrichmentFailed, { description: current.message ?? undefined });
    else void client.invalidateQueries({ queryKey: queryKeys.leads.detail(leadId) });
    onSettled();
  }, [client, current, followBatch, leadId, onSettled]);
  if (!current) return null;
  return (
    <p role="status" className={current.state === 'failed' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
      {statusText(current)}
    </p>
  );
}
