import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { resetAnalyticsUser, trackPageView } from '../../lib/analytics';
import { broadcastAuth, onAuthMessage } from '../../lib/auth-channel';
import { hasSeenLoggedInScreen, type LoginNotice, type NavigationState } from '../../lib/navigation-state';
import { onSessionEnd, type SessionEndReason } from '../../lib/request';
import { useReleasePrerender } from '../../lib/prerender';
import { useScrollRestoration } from '../../lib/scroll-restoration';
import { loadedApollo } from '../load-apollo';

/** Forgets every answer Apollo Client holds (a session end), when it has loaded at all. */
function clearApolloStore(): void {
  void loadedApollo()?.client.clearStore();
}

/** The login notice for a session end; "no session" after a logged-in screen means the session was lost. */
function noticeFor(reason: SessionEndReason): LoginNotice | undefined {
  if (reason === 'unauthenticated') return hasSeenLoggedInScreen() ? 'failure' : undefined;
  // The password was changed in another session: "settings changed" (spec 000 section 2, login notices).
  return reason;
}

/** The hash route's path at the time of the call (listeners live as long as the app, so they read it then). */
function currentRoutePath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
}

/** Routes a session end or another tab's logout does not leave: the login itself and the electronic-ID flow. */
function staysOnEnd(path: string): boolean {
  return path === paths.login.getHref() || path === paths.eid.getHref();
}

/** An activation link with the id after an equals sign (`#/activation=…`), read as `/activation?id=…`. */
function legacyActivationId(pathname: string): string | null {
  const prefix = `${paths.activation.getHref()}=`;
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : null;
}

/**
 * Root of every route (spec 000 sections 2, 4 and 9):
 * - a session end (HTTP 406 → failure notice, HTTP 423 or SESSION_TIMEOUT → timeout notice) forgets the cached data,
 *   tells the other tabs (`timeout` under mvbv-auth) and goes to /login, unless on /login or /eid;
 * - another tab's logout or timeout does the same here, and resets the analytics user id;
 * - each route change is a page view for analytics (with the German window title);
 * - after a navigation, focus moves to the new page's heading so screen readers announce it; scroll is restored.
 */
export function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  useScrollRestoration();

  useEffect(() => {
    const toLogin = (notice: LoginNotice | undefined) => {
      if (staysOnEnd(currentRoutePath())) return;
      const state: NavigationState = { notice };
      void navigate(paths.login.getHref(), { replace: true, state });
    };
    const stopSessionEnd = onSessionEnd((reason) => {
      clearApolloStore();
      if (reason === 'failure' || reason === 'timeout') broadcastAuth('timeout');
      toLogin(noticeFor(reason));
    });
    const stopAuthMessages = onAuthMessage((message) => {
      if (message.type === 'login') return; // the login page handles it
      clearApolloStore();
      resetAnalyticsUser();
      toLogin(message.type === 'timeout' ? 'timeout' : 'loggedOutElsewhere');
    });
    return () => {
      stopSessionEnd();
      stopAuthMessages();
    };
  }, [navigate]);

  // Child effects run first, so the new screen has set its window title by now.
  useEffect(() => {
    trackPageView(window.location.href, document.title);
  }, [location.pathname]);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if ((location.state as NavigationState | null)?.keepFocus) return;
    const main = document.getElementById('content');
    const target = main?.querySelector<HTMLElement>('h1[tabindex="-1"]') ?? main;
    target?.focus({ preventScroll: true });
  }, [location.pathname, location.state]);

  // The first screen has loaded: it replaces the prerendered frame; the login (`/` goes there) does so itself once
  // its form shows.
  useReleasePrerender(location.pathname !== paths.login.path && location.pathname !== paths.root.path);

  const activationId = legacyActivationId(location.pathname);
  if (activationId !== null) return <Navigate to={paths.activation.getHref(activationId)} replace />;

  return <Outlet />;
}
