import { LOADING_TEXT } from '@wholesail/domain';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Suspense fallback while a page's code loads: full screen, or the content area when `inline`. */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 text-sm text-muted-foreground', inline ? 'min-h-[50vh]' : 'min-h-screen')}>
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {LOADING_TEXT}
    </div>
  );
}
