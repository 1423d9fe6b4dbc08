import { Skeleton } from '@/components/ui/skeleton';

/** Shaped like the signed-in layout, shown while the session is being read. */
export function LayoutSkeleton() {
  return (
    <div role="status" aria-label="Loading your workspace" aria-busy="true" className="flex min-h-screen bg-background">
      <aside className="hidden w-60 shrink-0 flex-col gap-3 border-r bg-sidebar p-4 lg:flex">
        <Skeleton className="h-7 w-32" />
        <Skeleton className="mt-4 h-4 w-24" />
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </aside>
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center justify-between border-b px-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-8 w-24" />
        </div>
        <div className="grid gap-6 p-6">
          <Skeleton className="h-8 w-72" />
          <div className="grid gap-4 md:grid-cols-3">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
          <Skeleton className="h-64" />
        </div>
      </div>
    </div>
  );
}
