import { DEAL_STAGE_LABELS, type DealStage } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';

const VARIANTS: { readonly [S in DealStage]: 'default' | 'secondary' | 'outline' | 'success' | 'destructive' } = {
  analyzing: 'secondary',
  offer_made: 'outline',
  under_contract: 'default',
  marketing: 'default',
  assigned: 'default',
  closed: 'success',
  dead: 'destructive',
};

export function StageBadge({ stage, className }: { stage: DealStage; className?: string }) {
  return (
    <Badge variant={VARIANTS[stage]} className={className}>
      {DEAL_STAGE_LABELS[stage]}
    </Badge>
  );
}
