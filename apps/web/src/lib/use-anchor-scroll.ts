import { useEffect, type RefObject } from 'react';

/** How long a layout shift above the anchor (sections still loading) is followed. */
const FOLLOW_MS = 2000;
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings the element to the top once `active` (the page was opened at its #anchor: the router does not scroll to
 * one), and keeps it there while content above it finishes loading, until the user scrolls, taps or types.
 */
export function useAnchorScroll(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element?.scrollIntoView) return;
    const show = () => {
      element.scrollIntoView({ block: 'start' });
      return element.getBoundingClientRect().top;
    };
    let top = show();
    const until = performance.now() + FOLLOW_MS;
    let frame = 0;
    const follow = () => {
      if (Math.abs(element.getBoundingClientRect().top - top) > 1) top = show();
      if (performance.now() < until) frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    const stop = () => cancelAnimationFrame(frame);
    for (const move of USER_MOVES) window.addEventListener(move, stop, { passive: true });
    return () => {
      stop();
      for (const move of USER_MOVES) window.removeEventListener(move, stop);
    };
  }, [ref, active]);
}
