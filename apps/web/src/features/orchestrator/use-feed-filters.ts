import { FEED_OUTCOMES, FEED_OUTCOMES_BY_SOURCE, FEED_SOURCES, type FeedOutcome, type FeedSource } from '@wholesail/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FeedFilters } from './orchestrator-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : null);
const id = (value: string | null) => (value !== null && UUID.test(value) ? value : null);

const KEYS = ['source', 'sequence', 'rule', 'lead', 'outcome'] as const satisfies readonly (keyof FeedFilters)[];

/**
 * The feed's filters in the address (?source=&sequence=&rule=&lead=&outcome=), so a lead's page can link to its
 * decisions. A value that cannot be one (a mistyped id) is ignored rather than sent.
 */
export function useFeedFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<FeedFilters>(() => {
    const source = oneOf<FeedSource>(FEED_SOURCES, params.get('source'));
    const outcome = oneOf<FeedOutcome>(FEED_OUTCOMES, params.get('outcome'));
    return {
      source,
      sequence: id(params.get('sequence')),
      rule: id(params.get('rule')),
      lead: id(params.get('lead')),
      outcome: outcome && (!source || FEED_OUTCOMES_BY_SOURCE[source].includes(outcome)) ? outcome : null,
    };
  }, [params]);
  const setFilters = useCallback(
    (patch: Partial<FeedFilters>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const key of KEYS) {
            if (!(key in patch)) continue;
            const value = patch[key];
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const active = KEYS.some((key) => filters[key] !== null);
  const clear = useCallback(() => setFilters({ source: null, sequence: null, rule: null, lead: null, outcome: null }), [setFilters]);
  return { filters, setFilters, active, clear };
}
