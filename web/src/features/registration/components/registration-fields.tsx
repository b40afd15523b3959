import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { paths } from '../../../config/paths';
import type { RegistrationCodeKind } from '../../../gql/graphql';
import { CheckboxField, TextField } from './form-fields';
import { formatSvnrInput } from './svnr-format';

/** What a form gives one of its fields: the input id, react-hook-form's `register(name)` and the shown error. */
interface FormFieldProps {
  id: string;
  field: UseFormRegisterReturn;
  error?: string;
}

/** The social insurance number (spec 000 section 5 "SVNR"): 10 digits, grouped as typed (`1234 010180`). */
export function SvnrField({ id, field, error }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('registration.field.svnr')}
      hint={t('registration.field.svnrHint')}
      error={error}
      field={field}
      inputMode="text"
      autoComplete="off"
      maxLength={16}
      format={formatSvnrInput}
    />
  );
}

/** The member's last name, as the fund has it. */
export function LastNameField({ id, field, error }: FormFieldProps) {
  const { t } = useTranslation();
  return <TextField id={id} label={t('registration.field.lastName')} error={error} field={field} autoComplete="family-name" maxLength={200} />;
}

/** An e-mail address (or its repetition) under the given label. */
export function EmailField({ id, field, error, label, hint }: FormFieldProps & { label: string; hint?: ReactNode }) {
  return <TextField id={id} label={label} hint={hint} error={error} field={field} type="email" inputMode="email" autoComplete="email" />;
}

/** Accepting the terms of use (spec 000 section 9), with the terms a link away in a new tab. */
export function TermsField({ id, field, error }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      id={id}
      label={t('registration.field.termsAccepted')}
      hint={
        <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
          {t('registration.field.termsLink')} <span className="visually-hidden">{t('layout.newTab')}</span>
        </a>
      }
      error={error}
      field={field}
    />
  );
}

/** The form's one action: submitting it, disabled while `busy`. */
export function SubmitAction({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className="registration-actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {label}
      </button>
    </div>
  );
}

/** The way back to the login, under every registration and password screen. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="registration-links">
      <Link to={paths.login.getHref()}>{t('registration.backToLogin')}</Link>
    </p>
  );
}

/**
 * The choice between a registration code and the first password (spec 001 sections 8 and 9): in the registration
 * what the member registers with (`registration.field.codeKind…`), on the code order what is sent
 * (`registration.orderCode.kind…`). `texts` is the catalogue key of the question; the options' labels and hints
 * follow it (`…Code`, `…CodeHint`, `…FirstPassword`, `…FirstPasswordHint`).
 */
export function CodeKindChoice({
  texts,
  value,
  onChange,
}: {
  texts: 'registration.field.codeKind' | 'registration.orderCode.kind';
  value: RegistrationCodeKind;
  onChange: (kind: RegistrationCodeKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup<RegistrationCodeKind>
      legend={t(texts)}
      value={value}
      onChange={onChange}
      choices={[
        { value: 'REGISTRATION_CODE', label: t(`${texts}Code`), hint: t(`${texts}CodeHint`) },
        { value: 'FIRST_PASSWORD', label: t(`${texts}FirstPassword`), hint: t(`${texts}FirstPasswordHint`) },
      ]}
    />
  );
}
