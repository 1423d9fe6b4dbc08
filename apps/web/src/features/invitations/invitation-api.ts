/** Public invitation endpoints: preview a token, accept it. */
import type { InvitationPreview } from '@wholesail/domain';
import { apiRequest } from '@/lib/api';

export function fetchInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);
}

/** Signed out: `{ name, password }` creates the account; signed in as the invitee: `{}`. */
export function acceptInvitation(token: string, body: { name: string; password: string } | Record<string, never>): Promise<{ organization: { id: string; name: string } }> {
  return apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body });
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
