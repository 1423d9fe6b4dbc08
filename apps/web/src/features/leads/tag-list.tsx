import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Tag display limit of dialer.md §9. */
export const TAG_DISPLAY_LIMIT = 8;

/** Up to 8 tags, then '+N more' (the hidden ones in its title). */
export function TagList({ tags, limit = TAG_DISPLAY_LIMIT, className }: { tags: readonly string[] | null | undefined; limit?: number; className?: string }) {
  const list = tags ?? [];
  if (list.length === 0) return null;
  const shown = list.slice(0, limit);
  const hidden = list.slice(limit);
  return (
    <span className={cn('flex flex-wrap items-center gap-1', className)}>
      {shown.map((tag) => (
        <Badge key={tag} variant="secondary">
          {tag}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Badge variant="outline" title={hidden.join(', ')}>
          +{hidden.length} more
        </Badge>
      )}
    </span>
  );
}
