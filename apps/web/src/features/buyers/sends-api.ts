/** "Send to matched buyers" (docs/api-buyers.md). */
import { formatListedDate, SEND_CHANNEL_LABELS, type BuyerSend, type BuyerSends, type SendToBuyersBody, type SendToBuyersResult } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';

export const fetchDealSends = (dealId: string) => apiRequest<BuyerSends>(`/api/deals/${encodeURIComponent(dealId)}/sends`);
export const sendToBuyers = (dealId: string, body: SendToBuyersBody) =>
  apiRequest<SendToBuyersResult>(`/api/deals/${encodeURIComponent(dealId)}/send`, { method: 'POST', body });

/** Each buyer's sends that reached them, latest first: "Sent Mar 4, 2026 by email". */
export function sentLines(sends: readonly BuyerSend[]): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const s of sends) {
    const key = `${s.buyer_id}:${s.channel}`;
    if (s.status !== 'sent' || seen.has(key)) continue;
    seen.add(key);
    lines.set(s.buyer_id, [...(lines.get(s.buyer_id) ?? []), `Sent ${formatListedDate(s.created_at)} by ${SEND_CHANNEL_LABELS[s.channel]}`]);
  }
  return lines;
}
