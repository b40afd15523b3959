import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@contract/format';
import { ModalDialog } from '../components/ui/modal-dialog';
import { currentStaff, type StaffPerson } from './staff-session';
import { useIdleEnd } from './use-idle-end';

/** The workbench's areas, each a hash route (`#/claims`); the first of a role's is its start. */
export const AREAS = ['claims', 'messages', 'queues', 'events', 'audit', 'staff', 'bankChanges'] as const;
export type Area = (typeof AREAS)[number];

/**
 * The areas a role sees: the trail only for the auditor (`staffAudit`, decision 0054); the ADMIN only the staff
 * accounts, the SUPERVISOR the bank account approvals (decision 0059).
 */
export function areasOf(role: StaffPerson['role']): readonly Area[] {
  if (role === 'ADMIN') return ['staff'];
  if (role === 'SUPERVISOR') return ['claims', 'messages', 'queues', 'bankChanges', 'events'];
  return role === 'AUDITOR' ? ['audit', 'claims', 'messages', 'queues', 'events'] : ['claims', 'messages', 'queues', 'events'];
}

/** The page frame of the signed-out screens: the header with the workbench's name, then the screen. */
export function SignedOutFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page backoffice">
      <header className="site-header">
        <div className="site-header__bar backoffice__bar">
          <span className="site-header__title">{t('backoffice.title')}</span>
        </div>
      </header>
      {children}
    </div>
  );
}

interface ShellProps {
  person: StaffPerson;
  area: Area;
  onSignOut: () => void;
  /** The server's 15 idle minutes have passed: back to the sign-in with the catalogue's note. */
  onIdleEnd: () => void;
  children: ReactNode;
}

/**
 * The workbench's frame (decision 0054): header with the signed-in person, role and sign-out; the areas' navigation;
 * the screen. Two minutes before the server ends an idle session an alert dialog offers to stay signed in (a request
 * to `GET /fund/staff/me`, which keeps the session alive); at the end the workbench returns to the sign-in.
 */
export function Shell({ person, area, onSignOut, onIdleEnd, children }: ShellProps) {
  const { t } = useTranslation();
  const { endsAt } = useIdleEnd(onIdleEnd);
  const idleTextId = useId();
  return (
    <div className="page backoffice">
      <header className="site-header">
        <div className="site-header__bar backoffice__bar">
          <span className="site-header__title">{t('backoffice.title')}</span>
          <span className="backoffice__person">{t('backoffice.shell.signedInAs', { name: person.name, role: t(`backoffice.shell.role.${person.role}`) })}</span>
          <button type="button" className="button button--header" onClick={onSignOut}>
            {t('backoffice.shell.signOut')}
          </button>
        </div>
      </header>
      <div className="backoffice__body">
        <nav className="backoffice__nav" aria-label={t('backoffice.shell.navigation')}>
          <ul>
            {areasOf(person.role).map((name) => (
              <li key={name}>
                <a href={`#/${name}`} aria-current={name === area ? 'page' : undefined}>
                  {t(`backoffice.shell.nav.${name}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="backoffice__main">
          {children}
        </main>
      </div>
      {endsAt !== null ? (
        <ModalDialog title={t('backoffice.idle.heading')} role="alertdialog" describedBy={idleTextId}>
          <p id={idleTextId}>{t('backoffice.idle.text', { time: formatLocalTime(new Date(endsAt).toISOString()) })}</p>
          <button type="button" className="button button--primary" onClick={() => void currentStaff()}>
            {t('backoffice.idle.stay')}
          </button>
        </ModalDialog>
      ) : null}
    </div>
  );
}
