import type { Integration, IntegrationTestResult } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlugZapIcon } from 'lucide-react';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/query-keys';
import { sentence } from '@/lib/sentence';
import type { Tone } from '@/lib/tone';
import { cn } from '@/lib/utils';
import { testConnection } from './integrations-api';

export const ONLY_ADMINS_TEST = 'Only owners and admins can test connections: a test calls the outside service.';

const TONE_CLASS: Record<Tone, string> = { success: 'text-success', warning: 'text-warning', destructive: 'text-destructive' };

function Result({ result }: { result: IntegrationTestResult }) {
  // A test that called nothing (not configured, Maps already loaded) is advice, not a failure.
  const tone: Tone = !result.checked ? 'warning' : result.ok ? 'success' : 'destructive';
  const verdict = !result.checked ? 'Not checked' : result.ok ? 'Connected' : 'Failed';
  return (
    <p role="status" data-tone={tone} className={cn('text-sm [overflow-wrap:anywhere]', TONE_CLASS[tone])}>
      <span className="font-medium">{verdict}:</span> {result.message}
      {result.checked && <span className="text-muted-foreground"> ({result.duration_ms} ms)</span>}
    </p>
  );
}

/** "Test connection" with its result inline; members see it disabled with the reason. */
export function TestConnection({ integration, canTest }: { integration: Integration; canTest: boolean }) {
  const client = useQueryClient();
  const test = useMutation({
    mutationFn: () => testConnection(integration),
    // The outcome is recorded: the card's last success or error changes.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
  const label = `Test connection to ${integration.name}`;
  return (
    <div className="grid gap-2">
      {canTest ? (
        <Button variant="outline" size="sm" className="justify-self-start" aria-label={label} disabled={test.isPending} onClick={() => test.mutate()}>
          <PlugZapIcon aria-hidden /> {test.isPending ? 'Testing…' : 'Test connection'}
        </Button>
      ) : (
        <BlockedButton variant="outline" size="sm" className="justify-self-start" label={label} reason={ONLY_ADMINS_TEST}>
          <PlugZapIcon aria-hidden /> Test connection
        </BlockedButton>
      )}
      {test.data && <Result result={test.data} />}
      {test.error && (
        <p role="alert" data-tone="destructive" className="text-sm text-destructive [overflow-wrap:anywhere]">
          {sentence(test.error.message)}
        </p>
      )}
    </div>
  );
}
