import { useLayoutEffect, useState } from 'react';

/**
 * Whether an element's content overflows it, kept current as the element or its children change
 * size. A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe's
 * scrollable-region-focusable), but a tab stop on a region that does not scroll is only noise:
 * give it `tabIndex={0}` when this says true. Pass the returned callback as the element's `ref`.
 */
export function useIsScrollable<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [isScrollable, setIsScrollable] = useState(false);

  useLayoutEffect(() => {
    if (!element) return;
    const measure = () =>
      setIsScrollable(
        element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [element]);

  return [setElement, isScrollable];
}
