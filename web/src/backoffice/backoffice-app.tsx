import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../components/ui/loading-state';
import { AuditScreen } from './audit-screen';
import { BankChangesScreen } from './bank-changes-screen';
import { ClaimsScreen } from './claims-screen';
import { EventsScreen } from './events-screen';
import { MessagesScreen } from './messages-screen';
import { PasswordScreen } from './password-screen';
import { QueuesScreen } from './queues-screen';
import { AREAS, areasOf, Shell, SignedOutFrame, type Area } from './shell';
import { SignInScreen } from './sign-in-screen';
import { StaffScreen } from './staff-screen';
import { currentStaff, signOut, type StaffPerson } from './staff-session';

type State = { phase: 'loading' } | { phase: 'signed-out'; notice?: string } | { phase: 'signed-in'; person: StaffPerson };

/** The area named by the location's hash (`#/claims`) when the role has it, else the role's start. */
function areaOf(hash: string, areas: readonly Area[]): Area {
  const name = hash.replace(/^#\/?/, '');
  return areas.find((area) => area === name) ?? areas[0]!;
}

/**
 * The workbench (decision 0054): asks `GET /fund/staff/me` for a live session, then shows the sign-in, the forced
 * password change, or the shell with the area of the location's hash. `onReset` clears Apollo's cache, so nothing of
 * one session's answers is shown to the next.
 */
export function BackofficeApp({ onReset }: { onReset: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [hash, setHash] = useState(window.location.hash);
  const area = areaOf(hash, state.phase === 'signed-in' ? areasOf(state.person.role) : AREAS);

  useEffect(() => {
    void currentStaff().then((person) => setState(person ? { phase: 'signed-in', person } : { phase: 'signed-out' }));
    const onHash = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    document.title = t('backoffice.documentTitle', {
      page: state.phase === 'signed-in' ? t(`backoffice.shell.nav.${area}`) : t('backoffice.signIn.submit'),
    });
  }, [t, state.phase, area]);

  const endSession = useCallback(
    async (notice: string) => {
      await signOut();
      await onReset();
      setState({ phase: 'signed-out', notice });
    },
    [onReset],
  );
  const onIdleEnd = useCallback(() => void endSession(t('backoffice.signIn.idleEnded')), [endSession, t]);

  if (state.phase === 'loading') return <LoadingState />;
  if (state.phase === 'signed-out') {
    return (
      <SignedOutFrame>
        <SignInScreen notice={state.notice} onSignedIn={(person) => setState({ phase: 'signed-in', person })} />
      </SignedOutFrame>
    );
  }
  if (state.person.mustChangePassword) {
    return (
      <SignedOutFrame>
        <PasswordScreen
          onChanged={() => setState({ phase: 'signed-in', person: { ...state.person, mustChangePassword: false } })}
          onSessionEnded={() => setState({ phase: 'signed-out', notice: t('backoffice.password.error.SESSION_INVALID') })}
        />
      </SignedOutFrame>
    );
  }
  const shown = area;
  return (
    <Shell person={state.person} area={shown} onSignOut={() => void endSession(t('backoffice.signIn.signedOut'))} onIdleEnd={onIdleEnd}>
      {shown === 'audit' ? <AuditScreen /> : null}
      {shown === 'claims' ? <ClaimsScreen canChange={state.person.role === 'CLERK' || state.person.role === 'SUPERVISOR'} /> : null}
      {shown === 'queues' ? <QueuesScreen canChange={state.person.role === 'CLERK' || state.person.role === 'SUPERVISOR'} /> : null}
      {shown === 'events' ? <EventsScreen /> : null}
      {shown === 'messages' ? <MessagesScreen canAnswer={state.person.role === 'CLERK' || state.person.role === 'SUPERVISOR'} /> : null}
      {shown === 'staff' ? <StaffScreen /> : null}
      {shown === 'bankChanges' ? <BankChangesScreen /> : null}
    </Shell>
  );
}
