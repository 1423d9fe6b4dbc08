import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';

/** A list section's body: the load error, a placeholder while loading, `empty` when there is nothing, else the list. */
export function SectionState<T>({ query, empty, children }: { query: UseQueryResult<T[]>; empty: ReactNode; children: (items: T[]) => ReactNode }) {
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden />
        <span>{query.error.message}</span>
      </Alert>
    );
  }
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  return query.data.length === 0 ? empty : children(query.data);
}
