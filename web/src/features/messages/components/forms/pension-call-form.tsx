import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addMonths } from '@contract/dates';
import { formatDate } from '@contract/format';
import { Notice } from '../../../../components/ui/notice';
import { ChildrenFields, childrenOf, FormChoice, FormSelect, PartnerFields, partnerOf, useFieldLabel, useFormKit, type Draft } from './form-kit';
import type { FormDefinition } from './form-definition';

/** The next 12 first-of-month dates from `earliest` (the pension call's start choices). */
function startChoices(earliest: string): string[] {
  return Array.from({ length: 12 }, (_, i) => addMonths(earliest, i));
}

/** Pension call: start from the earliest possible one (by the 10th rule), partner, at most 5 children with gender. */
function PensionCallFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { earliestPensionStart } = useFormKit();
  const hasPartner = useWatch<Draft>({ name: 'hasPartner' }) as string | undefined;
  return (
    <>
      <Notice>{t('forms.pensionCallDeadline', { date: formatDate(earliestPensionStart) })}</Notice>
      <FormSelect
        name="pensionStart"
        path="pensionCall.pensionStart"
        label={f('pensionStart')}
        options={startChoices(earliestPensionStart).map((d) => ({ value: d, label: formatDate(d) }))}
      />
      <p>{t('forms.pensionCallAccount')}</p>
      <FormChoice
        name="hasPartner"
        path="pensionCall.hasPartner"
        legend={f('hasPartner')}
        choices={[
          { value: 'yes', label: t('forms.yes') },
          { value: 'no', label: t('forms.no') },
        ]}
        inline
      />
      {hasPartner === 'yes' ? <PartnerFields path="pensionCall" /> : null}
      <ChildrenFields path="pensionCall" />
    </>
  );
}

export const pensionCallForm: FormDefinition = {
  Fields: PensionCallFields,
  defaults: ({ earliestPensionStart }) => ({ pensionStart: earliestPensionStart }),
  afterKey: 'forms.pensionCallAfter',
  section: (d) => {
    const hasPartner = d.hasPartner === 'yes' ? true : d.hasPartner === 'no' ? false : undefined;
    return { pensionStart: d.pensionStart, hasPartner, partner: hasPartner ? partnerOf(d) : undefined, children: childrenOf(d) };
  },
};
