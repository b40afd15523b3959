import { useEffect, useState } from 'react';
import { IDLE_WARNING_MS, lastRequestTime, STAFF_IDLE_MS } from './staff-session';

/** How often the idle state is looked at. */
const TICK_MS = 5_000;

/**
 * The idle state of the staff session (decision 0054: the server ends it after 15 minutes without a request), from the
 * time of the workbench's last request: `warnAt` is the instant of the coming end once it is less than two minutes
 * away (null before); `onEnded` runs once the 15 minutes have passed.
 */
export function useIdleEnd(onEnded: () => void): { endsAt: number | null } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  useEffect(() => {
    const look = () => {
      const end = lastRequestTime() + STAFF_IDLE_MS;
      const left = end - Date.now();
      if (left <= 0) onEnded();
      else setEndsAt(left <= IDLE_WARNING_MS ? end : null);
    };
    const timer = window.setInterval(look, TICK_MS);
    return () => window.clearInterval(timer);
  }, [onEnded]);
  return { endsAt };
}
