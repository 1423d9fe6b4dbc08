/** The selected property of the address search (dialer.md §3) and how it is built from a place or free text. */

export interface SelectedProperty {
  /** The street line, e.g. "123 Main St". */
  address: string;
  formattedAddress: string;
  lat: number | null;
  lng: number | null;
  placeId: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  county: string | null;
}

/** The parts of a Google Places result the widget reads. */
export interface PlaceResult {
  place_id?: string;
  formatted_address?: string;
  name?: string;
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
  geometry?: { location?: { lat: () => number; lng: () => number } };
}

/** A place chosen from the suggestions; null for a place without a place_id (dialer.md §5: ignored). */
export function propertyFromPlace(place: PlaceResult): SelectedProperty | null {
  if (!place.place_id) return null;
  const components = place.address_components ?? [];
  const part = (type: string, short = false) => {
    const c = components.find((component) => component.types.includes(type));
    return c ? (short ? c.short_name : c.long_name) : null;
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  const location = place.geometry?.location;
  const formatted = place.formatted_address ?? place.name ?? street;
  return {
    address: street || place.name || formatted,
    formattedAddress: formatted,
    lat: location ? location.lat() : null,
    lng: location ? location.lng() : null,
    placeId: place.place_id,
    city: part('locality') ?? part('sublocality') ?? part('postal_town'),
    state: part('administrative_area_level_1', true),
    zipCode: part('postal_code'),
    county: part('administrative_area_level_2'),
  };
}

const STATE_ZIP = /^([A-Za-z]{2})(?:\s+(\d{5})(?:-\d{4})?)?$/;
const TRAILING_STATE_ZIP = /^(.*?)[\s,]+([A-Za-z]{2})\s+(\d{5})(?:-\d{4})?$/;

/**
 * Best-effort split of a typed address: "123 Main St, Austin, TX 78701" → street, city, state, zip.
 * Anything it cannot place stays in the street line; the full text is always the formatted address.
 */
export function parseAddress(text: string): SelectedProperty | null {
  const formattedAddress = text.trim().replace(/\s+/g, ' ');
  if (!formattedAddress) return null;
  const parts = formattedAddress
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && /^(usa|us|united states)$/i.test(parts[parts.length - 1]!)) parts.pop();

  let address = parts[0] ?? formattedAddress;
  let city: string | null = null;
  let state: string | null = null;
  let zipCode: string | null = null;

  const last = parts[parts.length - 1] ?? '';
  const stateZip = parts.length >= 2 ? STATE_ZIP.exec(last) : null;
  if (stateZip) {
    state = stateZip[1]!.toUpperCase();
    zipCode = stateZip[2] ?? null;
    if (parts.length >= 3) city = parts[parts.length - 2]!;
    address = parts.slice(0, Math.max(1, parts.length - (parts.length >= 3 ? 2 : 1))).join(', ');
  } else if (parts.length >= 2) {
    // "street, city ST 12345" or "street, city"
    const tail = TRAILING_STATE_ZIP.exec(last);
    if (tail) {
      city = tail[1]!.trim() || null;
      state = tail[2]!.toUpperCase();
      zipCode = tail[3]!;
    } else {
      city = last;
    }
    address = parts.slice(0, -1).join(', ');
  } else {
    const tail = TRAILING_STATE_ZIP.exec(formattedAddress);
    if (tail) {
      address = tail[1]!.trim();
      state = tail[2]!.toUpperCase();
      zipCode = tail[3]!;
    }
  }
  return { address, formattedAddress, lat: null, lng: null, placeId: null, city, state, zipCode, county: null };
}
