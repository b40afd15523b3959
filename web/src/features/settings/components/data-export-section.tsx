import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import { Notice } from '../../../components/ui/notice';
import { useDataExport, useRequestDataExport, useUnlockDataExport } from '../api/data-export';
import { fieldErrorText } from './field-errors';
import { SettingsSection } from './settings-section';
import { StepUpPasswordField } from './step-up-field';

/** The Vienna date of an ISO instant, as `DD.MM.YYYY`. */
const dateOf = (instant: string) => formatDate(isoDateVienna(Date.parse(instant)));

/** A size in bytes as `1,2 MB` / `840 kB`. */
function sizeText(bytes: number): string {
  const mb = bytes / 1_000_000;
  return mb >= 1 ? `${mb.toLocaleString('de-AT', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('de-AT')} kB`;
}

/** A password form with one submit button; `onPassword` answers the server's refusal code, or null when it passed. */
function PasswordForm({ submitLabel, onPassword }: { submitLabel: string; onPassword: (password: string) => Promise<string | null> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ currentPassword: string }>({ defaultValues: { currentPassword: '' } });
  const onSubmit = async ({ currentPassword }: { currentPassword: string }) => {
    if (!currentPassword) {
      setError('currentPassword', { type: 'required', message: 'REQUIRED' }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const code = await onPassword(currentPassword);
      if (code === 'ERROR_PWD_INVALID') setError('currentPassword', { type: 'server', message: 'PASSWORD_INCORRECT' }, { shouldFocus: true });
      else if (code === 'ERROR_INVALID_INPUT') setError('currentPassword', { type: 'server', message: 'REQUIRED' }, { shouldFocus: true });
      else if (code) setFailure(code);
      else reset();
    } catch {
      setFailure('ERROR_INTERNAL');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      {failure ? <Notice tone="error">{t(`dataExport.errors.${failure as 'ERROR_INTERNAL'}`, { defaultValue: t('dataExport.errors.ERROR_INTERNAL') })}</Notice> : null}
      <StepUpPasswordField registration={register('currentPassword')} error={fieldErrorText(t, errors.currentPassword?.message)} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('dataExport.busy') : submitLabel}
      </button>
    </form>
  );
}

/**
 * "Meine Daten herunterladen" in the settings (GDPR Art. 15 and 20; docs/decisions/0052-data-archive.md): asks for a
 * new archive with the password, shows its state (in preparation / ready until DD.MM.YYYY / expired; asked again while
 * in preparation), and for a ready archive asks for the password once more before the download link appears.
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const { data, pending, startPolling, stopPolling, pollMs, refetch } = useDataExport();
  const [request] = useRequestDataExport();
  const [unlock] = useUnlockDataExport();
  const [requested, setRequested] = useState(false);
  const [download, setDownload] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (!pending) return undefined;
    startPolling(pollMs);
    return () => stopPolling();
  }, [pending, pollMs, startPolling, stopPolling]);

  const current = data?.dataExport ?? null;
  const ready = current?.status === 'READY' ? current : null;
  const canRequest = !current || current.status === 'EXPIRED' || current.status === 'READY';

  return (
    <SettingsSection id="data-export" title={t('dataExport.heading')} intro={<p>{t('dataExport.intro')}</p>} success={requested ? t('dataExport.requestedNotice') : undefined}>
      {current ? (
        <div className="settings-section__current">
          <p>
            {current.status === 'PENDING' ? t('dataExport.status.PENDING') : t(`dataExport.status.${current.status}`, { date: current.expiresAt ? dateOf(current.expiresAt) : '' })}
          </p>
          <p>{t('dataExport.requested', { date: dateOf(current.requestedAt) })}</p>
          {ready?.byteSize ? <p>{t('dataExport.size', { size: sizeText(ready.byteSize) })}</p> : null}
          {current.status === 'PENDING' ? (
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              {t('dataExport.refresh')}
            </button>
          ) : null}
        </div>
      ) : null}
      {ready ? (
        download && download.id === ready.id ? (
          <p>
            <a className="button" href={download.url} download>
              {t('dataExport.download')}
            </a>{' '}
            {t('dataExport.downloadValidity', { minutes: 5 })}
          </p>
        ) : (
          <>
            <h3>{t('dataExport.download')}</h3>
            <p>{t('dataExport.downloadIntro')}</p>
            <PasswordForm
              submitLabel={t('dataExport.unlock')}
              onPassword={async (password) => {
                const answer = await unlock(ready.id, password);
                if (answer?.ok) setDownload({ id: ready.id, url: answer.ok.url });
                return answer?.ok ? null : (answer?.error?.code ?? 'ERROR_INTERNAL');
              }}
            />
          </>
        )
      ) : null}
      {canRequest ? (
        <>
          {ready ? <h3>{t('dataExport.requestAgain')}</h3> : null}
          <PasswordForm
            submitLabel={ready ? t('dataExport.requestAgain') : t('dataExport.request')}
            onPassword={async (password) => {
              const answer = await request(password);
              if (answer?.ok) {
                setRequested(true);
                setDownload(null);
              }
              return answer?.ok ? null : (answer?.error?.code ?? 'ERROR_INTERNAL');
            }}
          />
        </>
      ) : null}
    </SettingsSection>
  );
}
