/** "Could not load …" with the reason and a Retry, where a lead's panel (timeline, a call) failed to load. */
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api';

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-destructive">
        Could not load {what}: {errorText(error, 'unknown error')}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
