import { z } from 'zod';

/** A list's `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent; each refusal names the field once. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit: expected a number' })
    .int('limit: expected a whole number')
    .min(1, 'limit: must be 1 or more')
    .max(max, `limit: must be at most ${max}`)
    .default(fallback);
