import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loadApollo, loadedApollo } from '../../../app/load-apollo';
import { useClientConfig } from '../../../lib/client-config';
import { servedFrameAudience, useReleasePrerender } from '../../../lib/prerender';
import { withTimeout } from '../../../lib/with-timeout';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { siteLinks } from '../../../config/links';
import { paths, type TenantId } from '../../../config/paths';
import type { ActivationStatus, LoginInput, LoginStatus } from '../../../gql/graphql';
import { onAuthMessage } from '../../../lib/auth-channel';
import { LOGIN_NOTICES, noticeOf, type LoginNotice, type NavigationState } from '../../../lib/navigation-state';
import { queryParam } from '../../../lib/url-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { activationIdFrom } from './activation-link';
import { AnnouncementBanner } from './announcement-banner';
import { EidLoginButton } from './eid-login-button';
import { loginErrorPlacement } from './login-errors';
import { isErrorStatus, isLoginStatus } from './login-flow';
import type { LoginCallsApi } from './login-calls';
import { LoginForm } from './login-form';
import { PasskeyLoginButton } from './passkey-login-button';
import { RegistrationBox } from './registration-box';
import { useLoginFlow } from './use-login-flow';
import { VersionLine } from './version-line';
import '../login.css';

/**
 * How the login screen was reached (spec 000 section 2): `/login`, `/activation` (activation flag), `/qr` (qr flag)
 * or `/eid` (the answer of the electronic-ID login; no session check, never sends itself to the login).
 */
export type LoginMode = 'login' | 'activation' | 'qr' | 'eid';

type ActivationResult = ActivationStatus | 'pending';

/** The electronic-ID answer the /eid route was opened with. */
type EidAnswer = { status: LoginStatus } | { error: 'INCOMPLETE' | 'NOT_LINKED' } | null;

function eidAnswerOf(status: string | null, error: string | null): EidAnswer {
  if (error === 'NOT_LINKED') return { error: 'NOT_LINKED' };
  if (error !== null) return { error: 'INCOMPLETE' };
  if (status === null) return null;
  return isLoginStatus(status) ? { status } : { error: 'INCOMPLETE' };
}

/** The login page's calls (web/src/features/session/components/login-calls.tsx): a lazy chunk with Apollo's hooks. */
const loadLoginCalls = () => withTimeout(import('./login-calls'));

/** Apollo Client and the login page's calls, loaded together (once; a failed load is tried again on the next call). */
function loadCallsModule() {
  return Promise.all([loadApollo(), loadLoginCalls()]).then(([apollo, calls]) => ({ WithApollo: apollo.WithApollo, LoginCalls: calls.LoginCalls }));
}

type CallsModule = Awaited<ReturnType<typeof loadCallsModule>>;

/**
 * Whether the quiet session check must run before the form shows: not in the electronic-ID flow, and not when the
 * server sent the visitor's frame with this page (it does so only without a session cookie,
 * server/http/prerendered-index.ts) and nothing has been sent since (Apollo Client not loaded, so no login in this
 * page's life).
 */
function sessionCheckNeeded(inEidFlow: boolean): boolean {
  // The build's prerender (no window) renders the form, as the page shows it before any answer.
  if (typeof window === 'undefined') return false;
  return !inEidFlow && (servedFrameAudience() !== 'visitor' || loadedApollo() !== undefined);
}

/**
 * The login page's calls, loaded when `needed` (decision 0034): Apollo Client and `LoginCalls`. `logIn` waits for
 * them when the member sends the form first (it starts the load), and fails as a failed call when they cannot load.
 */
function useLoginCalls(needed: boolean) {
  const [module, setModule] = useState<CallsModule | null>(null);
  const [failed, setFailed] = useState(false);
  const api = useRef<LoginCallsApi | null>(null);
  const waiting = useRef<{ resolve: (api: LoginCallsApi) => void; reject: (error: unknown) => void }[]>([]);
  const load = useCallback(() => {
    const loading = loadCallsModule();
    loading.then(setModule, (error: unknown) => {
      setFailed(true);
      for (const w of waiting.current.splice(0)) w.reject(error);
    });
    return loading;
  }, []);
  useEffect(() => {
    if (needed) void load().catch(() => undefined);
  }, [needed, load]);
  const onReady = useCallback((ready: LoginCallsApi) => {
    api.current = ready;
    for (const w of waiting.current.splice(0)) w.resolve(ready);
  }, []);
  /** The calls once they are loaded (starting the load when they are not). */
  const ready = useCallback(async (): Promise<LoginCallsApi> => {
    if (api.current) return api.current;
    const loaded = new Promise<LoginCallsApi>((resolve, reject) => waiting.current.push({ resolve, reject }));
    setFailed(false);
    await load();
    return await loaded;
  }, [load]);
  const logIn = useCallback(async (input: LoginInput) => (await ready()).logIn(input), [ready]);
  const passkeyLogIn = useCallback(async () => (await ready()).passkeyLogIn(), [ready]);
  return { module, failed, onReady, logIn, passkeyLogIn };
}

