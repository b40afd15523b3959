import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { paths } from '../../../config/paths';
import { resetAnalyticsUser } from '../../../lib/analytics';
import { broadcastAuth } from '../../../lib/auth-channel';
import type { NavigationState } from '../../../lib/navigation-state';
import { notifySessionEnd } from '../../../lib/request';
import { sessionTimings } from '../../../lib/session-timings';
import { useKeepAlive } from '../api/keep-alive';
import { useLogOut } from '../api/log-out';
import { announcedSeconds, idlePhase, keepAliveDue, type IdlePhase } from './idle-state';
import '../session-watch.css';

/** Last activity in any tab of the portal, so that a member working in one tab is not logged out by another. */
const ACTIVITY_KEY = 'mvbv-activity';
/** Activity is shared at most this often (localStorage writes fire events in every other tab). */
const SHARE_EVERY_MS = 5_000;
/** How often the watch looks at the clock. */
const TICK_MS = 250;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/** Tells the other tabs of activity at `now` (a `storage` event there). */
function shareActivity(now: number): void {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(now));
  } catch {
    // Not shared: each tab then watches its own activity.
  }
}

function readSharedActivity(): number {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Watches the logged-in member's activity (spec 000 sections 4 and 9): after `idleWarningSeconds` without activity a
 * warning dialog counts down 30 seconds, announced in a live region; a key press (or the button) keeps the session,
 * otherwise the member is logged out, the other tabs are told (`timeout`), and the login shows the timeout notice.
 * While the member is active, `keepAlive` runs every 180 s. Timings can be shortened for tests
 * (lib/session-timings.ts).
 */
export function SessionWatch({ idleWarningSeconds }: { idleWarningSeconds: number }) {
  const { t } = useTranslation();
  const textId = useId();
  const navigate = useNavigate();
  const [keepAlive] = useKeepAlive();
  const [logOut] = useLogOut();
  const timings = useMemo(() => sessionTimings(idleWarningSeconds), [idleWarningSeconds]);
  const [phase, setPhase] = useState<IdlePhase>({ phase: 'active' });
  const lastActivity = useRef(0);
  const lastShared = useRef(0);
  const lastKeepAlive = useRef(0);
  const warningSince = useRef<number | null>(null);
  const loggingOut = useRef(false);

  const sendKeepAlive = useCallback(
    async (now: number) => {
      lastKeepAlive.current = now;
      try {
        const { data } = await keepAlive();
        if (data && !data.keepAlive.loggedIn) notifySessionEnd('timeout');
      } catch {
        // A failing call reports the end of the session through the request layer; anything else is tried again.
      }
    },
    [keepAlive],
  );

  // "Angemeldet bleiben" or a key during the warning: at once also for every other tab, whose warning then closes
  // (otherwise the other tab would log both out 30 s later).
  const stay = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    lastShared.current = now;
    shareActivity(now);
    warningSince.current = null;
    setPhase({ phase: 'active' });
    void sendKeepAlive(now);
  }, [sendKeepAlive]);

  // The watch below runs once per timings; it reaches the latest callbacks through this ref.
  const actions = useRef({ stay, sendKeepAlive, logOut, navigate });
  useEffect(() => {
    actions.current = { stay, sendKeepAlive, logOut, navigate };
  });

  useEffect(() => {
    const start = Date.now();
    lastActivity.current = start;
    lastKeepAlive.current = start;
    const keepSession = () => actions.current.stay();

    const markActivity = (event: Event) => {
      // While the warning shows, only a key press keeps the session (the button calls `stay` itself).
      if (warningSince.current !== null) {
        if (event.type === 'keydown') keepSession();
        return;
      }
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastShared.current >= SHARE_EVERY_MS) {
        lastShared.current = now;
        shareActivity(now);
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACTIVITY_KEY) return;
      const shared = readSharedActivity();
      if (shared <= lastActivity.current) return;
      if (warningSince.current !== null) keepSession();
      else lastActivity.current = shared;
    };

    const tick = () => {
      if (loggingOut.current) return;
      const now = Date.now();
      const next = idlePhase({ now, lastActivity: lastActivity.current, warningSince: warningSince.current, timings });
      if (next.phase === 'logout') {
        loggingOut.current = true;
        void actions.current
          .logOut()
          .catch(() => undefined)
          .then(() => {
            broadcastAuth('timeout');
            resetAnalyticsUser();
            const state: NavigationState = { notice: 'timeout' };
            return actions.current.navigate(paths.login.getHref(), { replace: true, state });
          });
        return;
      }
      if (next.phase === 'warning') {
        warningSince.current ??= now;
        setPhase((current) => (current.phase === 'warning' && current.secondsLeft === next.secondsLeft ? current : next));
        return;
      }
      if (keepAliveDue({ now, lastActivity: lastActivity.current, lastKeepAlive: lastKeepAlive.current, timings })) {
        void actions.current.sendKeepAlive(now);
      }
    };

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActivity, { capture: true, passive: true });
    window.addEventListener('storage', onStorage);
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
      window.clearInterval(timer);
    };
  }, [timings]);

  if (phase.phase !== 'warning') return null;
  return (
    <ModalDialog title={t('session.warningTitle')} role="alertdialog" describedBy={textId}>
      <div id={textId}>
        <p>{t('session.warningText')}</p>
        <p className="session-warning__countdown" role="timer" aria-atomic="true">
          {t('session.countdown', { count: phase.secondsLeft })}
        </p>
      </div>
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {t('session.countdown', { count: announcedSeconds(phase.secondsLeft) })}
      </p>
      <p className="muted">{t('session.stayHint')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={stay}>
          {t('session.stay')}
        </button>
      </div>
    </ModalDialog>
  );
}
