/** Mean Earth radius in miles (the IUGG mean radius, 6,371.0088 km). */
export const EARTH_RADIUS_MILES = 3958.7613;
const MILES_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_MILES) / 180;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles between two points (haversine). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * The latitude/longitude rectangle that holds every point within `radiusMiles` of `center`: the index narrows a
 * search to it, the exact distance decides. Longitude degrees shrink with cos(latitude), taken at the box's edge
 * nearest a pole so the box never cuts the circle; near a pole (or across the antimeridian) it spans every longitude.
 */
export function boundingBox(center: LatLng, radiusMiles: number): BoundingBox {
  const dLat = radiusMiles / MILES_PER_DEGREE_LAT;
  const minLat = Math.max(-90, center.latitude - dLat);
  const maxLat = Math.min(90, center.latitude + dLat);
  const widest = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = widest <= 1e-9 ? 180 : radiusMiles / (MILES_PER_DEGREE_LAT * widest);
  if (dLng >= 180 || center.longitude - dLng < -180 || center.longitude + dLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: center.longitude - dLng, maxLng: center.longitude + dLng };
}
