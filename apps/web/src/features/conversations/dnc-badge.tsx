import { BanIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks a lead on the Do Not Call list (no calls, no texts). */
export function DncBadge() {
  return (
    <Badge variant="destructive" title="On the Do Not Call list: no calls or texts">
      <BanIcon className="size-3" aria-hidden />
      DNC
    </Badge>
  );
}
