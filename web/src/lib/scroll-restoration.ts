import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { NavigationState } from './navigation-state';

/** Where the positions are kept, per history entry (sessionStorage: a reload keeps them, a new tab starts afresh). */
const STORAGE_KEY = 'mvbv-scroll-positions';

function storedPositions(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return value !== null && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function store(positions: Record<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage full or refused: the positions live as long as the page
  }
}

/**
 * The scroll position per history entry, as react-router's `ScrollRestoration` keeps it for its data router: a new
 * entry (a link, a redirect) starts at the top unless its state says `keepScroll` (another Stichtag of the same
 * screen), back and forward return to where the member was, a reload too. The
 * position of the entry shown is noted at every scroll event (the browser sends at most one per frame) and kept in
 * sessionStorage at every navigation and when the page is left; the browser's own restoration is off, so it does not
 * fight this one.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    positions.current = { ...storedPositions(), ...positions.current };
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (shownKey.current !== null) positions.current[shownKey.current] = window.scrollY;
    };
    const onLeave = () => store(positions.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  const key = location.key;
  const keepScroll = (location.state as NavigationState | null)?.keepScroll === true;
  useLayoutEffect(() => {
    // The new entry first, so that the scroll events of the change below count for it, not for the entry left.
    shownKey.current = key;
    if (Object.keys(positions.current).length === 0) positions.current = storedPositions();
    store(positions.current);
    if (navigationType === 'POP') window.scrollTo(0, positions.current[key] ?? 0);
    else if (keepScroll) positions.current[key] = window.scrollY;
    else window.scrollTo(0, 0);
  }, [key, navigationType, keepScroll]);
}
