import { formatUsd, type CompsResponse } from '@wholesail/domain';
import { DatabaseIcon, Loader2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSaveArv } from './comps-api';

/** The calculator opened on a deal. */
export const calculatorPath = (dealId: string) => `/calculator?deal=${encodeURIComponent(dealId)}`;

/** The ARV with its band, how it was reached and from which sources, and "Use as ARV" to write it to the deal. */
export function ArvCard({ data, leadId, dealId }: { data: CompsResponse; leadId: string; dealId?: string }) {
  const navigate = useNavigate();
  const save = useSaveArv(leadId, dealId);
  const { arv } = data;
  const use = () => {
    if (arv.value === null) return;
    save.mutate(arv.value, {
      onSuccess: (deal) =>
        toast.success(`ARV of ${formatUsd(deal.arv)} saved to the deal`, {
          description: 'The calculator starts from it.',
          action: { label: 'Open the calculator', onClick: () => void navigate(calculatorPath(deal.id)) },
        }),
      onError: (error) => toast.error('Could not save the ARV to the deal', { description: error.message }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>After-repair value</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div>
          <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="arv-value">
            {arv.value === null ? 'No estimate' : formatUsd(arv.value)}
          </p>
          {arv.low !== null && arv.high !== null && (
            <p className="text-sm text-muted-foreground">
              Range {formatUsd(arv.low)} – {formatUsd(arv.high)}
            </p>
          )}
        </div>
        <p className="text-sm">{arv.method}</p>
        <p className="flex gap-2 text-xs text-muted-foreground">
          <DatabaseIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span data-testid="comps-source">{data.source.message}</span>
        </p>
        <Button onClick={use} disabled={arv.value === null || save.isPending} className="justify-self-start">
          {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Use as ARV
        </Button>
      </CardContent>
    </Card>
  );
}
