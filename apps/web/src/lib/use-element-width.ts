import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes (a ResizeObserver), for layouts that depend on the room a
 * component has rather than on the window: a list inside a sidebar layout has less than the viewport says.
 * Null until the element is mounted.
 */
export function useElementWidth<T extends HTMLElement>(): [ref: (element: T | null) => void, width: number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(element.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
