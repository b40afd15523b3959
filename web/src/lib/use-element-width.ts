import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of `ref`'s element in CSS pixels, followed with a ResizeObserver; `fallback` until measured. The charts
 * draw in CSS pixels (viewBox width = element width), so their 12 px text stays 12 px at any width and their bars
 * use the card's whole width on a desktop.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      if (measured) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
