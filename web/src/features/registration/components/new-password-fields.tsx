import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './form-fields';
import { PasswordChecklist } from './password-checklist';

type NewPasswordName = 'newPassword' | 'newPasswordConfirmation';

export interface NewPasswordFieldsProps {
  /** Element ids of the two inputs and of the rules checklist (unique per page). */
  ids: Record<NewPasswordName | 'rules', string>;
  /** The new password as typed, for the live checklist. */
  password: string;
  /** The form's register function and its field messages (react-hook-form, `useFormSummary`). */
  field: (name: NewPasswordName) => UseFormRegisterReturn;
  fieldError: (name: NewPasswordName) => string | undefined;
}

/**
 * The new password with the live rules checklist (spec 000 section 5: 10 to 100 characters, lower case incl. umlauts
 * and ß, upper case, special character, digit), then its confirmation: the pair /pwdReset and /pwdChange share.
 */
export function NewPasswordFields({ ids, password, field, fieldError }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={ids.newPassword}
        label={t('registration.field.newPassword')}
        error={fieldError('newPassword')}
        field={field('newPassword')}
        autoComplete="new-password"
        extraDescribedBy={ids.rules}
        after={<PasswordChecklist id={ids.rules} password={password} />}
      />
      <PasswordField
        id={ids.newPasswordConfirmation}
        label={t('registration.field.newPasswordConfirmation')}
        error={fieldError('newPasswordConfirmation')}
        field={field('newPasswordConfirmation')}
        autoComplete="new-password"
      />
    </>
  );
}
