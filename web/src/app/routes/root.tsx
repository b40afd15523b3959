import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { onSessionEnd, type SessionEndReason } from '../../lib/request';

const NOTICE_BY_REASON: Record<SessionEndReason, 'timeout' | 'failure' | undefined> = {
  timeout: 'timeout',
  failure: 'failure',
  unauthenticated: undefined,
};

/**
 * Root of every route: sends the member to /login when the session ends (spec 000 section 4 "Session end"), restores
 * scroll positions, and moves focus to the new page's heading after a navigation so screen readers announce it.
 */
export function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApolloClient();
  useEffect(
    () =>
      onSessionEnd((reason) => {
        void client.clearStore();
        // Read the address at the time of the call: the listener lives as long as the app.
        const currentPath = window.location.hash.replace(/^#/, '').split('?')[0];
        if (currentPath === paths.login.getHref()) return;
        void navigate(paths.login.getHref(), { replace: true, state: { notice: NOTICE_BY_REASON[reason] } });
      }),
    [client, navigate],
  );

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if ((location.state as { keepFocus?: boolean } | null)?.keepFocus) return;
    const main = document.getElementById('content');
    const target = main?.querySelector<HTMLElement>('h1[tabindex="-1"]') ?? main;
    target?.focus({ preventScroll: true });
  }, [location.pathname, location.state]);

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
