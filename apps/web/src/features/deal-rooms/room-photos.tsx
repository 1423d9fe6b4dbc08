import { ROOM_PHOTO_MAX_BYTES, ROOM_PHOTO_TYPES, ROOM_PHOTOS_MAX, type DealRoom } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlusIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { deletePhoto, uploadPhoto } from './room-api';

type Upload = { key: string; name: string; share: number; error: string | null };

const MAX_MB = ROOM_PHOTO_MAX_BYTES / (1024 * 1024);

/** Why a file cannot go up, before sending it; null when it can. */
function refusal(file: File): string | null {
  if (!(ROOM_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Only JPEG, PNG or WebP images can be added.';
  if (file.size > ROOM_PHOTO_MAX_BYTES) return `This image is larger than ${MAX_MB} MB.`;
  return null;
}

/** The room's photos: add several at once (one upload each, with its progress or its error), and remove one. */
export function RoomPhotos({ room }: { room: DealRoom }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.dealRooms.room(room.deal_id) });
  const patch = (key: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const remove = useMutation({
    mutationFn: (photoId: string) => deletePhoto(room.deal_id, photoId),
    onSuccess: () => toast.success('Photo removed'),
    onError: (error) => toast.error('Could not remove the photo', { description: error.message }),
    onSettled: refresh,
  });

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const roomLeft = ROOM_PHOTOS_MAX - room.photos.length;
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}`, error: i >= roomLeft ? `A room holds at most ${ROOM_PHOTOS_MAX} photos.` : refusal(file) }));
    setUploads((all) => [...all.filter((u) => u.error !== null), ...batch.map(({ key, file, error }) => ({ key, name: file.name, share: 0, error }))]);
    // One after another: a phone on a weak connection finishes each photo instead of stalling on all of them.
    for (const { file, key, error } of batch) {
      if (error) continue;
      try {
        await uploadPhoto(room.deal_id, file, (share) => patch(key, { share }));
        setUploads((all) => all.filter((u) => u.key !== key));
        await refresh();
      } catch (failure) {
        patch(key, { error: errorText(failure, 'The upload failed.') });
      }
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {room.photos.length} of {ROOM_PHOTOS_MAX} photos · JPEG, PNG or WebP up to {MAX_MB} MB each.
        </p>
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={room.photos.length >= ROOM_PHOTOS_MAX}>
          <ImagePlusIcon aria-hidden /> Add photos
        </Button>
        <input ref={input} type="file" multiple accept={ROOM_PHOTO_TYPES.join(',')} className="sr-only" aria-label="Photos to add" onChange={(e) => void onFiles(e)} tabIndex={-1} />
      </div>
      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1 text-sm">
              <span className="truncate">{u.name}</span>
              {u.error ? <span className="text-xs font-medium text-destructive">{u.error}</span> : <Progress value={u.share * 100} aria-label={`Uploading ${u.name}`} />}
            </li>
          ))}
        </ul>
      )}
      {room.photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" aria-label="Room photos">
          {room.photos.map((photo, index) => (
            <li key={photo.id} className="relative overflow-hidden rounded-md border bg-muted">
              <img src={photo.url} alt={photo.caption ?? `Photo ${index + 1}`} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              <Button
                type="button"
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-7"
                aria-label={`Remove photo ${index + 1}`}
                disabled={remove.isPending && remove.variables === photo.id}
                onClick={() => remove.mutate(photo.id)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
