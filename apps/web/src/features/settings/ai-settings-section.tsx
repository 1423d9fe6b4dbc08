import {
  aiAreaStatusText, DEFAULT_AI_INTEGRATION, type AiArea, type AiAreaMode, type AiAreaStatus, type AiIntegration, type OrganizationSettings,
} from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { queryKeys } from '@/lib/query-keys';
import { updateAiIntegration, useOrganizationSettings } from './settings-api';

type AiKey = keyof AiIntegration;

const AI_SWITCHES: readonly { key: AiKey; area: AiArea; label: string; description: string }[] = [
  { key: 'enableRealTimeCoaching', area: 'coaching', label: 'Real-time coaching', description: 'Suggest what to say during calls, from the live transcript.' },
  { key: 'enableAutoEnrichment', area: 'enrichment', label: 'Automatic lead enrichment', description: 'Look up owner, property and contact data when a lead is added.' },
  { key: 'enableSmartScoring', area: 'scoring', label: 'Smart lead scoring', description: 'Score each new lead’s motivation so the best ones rise to the top.' },
  { key: 'enableConversationAnalysis', area: 'analysis', label: 'Conversation analysis', description: 'Summarize conversations and pick out objections and next steps.' },
];

export const LLM_NOT_CONFIGURED_TEXT = 'No language model configured — coaching uses conversation patterns';
export const ENRICHMENT_NOT_CONFIGURED_TEXT = 'Enrichment needs a BatchData API key on the server (BATCHDATA_API_KEY); until then leads keep the data they came with.';

/** A status badge's look: green while something runs in full, muted while only the built-in part runs or nothing does. */
function statusVariant(status: AiAreaStatus, mode: AiAreaMode) {
  if (status === 'error') return 'destructive';
  if (mode === 'full') return 'success';
  if (mode === 'built_in') return 'secondary';
  return 'outline';
}

/**
 * The four AI switches, each with its area's status from GET /api/ai/health; each change is saved at once
 * and rolled back if the save fails (dialer.md §8 'Configuration Updated' / 'Configuration Failed').
 */
export function AiSettingsSection() {
  const client = useQueryClient();
  const settings = useOrganizationSettings();
  const health = useAiHealth();
  const mutation = useMutation({
    mutationFn: updateAiIntegration,
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: queryKeys.settings });
      const previous = client.getQueryData<OrganizationSettings>(queryKeys.settings);
      if (previous) client.setQueryData<OrganizationSettings>(queryKeys.settings, { aiIntegration: { ...previous.aiIntegration, ...patch } });
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) client.setQueryData(queryKeys.settings, context.previous);
      toast.error('Configuration Failed', { description: error.message });
    },
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.settings, saved);
      toast.success('Configuration Updated');
      // The areas' status follows the switches.
      void client.invalidateQueries({ queryKey: queryKeys.aiHealth });
    },
  });
  const values = settings.data?.aiIntegration ?? DEFAULT_AI_INTEGRATION;
  const healthFailed = health.isError;
  const healthError = health.error?.message;

  useEffect(() => {
    if (healthFailed) toast.error('System Health Check Failed', { id: 'ai-health-check', description: healthError });
  }, [healthFailed, healthError]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>AI integration</CardTitle>
        <CardDescription>Switch each AI feature on or off for your whole organization.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-40" />}
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        {health.data?.llm === 'not_configured' && <p className="mb-4 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{LLM_NOT_CONFIGURED_TEXT}</p>}
        {settings.data && (
          <ul className="divide-y">
            {AI_SWITCHES.map(({ key, area, label, description }) => (
              <AiSwitchRow
                key={key}
                label={label}
                description={description}
                status={health.data ? aiAreaStatusText(area, health.data.areas[area], health.data.modes[area]) : undefined}
                variant={health.data ? statusVariant(health.data.areas[area], health.data.modes[area]) : 'outline'}
                note={area === 'enrichment' && health.data?.modes.enrichment === 'not_configured' && values[key] ? ENRICHMENT_NOT_CONFIGURED_TEXT : undefined}
                checked={values[key]}
                onChange={(checked) => mutation.mutate({ [key]: checked })}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type RowProps = {
  label: string;
  description: string;
  /** What really runs, in words ('Active — instant patterns only', 'Not configured', 'Off'). */
  status: string | undefined;
  variant: ReturnType<typeof statusVariant>;
  note?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

function AiSwitchRow({ label, description, status, variant, note, checked, onChange }: RowProps) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-6 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id}>{label}</Label>
          {status && (
            <Badge variant={variant} aria-label={`${label} status`}>
              {status}
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{description}</p>
        {note && <p className="text-xs text-warning">{note}</p>}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </li>
  );
}
