import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The window's width in CSS pixels (`window.innerWidth`), followed through `resize` events; `fallback` where there is
 * no window (the prerendered HTML). For sizes the spec ties to the window rather than to a container, e.g. the
 * signature canvas (spec 001: 664 × 371 px above 1023 px, 60 % from 768 to 1023, 80 % below).
 */
export function useWindowWidth(fallback = 1280): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => fallback,
  );
}
