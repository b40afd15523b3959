import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { NavigationType, Router, UNSAFE_createHashHistory, type Location } from 'react-router-dom';

/** Whether two locations are the same history entry at the same address. */
function sameEntry(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

/**
 * The app's hash router (spec 000 section 2: every address is `#/…`): react-router's `HashRouter`, with one
 * difference. `HashRouter` starts listening to the history in a layout effect of its first commit, and reads the
 * address once, when its first render starts. The app's first render is a transition (web/src/main.tsx), which React
 * renders in time slices with the browser's events in between; an address changed then (a link of the prerendered
 * frame followed while the app starts) was missed, and the app stayed on the old screen. This router takes such a
 * change up when it starts listening. Navigations render in a transition, as `HashRouter`'s: the screen shown stays
 * until the next one has loaded, while the address changes at once, as for any link to a fragment (decision 0034).
 */
export function AppHashRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => UNSAFE_createHashHistory({ window, v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));

  useLayoutEffect(() => {
    const show = (update: { action: NavigationType; location: Location }) =>
      startTransition(() => setState((shown) => (sameEntry(shown.location, update.location) ? shown : update)));
    const stop = history.listen(show);
    // A change of the address before this effect ran: taken up as the browser's own navigation (POP).
    show({ action: NavigationType.Pop, location: history.location });
    return stop;
  }, [history]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
