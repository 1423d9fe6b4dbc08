/** The partner's signed-out calls to /api/public/referrals/:token: the token in the path is the only key. */
import type { PartnerProgress, PublicReferral } from '@wholesail/domain';
import { ApiError, errorFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api';

async function partnerRequest(token: string, action: '' | '/respond' | '/status', body?: unknown): Promise<PublicReferral> {
  let response: Response;
  try {
    response = await fetch(`/api/public/referrals/${encodeURIComponent(token)}${action}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromBody(response.status, data, 'The referral could not be loaded. Please try again.');
  return data as PublicReferral;
}

export const fetchPublicReferral = (token: string) => partnerRequest(token, '');
export const respondToReferral = (token: string, body: { decision: 'accept' | 'decline'; note?: string }) => partnerRequest(token, '/respond', body);
export const reportReferralStatus = (token: string, body: { status: PartnerProgress; sale_price?: number; note?: string }) => partnerRequest(token, '/status', body);
