import { type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BankCodeField } from '../../../components/ui/bank-code-fields';
import { Notice } from '../../../components/ui/notice';
import { href } from './model';

/** The server's refusal of a step (its catalogue text), announced at once; nothing while there is none. */
export function Refusal({ text }: { text: string | null }) {
  return text ? (
    <div role="alert">
      <Notice tone="error">{text}</Notice>
    </div>
  ) : null;
}

/** The actions of a form that leads back to the overview: the way back, and submitting (disabled while `busy`). */
export function BackOrSubmit({ backLabel, submitLabel, busy }: { backLabel: string; submitLabel: string; busy: boolean }) {
  return (
    <div className="oc-actions">
      <Link to={href()} className="button">
        {backLabel}
      </Link>
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}

/** The IBAN of the account a mandate debits (spec 000 section 5 "IBAN"), the form field `iban`. */
export function DebitIbanField<T extends FieldValues & { iban: string }>({ control, error }: { control: Control<T>; error?: string }) {
  const { t } = useTranslation();
  return (
    <BankCodeField kind="iban" control={control} name={'iban' as Path<T>} label={t('ownContributions.fields.iban')} hint={t('ownContributions.fields.ibanHint')} error={error} />
  );
}
