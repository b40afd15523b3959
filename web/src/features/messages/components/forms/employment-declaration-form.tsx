import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addMonths } from '@contract/dates';
import { EMPLOYMENT_STATUSES } from '@contract/forms';
import { FormChoice, FormDate, FormText, opt, useFieldLabel, useFormKit, type Draft } from './form-kit';
import type { FormDefinition } from './form-definition';

/** Employment declaration (Beschäftigungserklärung): not employed, or employer/business and since when. */
function EmploymentDeclarationFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  const status = useWatch<Draft>({ name: 'status' }) as string | undefined;
  return (
    <>
      <FormChoice
        name="status"
        path="employmentDeclaration.status"
        legend={f('employmentStatus')}
        choices={EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`forms.employmentStatus.${s}`) }))}
      />
      {status === 'EMPLOYED' || status === 'SELF_EMPLOYED' ? (
        <>
          <FormText name="employerName" path="employmentDeclaration.employerName" label={f('employmentEmployerName')} autoComplete="organization" />
          <FormDate name="since" path="employmentDeclaration.since" label={f('employmentSince')} max={addMonths(today, 12)} />
        </>
      ) : null}
    </>
  );
}

export const employmentDeclarationForm: FormDefinition = {
  Fields: EmploymentDeclarationFields,
  section: (d) => {
    const working = d.status === 'EMPLOYED' || d.status === 'SELF_EMPLOYED';
    return { status: opt(d.status), employerName: working ? d.employerName : undefined, since: working ? opt(d.since) : undefined };
  },
};
