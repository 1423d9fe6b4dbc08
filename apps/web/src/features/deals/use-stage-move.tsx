import { DEAL_STAGE_LABELS, missingForStage, type Deal, type DealStage } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { queryKeys } from '@/lib/query-keys';
import { changeStage, type DealList, type StageChange } from './deals-api';
import { StageFieldsDialog, type StageAsk } from './stage-fields-dialog';

type Move = { deal: Deal; body: StageChange; asked: boolean };

/**
 * Moving a deal to a stage, from the board, a card's menu or the deal page. A stage that needs data first asks for
 * exactly what is missing (the rule of stages.ts, which the API applies too) and sends it with the move. The card
 * moves at once; a refusal puts it back and says why.
 */
export function useStageMove(): { request: (deal: Deal, stage: DealStage) => void; dialog: ReactNode; movingId: string | null } {
  const client = useQueryClient();
  const [ask, setAsk] = useState<StageAsk | null>(null);

  const move = useMutation({
    mutationFn: ({ deal, body }: Move) => changeStage(deal.id, body),
    onMutate: async ({ deal, body }) => {
      await client.cancelQueries({ queryKey: queryKeys.deals.lists });
      const before = client.getQueriesData<DealList>({ queryKey: queryKeys.deals.lists });
      client.setQueriesData<DealList>({ queryKey: queryKeys.deals.lists }, (list) =>
        list && { ...list, items: list.items.map((d) => (d.id === deal.id ? { ...d, ...body.fields, stage: body.stage, stage_changed_at: new Date().toISOString() } : d)) },
      );
      return { before };
    },
    onError: (error, { deal, body, asked }, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      // A refusal after the dialog shows in the dialog, which stays open with what was typed.
      if (!asked) toast.error(`Could not move ${deal.lead_name} to ${DEAL_STAGE_LABELS[body.stage]}`, { description: error.message });
    },
    onSuccess: (updated) => {
      setAsk(null);
      client.setQueryData<Deal>(queryKeys.deals.detail(updated.id), (old) => ({ ...updated, offers: updated.offers ?? old?.offers }));
      toast.success(`${updated.lead_name} moved to ${DEAL_STAGE_LABELS[updated.stage]}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.deals.all }),
  });

  const request = (deal: Deal, stage: DealStage) => {
    if (stage === deal.stage) return;
    move.reset();
    const missing = missingForStage(stage, deal);
    if (missing.length > 0) setAsk({ deal, stage, missing });
    else move.mutate({ deal, body: { stage }, asked: false });
  };

  const dialog = (
    <StageFieldsDialog
      ask={ask}
      pending={move.isPending}
      error={ask && move.isError ? move.error.message : null}
      onSubmit={(body) => ask && move.mutate({ deal: ask.deal, body, asked: true })}
      onCancel={() => setAsk(null)}
    />
  );
  return { request, dialog, movingId: move.isPending ? move.variables.deal.id : null };
}
