import { Sailboat } from 'lucide-react';
import { PRODUCT_NAME } from '@wholesail/domain';
import { cn } from '@/lib/utils';

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span
        className={cn(
          'inline-flex size-7 items-center justify-center rounded-md',
          inverted ? 'bg-white/15 text-white' : 'bg-primary text-primary-foreground',
        )}
      >
        <Sailboat className="size-4" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </span>
  );
}
