/** The team's side of a deal's room: settings, photos, invites and the access log (/api/deals/:id/room…). */
import type { DealRoom, RoomInvite, RoomPhoto, RoomSettingsBody, RoomViews } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, errorFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const roomPath = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}/room`;

/** The deal's room, or null when it has none yet (404). */
export async function fetchRoom(dealId: string): Promise<DealRoom | null> {
  try {
    return await apiRequest<DealRoom>(roomPath(dealId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const createRoom = (dealId: string) => apiRequest<DealRoom>(roomPath(dealId), { method: 'POST', body: {} });
export const updateRoom = (dealId: string, body: RoomSettingsBody) => apiRequest<DealRoom>(roomPath(dealId), { method: 'PATCH', body });
export const deletePhoto = (dealId: string, photoId: string) => apiRequest<void>(`${roomPath(dealId)}/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
export const inviteBuyers = (dealId: string, buyerIds: string[]) =>
  apiRequest<{ items: RoomInvite[] }>(`${roomPath(dealId)}/invites`, { method: 'POST', body: { buyer_ids: buyerIds } });
export const revokeInvite = (dealId: string, inviteId: string) => apiRequest<void>(`${roomPath(dealId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });

export function useRoom(dealId: string) {
  return useQuery({ queryKey: queryKeys.dealRooms.room(dealId), queryFn: () => fetchRoom(dealId) });
}

export function useRoomInvites(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dealRooms.invites(dealId),
    queryFn: async () => (await apiRequest<{ items: RoomInvite[] }>(`${roomPath(dealId)}/invites`)).items,
    enabled,
  });
}

export function useRoomViews(dealId: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.dealRooms.views(dealId), queryFn: () => apiRequest<RoomViews>(`${roomPath(dealId)}/views`), enabled });
}

/**
 * Sends one image as the raw request body (its own Content-Type), reporting the share sent so far (0–1). XHR rather
 * than fetch: fetch cannot report upload progress.
 */
export function uploadPhoto(dealId: string, file: File, onProgress: (share: number) => void): Promise<RoomPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${roomPath(dealId)}/photos`);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as RoomPhoto);
      else reject(errorFromBody(request.status, body, `The upload failed (${request.status}).`));
    };
    request.send(file);
  });
}
