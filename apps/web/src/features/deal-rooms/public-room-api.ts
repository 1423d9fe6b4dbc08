/**
 * The signed-out buyer's calls to /api/public/deal-rooms/:slug. Every call carries the room's access: the
 * invite token in the query (?invite=) and the password in the x-room-password header.
 */
import type { PublicOfferBody, PublicRoom } from '@wholesail/domain';
import { ApiError, errorFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api';

export type RoomAccessKeys = { invite: string | null; password: string | null };

const roomPath = (slug: string) => `/api/public/deal-rooms/${encodeURIComponent(slug)}`;

/** `path` with the invite token, when the buyer came with their own link. */
export function withInvite(path: string, { invite }: RoomAccessKeys): string {
  return invite ? `${path}${path.includes('?') ? '&' : '?'}invite=${encodeURIComponent(invite)}` : path;
}

async function publicRequest<T>(path: string, access: RoomAccessKeys, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (access.password) headers['x-room-password'] = access.password;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(withInvite(path, access), {
      method: init.method ?? 'GET',
      headers,
      credentials: 'omit',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromBody(response.status, data, response.status >= 500 ? 'The server had a problem. Please try again.' : `Request failed (${response.status})`);
  return data as T;
}

export const fetchPublicRoom = (slug: string, access: RoomAccessKeys) => publicRequest<PublicRoom>(roomPath(slug), access);

export const sendHeartbeat = (slug: string, viewId: string, access: RoomAccessKeys) =>
  publicRequest<unknown>(`${roomPath(slug)}/views/${encodeURIComponent(viewId)}/heartbeat`, access, { method: 'POST' });

export const submitPublicOffer = (slug: string, body: PublicOfferBody, access: RoomAccessKeys) =>
  publicRequest<{ id: string; message: string }>(`${roomPath(slug)}/offers`, access, { method: 'POST', body });

/** A photo's bytes: an <img> cannot send the password header, so a password room's photos load through fetch. */
export async function fetchPhotoBlob(slug: string, photoId: string, access: RoomAccessKeys): Promise<Blob> {
  const headers: Record<string, string> = access.password ? { 'x-room-password': access.password } : {};
  const response = await fetch(withInvite(`${roomPath(slug)}/photos/${encodeURIComponent(photoId)}`, access), { headers, credentials: 'omit' });
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, 'The photo could not be loaded.');
  return response.blob();
}

export const publicPhotoPath = (slug: string, photoId: string, access: RoomAccessKeys) => withInvite(`${roomPath(slug)}/photos/${encodeURIComponent(photoId)}`, access);
