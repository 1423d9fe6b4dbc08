import { HoverCard as HoverCardPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Tooltip and hover-card open delay of platform.md §9. */
export const TOOLTIP_DELAY_MS = 700;

export function HoverCard({ openDelay = TOOLTIP_DELAY_MS, closeDelay = 100, ...props }: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return <HoverCardPrimitive.Root openDelay={openDelay} closeDelay={closeDelay} {...props} />;
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({ className, sideOffset = 6, align = 'start', ...props }: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 w-72 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-md outline-none', className)}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
