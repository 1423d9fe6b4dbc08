import { REFERRAL_STATUS_LABELS, type ReferralStatus } from '@wholesail/domain';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<ReferralStatus, 'default' | 'secondary' | 'outline' | 'success' | 'destructive'> = {
  sent: 'secondary',
  accepted: 'default',
  listed: 'default',
  under_contract: 'default',
  closed: 'success',
  declined: 'destructive',
  cancelled: 'outline',
};

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  return <Badge variant={VARIANT[status]}>{REFERRAL_STATUS_LABELS[status]}</Badge>;
}
