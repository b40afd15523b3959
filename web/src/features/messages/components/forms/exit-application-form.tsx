import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addMonths } from '@contract/dates';
import { EXIT_REASONS, EXIT_REQUESTS } from '@contract/forms';
import { FormChoice, FormDate, FormSelect, FormText, opt, useFieldLabel, useFormKit, type Draft } from './form-kit';
import { TemporaryEmploymentNote } from './temporary-employment-note';
import type { FormDefinition } from './form-definition';

/**
 * Exit application (Austrittsantrag, decision 0025): employer, last day of the employment, why it ends, what the member asks for;
 * the end of a fixed-term employment brings the temporary-employment rule (spec 001 section 9).
 */
function ExitApplicationFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  const reason = useWatch<Draft>({ name: 'reason' }) as string | undefined;
  return (
    <>
      <FormText name="employerName" path="exitApplication.employerName" label={f('exitEmployerName')} autoComplete="organization" />
      <FormDate name="employmentEndDate" path="exitApplication.employmentEndDate" label={f('employmentEndDate')} min={addMonths(today, -36)} max={addMonths(today, 12)} />
      <FormSelect name="reason" path="exitApplication.reason" label={f('exitReason')} options={EXIT_REASONS.map((r) => ({ value: r, label: t(`forms.exitReason.${r}`) }))} />
      {reason === 'FIXED_TERM_END' ? <TemporaryEmploymentNote /> : null}
      <FormChoice name="request" path="exitApplication.request" legend={f('exitRequest')} choices={EXIT_REQUESTS.map((r) => ({ value: r, label: t(`forms.exitRequest.${r}`) }))} />
    </>
  );
}

export const exitApplicationForm: FormDefinition = {
  Fields: ExitApplicationFields,
  afterKey: 'forms.exitAfter',
  section: (d) => ({ employerName: d.employerName, employmentEndDate: opt(d.employmentEndDate), reason: opt(d.reason), request: opt(d.request) }),
};
