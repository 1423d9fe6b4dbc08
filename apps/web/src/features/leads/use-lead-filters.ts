import { LEAD_STATUSES } from '@wholesail/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LeadFilters } from './leads-api';

/** Debounce of the search box and the other typed filters. */
export const FILTER_DEBOUNCE_MS = 250;

export const FILTER_STATUSES = LEAD_STATUSES.filter((s) => s !== 'deleted');
export const FILTER_KEYS = ['status', 'minValue', 'maxValue', 'badges', 'search', 'created_after'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const isAmount = (v: string) => v === '' || (/^\d+(\.\d+)?$/.test(v) && Number(v) >= 0);

/** Normalises a badges text ("a, b,,c") to "a,b,c". */
export function normaliseBadges(value: string): string {
  return value
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean)
    .join(',');
}

/** The instant of `?created_after=` (the dashboard's "new leads since yesterday") as the API reads it; anything else is no filter. */
function createdAfter(value: string | null): string | undefined {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) && at >= Date.UTC(1900, 0, 1) && at < Date.UTC(10_000, 0, 1) ? new Date(at).toISOString() : undefined;
}

/** The list filters and page, read from and written to the URL query. */
export function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<LeadFilters>(() => {
    const status = params.get('status') ?? '';
    const minValue = params.get('minValue') ?? '';
    const maxValue = params.get('maxValue') ?? '';
    const page = Number.parseInt(params.get('page') ?? '1', 10);
    return {
      status: (FILTER_STATUSES as readonly string[]).includes(status) ? status : undefined,
      minValue: minValue && isAmount(minValue) ? minValue : undefined,
      maxValue: maxValue && isAmount(maxValue) ? maxValue : undefined,
      badges: normaliseBadges(params.get('badges') ?? '') || undefined,
      search: params.get('search')?.trim() || undefined,
      created_after: createdAfter(params.get('created_after')),
      page: Number.isFinite(page) && page >= 1 ? page : 1,
    };
  }, [params]);

  /** Sets filters (empty removes them) and goes back to page 1 unless a page is given. */
  const update = useCallback(
    (patch: Partial<Record<FilterKey | 'page', string>>, options: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
      return next;
    });
  }, [setParams]);

  const active = FILTER_KEYS.some((key) => filters[key] !== undefined);
  return { filters, update, clear, active };
}

const trim = (v: string) => v.trim();
const always = () => true;

/**
 * A text input whose value is committed to the URL FILTER_DEBOUNCE_MS after typing stops,
 * and follows the URL when it changes from outside (back button, Clear filters).
 */
export function useDebouncedFilter(
  urlValue: string,
  commit: (value: string) => void,
  { normalise = trim, valid = always }: { normalise?: (v: string) => string; valid?: (v: string) => boolean } = {},
) {
  const [value, setValue] = useState(urlValue);
  useEffect(() => {
    setValue((current) => (normalise(current) === urlValue ? current : urlValue));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the URL only
  }, [urlValue]);
  useEffect(() => {
    const next = normalise(value);
    if (next === urlValue || !valid(next)) return;
    const timer = setTimeout(() => commit(next), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, urlValue, commit, normalise, valid]);
  return [value, setValue] as const;
}

export { isAmount };
