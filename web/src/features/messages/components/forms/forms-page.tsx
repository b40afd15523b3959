import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormKind } from '@contract/forms';
import { ErrorState } from '../../../../components/ui/error-state';
import { LoadingState } from '../../../../components/ui/loading-state';
import { Notice } from '../../../../components/ui/notice';
import { paths } from '../../../../config/paths';
import { useFormInfo } from '../../api/forms';
import { FORM_SLUGS, FORMS_STEP } from '../inbox-steps';
import { bankDataForm } from './bank-data-form';
import { employmentDeclarationForm } from './employment-declaration-form';
import { exitApplicationForm } from './exit-application-form';
import { familyDeclarationForm } from './family-declaration-form';
import type { FormDefinition } from './form-definition';
import { FormScreen } from './form-screen';
import { functionDeclarationForm } from './function-declaration-form';
import { modelObjectionForm, modelSwitchForm } from './model-change-forms';
import { pensionCallForm } from './pension-call-form';
import { vestedAmountForm } from './vested-amount-form';

/** Each form kind's screen. */
const FORMS: Record<FormKind, FormDefinition> = {
  VESTED_AMOUNT: vestedAmountForm,
  BANK_DATA: bankDataForm,
  PENSION_CALL: pensionCallForm,
  EXIT_APPLICATION: exitApplicationForm,
  EMPLOYMENT_DECLARATION: employmentDeclarationForm,
  FUNCTION_DECLARATION: functionDeclarationForm,
  FAMILY_DECLARATION: familyDeclarationForm,
  MODEL_OBJECTION: modelObjectionForm,
  MODEL_SWITCH: modelSwitchForm,
};

const kindOfSlug = (slug: string): FormKind | undefined => (Object.entries(FORM_SLUGS) as [FormKind, string][]).find(([, s]) => s === slug)?.[0];

/** The list of forms (`/postfach/formulare`): the ones the member may send, each with a short description. */
function FormList({ kinds }: { kinds: readonly FormKind[] }) {
  const { t } = useTranslation();
  if (kinds.length === 0) return <Notice>{t('forms.error.NOT_AVAILABLE')}</Notice>;
  return (
    <section aria-labelledby="forms-heading" className="forms">
      <h2 id="forms-heading">{t('forms.heading')}</h2>
      <p>{t('forms.intro')}</p>
      <ul className="forms__list">
        {kinds.map((kind) => (
          <li key={kind} className="forms__item">
            <h3 className="forms__title">
              <Link to={paths.inbox.getHref(FORMS_STEP, FORM_SLUGS[kind])}>{t(`forms.kind.${kind}.title`)}</Link>
            </h3>
            <p>{t(`forms.kind.${kind}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/postfach/formulare` (the list) and `/postfach/formulare/{form}` (one form); an unknown or unavailable form says so. */
export function FormsPage({ slug }: { slug: string | undefined }) {
  const { t } = useTranslation();
  const info = useFormInfo();
  if (info.error && !info.data) return <ErrorState onRetry={() => void info.refetch()} />;
  if (!info.data?.me) return <LoadingState />;
  const { kinds, earliestPensionStart, bankDataFunds } = info.data.me.formInfo;
  if (!slug) return <FormList kinds={kinds} />;
  const kind = kindOfSlug(slug);
  if (!kind || !kinds.includes(kind)) return <Notice tone="warning">{t('forms.error.NOT_AVAILABLE')}</Notice>;
  return <FormScreen key={kind} kind={kind} definition={FORMS[kind]} email={info.data.me.email ?? ''} earliestPensionStart={earliestPensionStart} bankDataFunds={bankDataFunds} />;
}
