import './settings.css';
import { useTranslation } from 'react-i18next';
import { formatInsuranceNumber } from '@contract/svnr';
import { DescriptionList } from '../../../components/ui/description-list';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths, tenantIdOf, tenantOffers } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSettings } from '../api/get-settings';
import { AddressSection } from './address-section';
import { BankDetailsSection } from './bank-details-section';
import { ChangeHistorySection } from './change-history-section';
import { ConsentSection } from './consent-section';
import { DataExportSection } from './data-export-section';
import { DeleteAccessSection } from './delete-access-section';
import { EmailSection } from './email-section';
import { PasskeySection } from './passkey-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { SignedInDevicesSection } from './signed-in-devices-section';

/** Sections in page order, for the table of contents. */
const SECTIONS = [
  { id: 'email', key: 'settings.email.heading' },
  { id: 'password', key: 'settings.password.heading' },
  { id: 'passkeys', key: 'passkeys.heading' },
  { id: 'devices', key: 'devices.heading' },
  { id: 'address', key: 'settings.address.heading' },
  { id: 'phone', key: 'settings.phone.heading' },
  { id: 'bank', key: 'settings.bank.heading' },
  { id: 'consent', key: 'settings.consent.heading' },
  { id: 'data-export', key: 'dataExport.heading' },
  { id: 'delete-access', key: 'settings.deleteAccess.heading' },
  { id: 'history', key: 'settings.history.heading' },
] as const;

/**
 * Profile settings, /einstellungen (spec 001 section 2 "Profile"): e-mail, password, address, phone, bank details, newsletter
 * and electronic delivery, deleting the access, and the member's change log. Each section is its own form with its
 * own success notice; one query loads the stored values of all of them.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { data, error, refetch } = useSettings();
  useDocumentTitle(t('settings.pageTitle'));

  let body;
  if (!data) {
    body = error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  } else if (!data.me) {
    body = <ErrorState onRetry={() => void refetch()} />;
  } else {
    const { me } = data;
    const tenant = tenantIdOf(data.clientConfig.tenant);
    const pensionFundOffered = tenantOffers(tenant, 'pensionAccount');
    const hasConsent = (pensionFundOffered && me.pensionContracts.length > 0) || me.severanceAccounts.length > 0;
    const sections = SECTIONS.filter((section) => section.id !== 'consent' || hasConsent);
    body = (
      <>
        {/* The insurance number is shown, not changed here (spec 000 section 5: a 10-digit number grouped 4-2-2-rest). */}
        <DescriptionList items={[{ key: 'svnr', term: t('settings.insuranceNumber'), value: formatInsuranceNumber(me.svnr) }]} />
        <nav className="settings-toc" aria-label={t('settings.toc')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${paths.settings.getHref()}`}
                  onClick={(event) => {
                    // The hash belongs to the router: move to the section without changing the address.
                    event.preventDefault();
                    const target = document.getElementById(section.id);
                    target?.scrollIntoView({ block: 'start' });
                    target?.focus({ preventScroll: true });
                  }}
                >
                  {t(section.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-sections">
          <EmailSection person={me} />
          <PasswordSection />
          <PasskeySection />
          <SignedInDevicesSection />
          <AddressSection person={me} />
          <PhoneSection person={me} />
          <BankDetailsSection person={me} />
          <ConsentSection person={me} pensionFundOffered={pensionFundOffered} />
          <DataExportSection />
          <DeleteAccessSection facts={data.retentionFacts} />
          <ChangeHistorySection person={me} />
        </div>
      </>
    );
  }

  return (
    <div className="settings-page">
      <h1 tabIndex={-1}>{t('settings.heading')}</h1>
      <p className="lead">{t('settings.intro')}</p>
      {body}
    </div>
  );
}
