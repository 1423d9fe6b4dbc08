/** The Maps key (GET /api/maps/key, 404 = none) and the Places script loader (dialer.md §7, §8). */
import type { MapsKey } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { PlaceResult } from './address';
import { MAPS_LOAD_TIMEOUT_MS, MAPS_MESSAGES } from './messages';


/** The key, or null when the server has none (404) or could not be asked; failures are logged only. */
export async function fetchMapsKey(): Promise<string | null> {
  try {
    const { key } = await apiRequest<MapsKey>('/api/maps/key');
    if (!key) {
      console.warn(MAPS_MESSAGES.noKey);
      return null;
    }
    return key;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.warn(MAPS_MESSAGES.keyFailed, error);
    return null;
  }
}

/** Fetched once per page load and cached. */
export function useMapsKey() {
  return useQuery({ queryKey: queryKeys.mapsKey, queryFn: fetchMapsKey, staleTime: Infinity, gcTime: Infinity, retry: false });
}

export interface PlacesAutocomplete {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => PlaceResult;
}

interface PlacesNamespace {
  Autocomplete: new (
    input: HTMLInputElement,
    options: { componentRestrictions: { country: string }; types: string[]; fields: string[] },
  ) => PlacesAutocomplete;
}

type MapsWindow = Window & { google?: { maps?: { places?: PlacesNamespace; event?: { clearInstanceListeners: (o: unknown) => void } } } };

export function placesNamespace(): PlacesNamespace | null {
  return (window as MapsWindow).google?.maps?.places ?? null;
}

export function clearListeners(instance: unknown): void {
  (window as MapsWindow).google?.maps?.event?.clearInstanceListeners(instance);
}

let loading: Promise<PlacesNamespace> | null = null;

/** Loads the Places library once; rejects on a script error or after 20 s (the next call tries again). */
export function loadPlaces(key: string, timeoutMs = MAPS_LOAD_TIMEOUT_MS): Promise<PlacesNamespace> {
  const ready = placesNamespace();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<PlacesNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places`;
    script.async = true;
    const timer = setTimeout(() => {
      script.remove();
      reject(new Error(`Google Maps did not load within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      const places = placesNamespace();
      if (places) resolve(places);
      else reject(new Error('Google Maps loaded without the Places library'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('Google Maps script failed to load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
