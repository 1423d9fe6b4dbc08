import { AlertCircleIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A report's place while it loads: its tiles, then a chart and a table. */
export function SectionSkeleton({ label, tiles }: { label: string; tiles: number }) {
  return (
    <div className="grid gap-4" aria-label={label}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7">
        {Array.from({ length: tiles }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** A report that could not load, with a retry. */
export function SectionError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden />
      <span>
        Could not load {what}: {error.message}
      </span>
      <Button variant="outline" size="sm" className="ml-auto" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
