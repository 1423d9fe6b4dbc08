import { formatUsd, type Deal } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { onRealtimeEvent } from '@/lib/realtime';

/** The deal as the toast names it: its address, else the seller lead's name. */
async function dealName(client: ReturnType<typeof useQueryClient>, dealId: string): Promise<string> {
  try {
    const deal = await client.fetchQuery({ queryKey: queryKeys.deals.detail(dealId), queryFn: () => apiRequest<Deal>(`/api/deals/${encodeURIComponent(dealId)}`) });
    return deal.property_address ?? deal.lead_name;
  } catch {
    return 'a deal';
  }
}

/**
 * Mounted once in the signed-in layout: a buyer's offer made in a deal room shows at once as a toast with a link to
 * the deal's offers (the feed already refreshes the offers list). Offers the team enters itself are not announced.
 */
export function OfferAlerts() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (event.table !== 'buyer_offers' || event.op !== 'INSERT' || event.record.source === 'agent') return;
        const dealId = typeof event.record.deal_id === 'string' ? event.record.deal_id : null;
        if (!dealId) return;
        const amount = Number(event.record.amount);
        void dealName(client, dealId).then((name) =>
          toast(`New offer of ${formatUsd(amount)} on ${name}`, {
            id: `buyer-offer-${String(event.record.id)}`,
            duration: 10_000,
            action: { label: 'View offers', onClick: () => void navigate(`/deals/${dealId}?tab=buyer-offers`) },
          }),
        );
      }),
    [client, navigate],
  );
  return null;
}
