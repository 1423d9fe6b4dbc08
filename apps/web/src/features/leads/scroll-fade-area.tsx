import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Fades appear when more than this many pixels are scrolled in that direction (dialer.md §9). */
export const SCROLL_FADE_THRESHOLD_PX = 20;

/** A scroll container with top and bottom fade indicators. */
export function ScrollFadeArea({ className, children, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  const [fades, setFades] = useState({ top: false, bottom: false });

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const top = el.scrollTop > SCROLL_FADE_THRESHOLD_PX;
    const bottom = el.scrollHeight - el.clientHeight - el.scrollTop > SCROLL_FADE_THRESHOLD_PX;
    setFades((prev) => (prev.top === top && prev.bottom === bottom ? prev : { top, bottom }));
  }, []);

  useEffect(() => {
    update();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  });

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={ref} onScroll={update} className={cn('h-full overflow-y-auto', className)} {...props}>
        {children}
      </div>
      <div
        aria-hidden
        data-testid="scroll-fade-top"
        data-visible={fades.top}
        className={cn('pointer-events-none absolute inset-x-0 top-0 h-8 bg-gradient-to-b from-card to-transparent transition-opacity', fades.top ? 'opacity-100' : 'opacity-0')}
      />
      <div
        aria-hidden
        data-testid="scroll-fade-bottom"
        data-visible={fades.bottom}
        className={cn('pointer-events-none absolute inset-x-0 bottom-0 h-8 bg-gradient-to-t from-card to-transparent transition-opacity', fades.bottom ? 'opacity-100' : 'opacity-0')}
      />
    </div>
  );
}
