import { usedInArv, type CompsResponse } from '@wholesail/domain';
import { useState } from 'react';

/** Markers a static map can take in its URL without growing past Google's 8,192-character limit. */
const MAX_MARKERS = 25;

/** Google's static map: the subject by its coordinates, the comps by their addresses (used ones blue, the rest gray). */
export function staticMapUrl(key: string, data: CompsResponse): string {
  const params = new URLSearchParams({ size: '640x320', scale: '2', key });
  params.append('markers', `color:red|label:S|${data.subject.latitude},${data.subject.longitude}`);
  const marker = (color: string, comps: CompsResponse['comps']) => comps.length && params.append('markers', [`size:small|color:${color}`, ...comps.map((c) => c.address.replace(/\|/g, ' '))].join('|'));
  const shown = data.comps.slice(0, MAX_MARKERS);
  marker('blue', shown.filter(usedInArv));
  marker('gray', shown.filter((c) => !usedInArv(c)));
  return `https://maps.googleapis.com/maps/api/staticmap?${params.toString()}`;
}

/** A map of the subject and its comps with the server's maps key; nothing if Google does not draw it. */
export function CompsMap({ data, mapsKey }: { data: CompsResponse; mapsKey: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={staticMapUrl(mapsKey, data)}
      alt={`Map of ${data.subject.address ?? 'the subject'} (red S) and its comparable sales (blue: used in the ARV, gray: left out)`}
      className="aspect-[2/1] w-full rounded-lg border object-cover"
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      onError={() => setFailed(true)}
    />
  );
}
