import { useEffect, useRef, useState } from 'react';

/** Distance in px a table's top must have scrolled past the window's top before its header counts as stuck (spec 000 section 9 "Sticky table threshold 10 px"). */
export const STICKY_THRESHOLD_PX = 10;

/**
 * A long table's sticky header (spec 000 section 2 "sticky tables"): the header cells stay at the top of the window
 * while the table scrolls (CSS `position: sticky` on `.table--sticky thead th`), and once the table's top has
 * scrolled more than STICKY_THRESHOLD_PX past the window's top while its end is still in view, `stuck` is true
 * (the table gets `data-stuck`, which draws the header's shadow). Returns the ref for the table and `stuck`.
 */
export function useStickyHeader<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const update = () => {
      const table = ref.current;
      if (!table) return;
      const box = table.getBoundingClientRect();
      setStuck(box.top < -STICKY_THRESHOLD_PX && box.bottom > 0);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return { ref, stuck };
}
