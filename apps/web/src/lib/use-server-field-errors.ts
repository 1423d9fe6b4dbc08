import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from './api';

/**
 * Puts a server 400's `field: message` parts on the form's fields (`rename` maps an API field to the form's own, e.g.
 * expires_at → expires_on). Answers whether any part was placed: the rest of the error is shown above the buttons.
 */
export function useServerFieldErrors<T extends FieldValues, F extends string>(
  setError: UseFormSetError<T>,
  serverError: Error | null,
  fields: readonly F[],
  rename: Partial<Record<F, Path<T>>> = {},
): boolean {
  useEffect(() => {
    for (const [field, message] of Object.entries(fieldErrorsOf(serverError, fields)) as [F, string][]) setError(rename[field] ?? (field as unknown as Path<T>), { message });
    // `rename` is left out of the dependencies: callers write it as a literal whose content never changes.
  }, [serverError, setError, fields]);
  return Object.keys(fieldErrorsOf(serverError, fields)).length > 0;
}
