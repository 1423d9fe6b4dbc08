/**
 * Auto-scroll and scroll fade indicators of the transcript (dialer.md §2, §4 and §9): auto-scroll is on by
 * default and follows new messages; scrolling more than 50 px away from the bottom pauses it and only the
 * toggle turns it back on; while paused, new content below is flagged. A fade shows at the top or the
 * bottom when more than 20 px is scrolled away in that direction.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export const AUTO_SCROLL_THRESHOLD_PX = 50;
export const SCROLL_INDICATOR_PX = 20;

export type ScrollFades = { top: boolean; bottom: boolean };

/** `contentKey` changes whenever a message is added or grows. */
export function useTranscriptScroll(contentKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const autoScrollRef = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const [fades, setFades] = useState<ScrollFades>({ top: false, bottom: false });

  /** Updates the fades and returns the distance from the bottom. */
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return 0;
    const below = Math.max(0, element.scrollHeight - element.scrollTop - element.clientHeight);
    const top = element.scrollTop > SCROLL_INDICATOR_PX;
    const bottom = below > SCROLL_INDICATOR_PX;
    setFades((previous) => (previous.top === top && previous.bottom === bottom ? previous : { top, bottom }));
    return below;
  }, []);

  const scrollToBottom = useCallback(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
    setUnseen(false);
    measure();
  }, [measure]);

  const changeAutoScroll = useCallback(
    (next: boolean) => {
      autoScrollRef.current = next;
      setAutoScroll(next);
      if (next) scrollToBottom();
    },
    [scrollToBottom],
  );

  const firstContent = useRef(true);
  useLayoutEffect(() => {
    const initial = firstContent.current;
    firstContent.current = false;
    if (autoScrollRef.current) {
      scrollToBottom();
      return;
    }
    if (measure() > AUTO_SCROLL_THRESHOLD_PX && !initial) setUnseen(true);
  }, [contentKey, measure, scrollToBottom]);

  // A resized box (narrower column, debug panel) changes what is hidden.
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => (autoScrollRef.current ? scrollToBottom() : measure()));
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, scrollToBottom]);

  const onScroll = useCallback(() => {
    const below = measure();
    if (below > AUTO_SCROLL_THRESHOLD_PX) {
      if (autoScrollRef.current) changeAutoScroll(false);
    } else {
      setUnseen(false);
    }
  }, [changeAutoScroll, measure]);

  return {
    ref,
    autoScroll,
    /** Paused with messages added below the visible part. */
    newMessagesBelow: unseen && !autoScroll,
    fades,
    onScroll,
    toggleAutoScroll: () => changeAutoScroll(!autoScrollRef.current),
    scrollToBottom,
  };
}
