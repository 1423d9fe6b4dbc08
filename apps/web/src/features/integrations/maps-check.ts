/**
 * The Maps key's Test connection, run in the browser (docs/integrations.md): the key is restricted by HTTP referrer,
 * so only a page of this site can check it. Google reports a refused key only through window.gm_authFailure, and
 * its reason (RefererNotAllowedMapError, ApiNotActivatedMapError …) only in the console.
 */
import { loadPlaces, placesNamespace } from '@/features/address-search/google-maps';

/** How long after the script loads Google gets to refuse the key. */
export const MAPS_AUTH_WAIT_MS = 3000;

export type MapsCheck = { ok: boolean; message: string; duration_ms: number };

type AuthWindow = Window & { gm_authFailure?: () => void };

/** Already loaded on this page: Google checked the key then, and does not check it again. */
export const MAPS_ALREADY_LOADED = 'Google Maps is already loaded on this page, and Google checks the key only when it loads: reload the page, then test again.';

/** Loads the Maps JavaScript API with `key` and waits for Google to refuse it; null when it was loaded before (no new check is possible). */
export async function checkMapsInBrowser(key: string, waitMs = MAPS_AUTH_WAIT_MS): Promise<MapsCheck | null> {
  if (placesNamespace()) return null;
  const started = performance.now();
  const w = window as AuthWindow;
  const previous = w.gm_authFailure;
  const log = console.error;
  const reasons: string[] = [];
  let refused: () => void = () => {};
  const refusal = new Promise<true>((resolve) => (refused = () => resolve(true)));
  w.gm_authFailure = () => {
    refused();
    previous?.();
  };
  console.error = (...args: unknown[]) => {
    const reason = /Google Maps JavaScript API error: (\w+)/.exec(args.map(String).join(' '))?.[1];
    if (reason && !reasons.includes(reason)) reasons.push(reason);
    log(...args);
  };
  const took = () => Math.round(performance.now() - started);
  try {
    await loadPlaces(key);
    const wasRefused = await Promise.race([refusal, new Promise<false>((resolve) => setTimeout(() => resolve(false), waitMs))]);
    const where = window.location.origin;
    return wasRefused
      ? { ok: false, message: `Google refused the key for ${where}${reasons.length ? `: ${reasons.join(', ')}` : ''} (the browser console has Google’s explanation).`, duration_ms: took() }
      : { ok: true, message: `Google Maps loaded with the key …${key.slice(-4)} on ${where} and did not refuse it within ${waitMs / 1000} s.`, duration_ms: took() };
  } catch (error) {
    return { ok: false, message: `Google Maps did not load: ${error instanceof Error ? error.message : String(error)}.`, duration_ms: took() };
  } finally {
    console.error = log;
    w.gm_authFailure = previous;
  }
}
