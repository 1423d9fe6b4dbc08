import type { VariantProps } from 'class-variance-authority';
import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

type Props = VariantProps<typeof buttonVariants> & {
  /** Why the action cannot run now, a sentence. */
  reason: string;
  /** The action's name; the accessible name adds the reason. */
  label: string;
  children: ReactNode;
  className?: string;
};

// Inside a clickable row, a click on the button or in its panel must not open the row.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * An action that cannot run now: it looks disabled but stays focusable, and a click or tap opens the
 * reason next to it (a tooltip never shows on a touch screen, and a disabled button gets no tap at all).
 */
export function BlockedButton({ reason, label, children, className, variant, size }: Props) {
  return (
    <Popover>
      <PopoverTrigger
        type="button"
        aria-disabled="true"
        aria-label={`${label}: ${reason}`}
        title={reason}
        className={cn(buttonVariants({ variant, size }), 'cursor-not-allowed opacity-50', className)}
        onClick={stop}
      >
        {children}
      </PopoverTrigger>
      <PopoverContent className="w-72" onClick={stop}>
        <p>{reason}</p>
      </PopoverContent>
    </Popover>
  );
}
