import { COMPS_DEFAULTS } from '@wholesail/domain';

/** The choices of the filters: each inside the API's bounds (packages/domain COMPS_BOUNDS). */
export const RADIUS_OPTIONS = [0.25, 0.5, 1, 2, 3, 5] as const;
export const MONTHS_OPTIONS = [3, 6, 12, 18, 24, 36] as const;
export const SQFT_OPTIONS = [10, 15, 20, 25, 30, 50] as const;

/** The search a comps screen shows, as its URL keeps it (so a reload keeps filters, pins and exclusions). */
export interface CompsSearchState {
  radius: number;
  months: number;
  sqft: number;
  pin: string[];
  exclude: string[];
}

const listOf = (value: string | null) => (value ? [...new Set(value.split(',').filter(Boolean))] : []);
const option = (value: string | null, options: readonly number[], fallback: number) => {
  const n = Number(value);
  return value !== null && options.includes(n) ? n : fallback;
};

/** URL → search; a value the filters do not offer falls back to the default. */
export function searchFromParams(params: URLSearchParams): CompsSearchState {
  return {
    radius: option(params.get('radius'), RADIUS_OPTIONS, COMPS_DEFAULTS.radius_miles),
    months: option(params.get('months'), MONTHS_OPTIONS, COMPS_DEFAULTS.months),
    sqft: option(params.get('sqft'), SQFT_OPTIONS, COMPS_DEFAULTS.sqft_pct),
    pin: listOf(params.get('pin')),
    exclude: listOf(params.get('exclude')),
  };
}

/** Search → the URL's params, written over `params` (other params of the page stay); defaults are left out. */
export function writeSearch(params: URLSearchParams, search: CompsSearchState): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
  put('radius', String(search.radius), String(COMPS_DEFAULTS.radius_miles));
  put('months', String(search.months), String(COMPS_DEFAULTS.months));
  put('sqft', String(search.sqft), String(COMPS_DEFAULTS.sqft_pct));
  put('pin', search.pin.join(','), '');
  put('exclude', search.exclude.join(','), '');
  return next;
}

/** Pins a comp, or unpins it; a pinned comp is never excluded as well. */
export function togglePin(search: CompsSearchState, id: string): CompsSearchState {
  const pinned = search.pin.includes(id);
  return { ...search, pin: pinned ? search.pin.filter((p) => p !== id) : [...search.pin, id], exclude: search.exclude.filter((e) => e !== id) };
}

/** Excludes a comp, or takes it back; an excluded comp is never pinned as well. */
export function toggleExclude(search: CompsSearchState, id: string): CompsSearchState {
  const excluded = search.exclude.includes(id);
  return { ...search, exclude: excluded ? search.exclude.filter((e) => e !== id) : [...search.exclude, id], pin: search.pin.filter((p) => p !== id) };
}

/** GET /api/leads/:id/comps with the search's parameters (the API's names). */
export function compsApiPath(leadId: string, search: CompsSearchState): string {
  const params = new URLSearchParams({ radius_miles: String(search.radius), months: String(search.months), sqft_pct: String(search.sqft) });
  if (search.pin.length) params.set('pin', search.pin.join(','));
  if (search.exclude.length) params.set('exclude', search.exclude.join(','));
  return `/api/leads/${encodeURIComponent(leadId)}/comps?${params.toString()}`;
}

/** The comps screen of a lead. */
export const compsScreenPath = (leadId: string) => `/comps/${encodeURIComponent(leadId)}`;
