import { useTranslation } from 'react-i18next';
import { MEMBER_FUNCTIONS } from '@contract/forms';
import { FormChoice, FormDate, FormText, opt, useFieldLabel, useFormKit } from './form-kit';
import type { FormDefinition } from './form-definition';

/** Function declaration (Funktionserklärung): the member's function at the employer and since when. */
function FunctionDeclarationFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  return (
    <>
      <FormChoice
        name="function"
        path="functionDeclaration.function"
        legend={f('function')}
        choices={MEMBER_FUNCTIONS.map((v) => ({ value: v, label: t(`forms.memberFunction.${v}`) }))}
      />
      <FormText name="employerName" path="functionDeclaration.employerName" label={f('exitEmployerName')} autoComplete="organization" />
      <FormDate name="since" path="functionDeclaration.since" label={f('functionSince')} max={today} />
    </>
  );
}

export const functionDeclarationForm: FormDefinition = {
  Fields: FunctionDeclarationFields,
  section: (d) => ({ function: opt(d.function), employerName: d.employerName, since: opt(d.since) }),
};