/**
 * The login screen: a quiet session check (a valid session goes to the dashboard), the notices (session end,
 * activation, electronic ID, a stopped login flow), the announcement, the eID button, the form with the login flow's
 * dialogs, the passkey login below it (docs/decisions/0047-passkeys.md), the links, and for the main tenant the registration box and the version line. The tenant is the client
 * configuration's; `tenant` stands in without one (the build's prerender knows it, web/src/prerender). The form shows
 * before Apollo Client has loaded; the calls load when they are needed (`LoginCalls`, decision 0034).
 */
export function LoginPage({ mode = 'login', tenant = 'main' }: { mode?: LoginMode; tenant?: TenantId }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const inEidFlow = mode === 'eid';
  const config = useClientConfig();
  const [checkSession] = useState(() => sessionCheckNeeded(inEidFlow));
  const [sessionAnswer, setSessionAnswer] = useState<boolean | null>(null);
  const [interacted, setInteracted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [email, setEmail] = useState<string | null>(null);
  const flow = useLoginFlow({
    email,
    onDone: () => setFormKey((key) => key + 1),
    returnTo: inEidFlow ? queryParam('returnTo') : null,
  });
  useDocumentTitle(t('login.pageTitle'));

  // A notice handed over by another screen is shown once: it is taken out of the history entry, so that it does not
  // come back with the browser's back button after the member has left the login.
  const [routeNotice, setRouteNotice] = useState<LoginNotice | null>(() => noticeOf(location.state, LOGIN_NOTICES));
  useEffect(() => {
    if (noticeOf(location.state, LOGIN_NOTICES) === null) return;
    // Only while that entry is still the address: a link opened meanwhile (the address changed before this screen had
    // rendered) is not replaced by the login again.
    if (window.location.hash !== `#${location.pathname}${location.search}`) return;
    const state: NavigationState = { keepFocus: true };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state });
  }, [location, navigate]);

  // Activation link (/activation?id=… or an id after "=" in the hash): activated on load and whenever the id changes.
  const activationId = mode === 'activation' ? activationIdFrom({ search: window.location.search, hash: window.location.hash }) : null;
  const [activation, setActivation] = useState<{ id: string; result: ActivationResult } | null>(null);
  const onActivation = useCallback((id: string, result: ActivationStatus) => setActivation({ id, result }), []);
  const calls = useLoginCalls(checkSession || activationId !== null || inEidFlow || interacted);
  // Without its calls the page cannot check: the form shows, and an activation link says it failed.
  const activationResult: ActivationResult | null = activationId ? (activation?.id === activationId ? activation.result : calls.failed ? 'ERROR' : 'pending') : null;

  // The electronic-ID answer: a login status runs the login flow like a login answer; errors are explained.
  const eidAnswer = inEidFlow ? eidAnswerOf(queryParam('status'), queryParam('error')) : null;
  const eidStatus = eidAnswer && 'status' in eidAnswer ? eidAnswer.status : null;
  const startedEidStatus = useRef<string | null>(null);
  const { start } = flow;
  useEffect(() => {
    if (!eidStatus || isErrorStatus(eidStatus) || startedEidStatus.current === eidStatus) return;
    startedEidStatus.current = eidStatus;
    start(eidStatus);
  }, [eidStatus, start]);

  // A login in another tab sends this tab to the dashboard, except in the electronic-ID flow.
  useEffect(() => {
    if (inEidFlow) return undefined;
    return onAuthMessage((message) => {
      if (message.type === 'login') void navigate(paths.dashboard.getHref(), { replace: true });
    });
  }, [inEidFlow, navigate]);

  const toDashboard = checkSession && sessionAnswer === true;
  const checking = checkSession && sessionAnswer === null && !calls.failed;
  // The login screen prerendered into index.html stays until the form shows here (web/src/lib/prerender.ts).
  useReleasePrerender(!toDashboard && !checking);

  // The calls stay mounted whatever the page shows (a started activation or check is not sent twice).
  const callsPart = calls.module ? (
    <calls.module.WithApollo>
      <calls.module.LoginCalls checkSession={checkSession} activationId={activationId} onSession={setSessionAnswer} onActivation={onActivation} onReady={calls.onReady} />
      {flow.dialog}
    </calls.module.WithApollo>
  ) : null;
  const shown = (content: ReactNode) => (
    <>
      {content}
      {callsPart}
    </>
  );
  if (toDashboard) return shown(<Navigate to={paths.dashboard.getHref()} replace />);
  if (checking) return shown(<LoadingState label={t('login.checkingSession')} />);

  const isMainTenant = config ? config.tenant !== 'REGIONAL' : tenant === 'main';
  const newTab = t('layout.newTab');
  const eidProblem =
    eidAnswer && 'error' in eidAnswer
      ? t(`login.eid.${eidAnswer.error}`)
      : eidStatus && isErrorStatus(eidStatus)
        ? t(loginErrorPlacement(eidStatus).form ?? loginErrorPlacement(eidStatus).email?.key ?? 'login.error.loginDataInvalid')
        : null;

  const page = (
    <div className={isMainTenant ? 'login-page' : 'login-page login-page--single'}>
      <section className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title" tabIndex={-1}>
          {t('login.heading')}
        </h1>
        <p className="lead">{t('login.intro')}</p>
        {config ? <AnnouncementBanner config={config} /> : null}
        {routeNotice ? (
          <Notice tone={routeNotice === 'loggedOut' || routeNotice === 'pwdResetSuccess' || routeNotice === 'accessDeleted' ? 'success' : 'warning'}>
            {t(`login.notice.${routeNotice}`)}
          </Notice>
        ) : null}
        {activationResult && activationResult !== 'pending' ? (
          <Notice tone={activationResult === 'SUCCESSFUL' || activationResult === 'ALREADY_ACTIVATED' ? 'success' : 'error'}>
            {t(`login.activation.${activationResult}`)}
            {activationResult === 'ERROR_LINK_EXPIRED' ? (
              <>
                {' '}
                <a href={`#${paths.registration.getHref()}`}>{t('login.activation.registerAgain')}</a>
              </>
            ) : null}
          </Notice>
        ) : null}
        {eidProblem ? <Notice tone="error">{eidProblem}</Notice> : null}
        {flow.problem ? <Notice tone="error">{t(flow.problem)}</Notice> : null}
        {config ? <EidLoginButton config={config} /> : null}
        <LoginForm
          key={formKey}
          logIn={calls.logIn}
          onInteract={() => setInteracted(true)}
          entryViaQrCode={mode === 'qr'}
          flowRunning={flow.busy || flow.dialog !== null}
          onAttempt={() => {
            setRouteNotice(null);
            flow.prepare();
          }}
          onProceed={(status, loginEmail) => {
            setEmail(loginEmail);
            flow.start(status);
          }}
        />
        <PasskeyLoginButton
          passkeyLogIn={calls.passkeyLogIn}
          busy={flow.busy || flow.dialog !== null}
          onAttempt={() => {
            setRouteNotice(null);
            flow.prepare();
          }}
          onProceed={(status) => {
            setEmail(null);
            flow.start(status);
          }}
        />
        <nav aria-label={t('login.links.label')}>
          <ul className="link-list">
            <li>
              <a href={`#${paths.pwdLost.getHref()}`}>{t('login.links.pwdLost')}</a>
            </li>
            <li>
              <a href={`#${paths.registration.getHref()}`}>{t('login.links.registration')}</a>
            </li>
            <li>
              <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
                {t('login.links.termsOfUse')} <span className="visually-hidden">{newTab}</span>
              </a>
            </li>
            <li>{isMainTenant ? <a href={siteLinks.main.help}>{t('login.links.help')}</a> : <a href={siteLinks.regional.privacy}>{t('login.links.privacy')}</a>}</li>
          </ul>
        </nav>
      </section>
      {isMainTenant ? <RegistrationBox /> : null}
      {config && isMainTenant ? <VersionLine config={config} /> : null}
      {activationResult === 'pending' ? <BusyOverlay label={t('login.activation.busy')} /> : null}
      {flow.busy ? <BusyOverlay label={t('state.wait')} /> : null}
    </div>
  );
  return shown(page);
}
