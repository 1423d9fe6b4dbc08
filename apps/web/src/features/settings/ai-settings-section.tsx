import { DEFAULT_AI_INTEGRATION, type AiIntegration, type OrganizationSettings } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { fetchSettings, SETTINGS_QUERY_KEY, updateAiIntegration } from './settings-api';

type AiKey = keyof AiIntegration;

const AI_SWITCHES: readonly { key: AiKey; label: string; description: string }[] = [
  { key: 'enableRealTimeCoaching', label: 'Real-time coaching', description: 'Suggest what to say during calls, from the live transcript.' },
  { key: 'enableAutoEnrichment', label: 'Automatic lead enrichment', description: 'Look up owner, property and contact data when a lead is added.' },
  { key: 'enableSmartScoring', label: 'Smart lead scoring', description: 'Score each new lead’s motivation so the best ones rise to the top.' },
  { key: 'enableConversationAnalysis', label: 'Conversation analysis', description: 'Summarize conversations and pick out objections and next steps.' },
];

/** The four AI switches; each change is saved at once and rolled back if the save fails. */
export function AiSettingsSection() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: fetchSettings });
  const mutation = useMutation({
    mutationFn: updateAiIntegration,
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      const previous = client.getQueryData<OrganizationSettings>(SETTINGS_QUERY_KEY);
      if (previous) client.setQueryData<OrganizationSettings>(SETTINGS_QUERY_KEY, { aiIntegration: { ...previous.aiIntegration, ...patch } });
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) client.setQueryData(SETTINGS_QUERY_KEY, context.previous);
      toast.error('Failed to save AI settings', { description: error.message });
    },
    onSuccess: (saved) => client.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
  const values = settings.data?.aiIntegration ?? DEFAULT_AI_INTEGRATION;

  return (
    <Card>
      <CardHeader>
        <CardTitle>AI integration</CardTitle>
        <CardDescription>Switch each AI feature on or off for your whole organization.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-40" />}
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        {settings.data && (
          <ul className="divide-y">
            {AI_SWITCHES.map(({ key, label, description }) => (
              <AiSwitchRow
                key={key}
                label={label}
                description={description}
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

type RowProps = { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void };

function AiSwitchRow({ label, description, checked, onChange }: RowProps) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-6 py-3 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </li>
  );
}
