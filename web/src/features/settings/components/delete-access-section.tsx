import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { deleteAccessInput, deleteAccessSchema } from '@contract/profile';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { DeleteAccessSection_RetentionFactsFragmentFragment } from '../../../gql/graphql';
import { resetAnalyticsUser } from '../../../lib/analytics';
import { broadcastAuth } from '../../../lib/auth-channel';
import type { NavigationState } from '../../../lib/navigation-state';
import { useDeleteAccess } from '../api/delete-access';
import { fieldErrorText } from './field-errors';
import { formSchema, useSchemaForm } from './form-schema';
import { SettingsSection } from './settings-section';
import { CurrentPasswordField } from '../../../components/ui/text-field';

export const DeleteAccessSectionFragment = graphql(`
  fragment DeleteAccessSection_RetentionFactsFragment on RetentionFacts {
    loginDataYearsAfterDeactivation
    logFileDays
    maxRetentionYears
    accessYearsAfterPayout
  }
`);

const schema = formSchema(deleteAccessSchema, deleteAccessInput);
type Values = z.output<typeof schema>;

/** The confirmation dialog: password and the tick that the member understood; static, closed only by its buttons. */
function DeleteAccessDialog({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const confirmId = useId();
  const [deleteAccess, { loading }] = useDeleteAccess();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(schema, { currentPassword: '', confirmed: false });

  const onSubmit = async (values: Values) => {
    setFailed(false);
    try {
      const answer = await deleteAccess(values.currentPassword);
      if (answer?.ok) {
        onDeleted();
      } else if (answer?.error?.code === 'ERROR_PWD_INVALID') {
        setError('currentPassword', { type: 'server', message: 'PASSWORD_INCORRECT' }, { shouldFocus: true });
      } else {
        const confirmation = answer?.error?.fieldErrors.find((error) => error.field === 'confirmed');
        const password = answer?.error?.fieldErrors.find((error) => error.field === 'currentPassword');
        if (confirmation) setError('confirmed', { type: 'server', message: confirmation.code });
        if (password) setError('currentPassword', { type: 'server', message: password.code }, { shouldFocus: true });
        if (!confirmation && !password) setFailed(true);
      }
    } catch {
      setFailed(true);
    }
  };

  const confirmError = fieldErrorText(t, errors.confirmed?.message, 'confirmed');
  return (
    <ModalDialog title={t('settings.deleteAccess.dialogTitle')} describedBy={textId} busy={loading} busyLabel={t('settings.deleteAccess.busy')}>
      <p id={textId}>{t('settings.deleteAccess.dialogText')}</p>
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <CurrentPasswordField
          label={t('settings.deleteAccess.password')}
          registration={register('currentPassword')}
          error={fieldErrorText(t, errors.currentPassword?.message, 'currentPassword')}
        />
        <div className={confirmError ? 'checkbox field--invalid' : 'checkbox'}>
          <input
            id={confirmId}
            type="checkbox"
            aria-invalid={Boolean(confirmError)}
            aria-describedby={confirmError ? `${confirmId}-error` : undefined}
            {...register('confirmed')}
          />
          <div>
            <label htmlFor={confirmId}>{t('settings.deleteAccess.confirm')}</label>
            {confirmError ? (
              <p id={`${confirmId}-error`} className="field__error">
                {confirmError}
              </p>
            ) : null}
          </div>
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={loading}>
            {t('settings.deleteAccess.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={loading}>
            {t('settings.deleteAccess.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * Deleting the portal access (spec 001 section 2 "deleting access"): the data-retention facts first, then a
 * confirmation dialog with the password. After the deletion every session has ended; the member is sent to the login
 * with a notice, and other tabs are told (`logout` under mvbv-auth).
 */
export function DeleteAccessSection({ facts }: { facts: DeleteAccessSection_RetentionFactsFragmentFragment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const onDeleted = () => {
    broadcastAuth('logout');
    resetAnalyticsUser();
    const state: NavigationState = { notice: 'accessDeleted' };
    void navigate(paths.login.getHref(), { replace: true, state });
  };

  return (
    <SettingsSection id="delete-access" title={t('settings.deleteAccess.heading')} intro={<p>{t('settings.deleteAccess.intro')}</p>}>
      <h3>{t('settings.deleteAccess.factsTitle')}</h3>
      <ul className="settings-facts">
        <li>{t('settings.deleteAccess.loginData', { count: facts.loginDataYearsAfterDeactivation })}</li>
        <li>{t('settings.deleteAccess.logFiles', { count: facts.logFileDays })}</li>
        <li>{t('settings.deleteAccess.retention', { count: facts.maxRetentionYears })}</li>
        <li>{t('settings.deleteAccess.afterPayout', { count: facts.accessYearsAfterPayout })}</li>
      </ul>
      <button type="button" className="button button--danger-outline" onClick={() => setOpen(true)}>
        {t('settings.deleteAccess.open')}
      </button>
      {open ? <DeleteAccessDialog onCancel={() => setOpen(false)} onDeleted={onDeleted} /> : null}
    </SettingsSection>
  );
}
