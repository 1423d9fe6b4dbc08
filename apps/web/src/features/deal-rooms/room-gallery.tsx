import type { RoomPhoto } from '@wholesail/domain';
import { ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { fetchPhotoBlob, publicPhotoPath, type RoomAccessKeys } from './public-room-api';

type Props = { slug: string; photos: RoomPhoto[]; access: RoomAccessKeys; address: string };

/**
 * The room's photos in a row that swipes on a phone (scroll snap), each opening large on a tap. A password room's
 * photos are fetched with the password header and shown from memory, since an <img> cannot send it.
 */
export function RoomGallery({ slug, photos, access, address }: Props) {
  const sources = usePhotoSources(slug, photos, access);
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) {
    return (
      <div className="flex h-40 items-center justify-center gap-2 rounded-xl border border-dashed text-sm text-muted-foreground">
        <ImageIcon className="size-4" aria-hidden /> No photos yet
      </div>
    );
  }
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0" aria-label="Photos">
        {photos.map((photo, index) => (
          <li key={photo.id} className="w-[85%] shrink-0 snap-center sm:w-80">
            <button type="button" onClick={() => setOpen(index)} className="relative block w-full overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none">
              <img
                src={sources[photo.id]}
                alt={photo.caption ?? `Photo ${index + 1} of ${address}`}
                loading={index < 2 ? 'eager' : 'lazy'}
                className="aspect-[4/3] w-full object-cover"
              />
              <span className="sr-only">Enlarge photo {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={shown !== null && shown !== undefined} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <DialogContent className="max-w-5xl p-2 sm:p-3">
          <DialogTitle className="sr-only">Photo {open === null ? '' : open + 1} of {photos.length}</DialogTitle>
          <DialogDescription className="sr-only">{shown?.caption ?? address}</DialogDescription>
          {shown && <img src={sources[shown.id]} alt={shown.caption ?? `Photo ${(open ?? 0) + 1} of ${address}`} className="max-h-[80vh] w-full rounded-lg object-contain" />}
          {shown?.caption && <p className="px-1 pb-1 text-sm text-muted-foreground">{shown.caption}</p>}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Each photo's src: its public address, or an object URL of its bytes when the room needs the password header. */
function usePhotoSources(slug: string, photos: RoomPhoto[], access: RoomAccessKeys): Record<string, string | undefined> {
  const [blobs, setBlobs] = useState<Record<string, string>>({});
  const { invite, password } = access;
  useEffect(() => {
    if (!password) return;
    let cancelled = false;
    const urls: string[] = [];
    for (const photo of photos) {
      void fetchPhotoBlob(slug, photo.id, { invite, password })
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          urls.push(url);
          if (!cancelled) setBlobs((b) => ({ ...b, [photo.id]: url }));
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [slug, photos, invite, password]);
  if (password) return blobs;
  return Object.fromEntries(photos.map((p) => [p.id, publicPhotoPath(slug, p.id, access)]));
}
