import type { Lead } from '@wholesail/domain';
import { Maximize2Icon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { leadCoordinates } from './lead-format';
import { useMapsKey } from './leads-api';

export function streetViewUrl(key: string, lat: number, lng: number): string {
  return `https://www.google.com/maps/embed/v1/streetview?key=${encodeURIComponent(key)}&location=${lat},${lng}`;
}

/** Whether a street view can show: coordinates and a maps key. The key is asked for only when there are coordinates. */
export function useStreetView(lead: Partial<Lead>) {
  const coordinates = leadCoordinates(lead);
  const key = useMapsKey(coordinates !== null);
  const url = coordinates && key.data ? streetViewUrl(key.data, coordinates.lat, coordinates.lng) : null;
  return { url, pending: coordinates !== null && key.isPending };
}

/** An embedded street view; click to go full screen, with a Close button. Renders nothing without a URL. */
export function StreetViewEmbed({ url, title, className }: { url: string; title: string; className?: string }) {
  const [fullScreen, setFullScreen] = useState(false);
  return (
    <>
      <div className={cn('relative h-48 overflow-hidden rounded-lg border bg-muted', className)}>
        <iframe title={`Street view of ${title}`} src={url} className="pointer-events-none size-full border-0" loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
        <button
          type="button"
          onClick={() => setFullScreen(true)}
          className="absolute inset-0 flex items-end justify-end p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          aria-label="Open street view full screen"
        >
          <span className="inline-flex items-center gap-1 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
            <Maximize2Icon className="size-3" aria-hidden /> Full screen
          </span>
        </button>
      </div>
      <DialogPrimitive.Root open={fullScreen} onOpenChange={setFullScreen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black/80" />
          <DialogPrimitive.Content className="fixed inset-4 z-[60] flex flex-col overflow-hidden rounded-xl bg-black outline-none" aria-describedby={undefined}>
            <DialogPrimitive.Title className="sr-only">Street view of {title}</DialogPrimitive.Title>
            <iframe title={`Street view of ${title} (full screen)`} src={url} className="size-full flex-1 border-0" allowFullScreen referrerPolicy="no-referrer-when-downgrade" />
            <DialogPrimitive.Close asChild>
              <Button variant="secondary" size="sm" className="absolute top-3 right-3">
                <XIcon aria-hidden /> Close
              </Button>
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  );
}
