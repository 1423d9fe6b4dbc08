import { Skeleton } from '@/components/ui/skeleton';

/** The figures' place while they (and their chart library) load. */
export function FiguresSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-label="Loading figures">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-60 w-full rounded-xl" />
      ))}
    </div>
  );
}
