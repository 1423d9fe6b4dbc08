/** Public invitation endpoints: preview a token, accept it. */
import type { InvitationPreview } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';

export function fetchInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);
}

/**
 * Signed out: `{ name, password }` creates the account; signed in as the invitee: `{}`. `emailProof` is the
 * mailed link's `proof`: with it the server marks the address verified.
 */
export function acceptInvitation(
  token: string,
  body: { name: string; password: string } | Record<string, never>,
  emailProof: string | null,
): Promise<{ organization: { id: string; name: string } }> {
  return apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: emailProof ? { ...body, emailProof } : body });
}

/** Accepts a full invitation link (…/accept-invitation/TOKEN or …?token=TOKEN) or a bare token. */
export function tokenFromInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const fromPath = /\/accept-invitation\/([^/?#\s]+)/.exec(text)?.[1];
  if (fromPath) return decodeURIComponent(fromPath);
  const fromQuery = /[?&]token=([^&#\s]+)/.exec(text)?.[1];
  if (fromQuery) return decodeURIComponent(fromQuery);
  return /^[\w.~-]+$/.test(text) ? text : null;
}
