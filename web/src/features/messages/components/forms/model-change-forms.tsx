import { useTranslation } from 'react-i18next';
import { addDays, addMonths, firstOfNextMonth } from '@contract/dates';
import { formatDate } from '@contract/format';
import { OBJECTION_PERIOD_DAYS, SWITCH_TARGETS } from '@contract/forms';
import { Notice } from '../../../../components/ui/notice';
import { FormChoice, FormDate, FormSelect, FormText, opt, useFieldLabel, useFormKit } from './form-kit';
import type { FormDefinition } from './form-definition';

/** Objection to a pension-model change: the date of the fund's letter (within 90 days) and an optional reason. */
function ModelObjectionFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  return (
    <>
      <Notice>{t('forms.objectionNote')}</Notice>
      <FormDate name="letterDate" path="modelObjection.letterDate" label={f('letterDate')} min={addDays(today, -OBJECTION_PERIOD_DAYS)} max={today} />
      <FormText name="reason" path="modelObjection.reason" label={`${f('reason')} ${f('optional')}`} />
    </>
  );
}

/** The next 24 first-of-month dates from the 1st of next month (the switch's dates). */
function switchChoices(today: string): string[] {
  const first = firstOfNextMonth(today);
  return Array.from({ length: 24 }, (_, i) => addMonths(first, i));
}

/** Switch declaration: into the security VRG or a company collective insurance, on the first of a month. */
function ModelSwitchFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  return (
    <>
      <Notice>{t('forms.switchNote')}</Notice>
      <FormChoice name="target" path="modelSwitch.target" legend={f('switchTarget')} choices={SWITCH_TARGETS.map((v) => ({ value: v, label: t(`forms.switchTarget.${v}`) }))} />
      <FormSelect name="switchDate" path="modelSwitch.switchDate" label={f('switchDate')} options={switchChoices(today).map((d) => ({ value: d, label: formatDate(d) }))} />
    </>
  );
}

export const modelObjectionForm: FormDefinition = {
  Fields: ModelObjectionFields,
  section: (d) => ({ letterDate: opt(d.letterDate), reason: opt(d.reason) }),
};

export const modelSwitchForm: FormDefinition = {
  Fields: ModelSwitchFields,
  afterKey: 'forms.switchNote',
  section: (d) => ({ target: opt(d.target), switchDate: opt(d.switchDate) }),
};
