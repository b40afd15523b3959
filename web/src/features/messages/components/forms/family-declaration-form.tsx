import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MARITAL_STATUSES, PARTNER_STATUSES } from '@contract/forms';
import { ChildrenFields, childrenOf, FormDate, FormSelect, opt, PartnerFields, partnerOf, useFieldLabel, useFormKit, type Draft } from './form-kit';
import type { FormDefinition } from './form-definition';

const withPartner = (status: string | undefined) => (PARTNER_STATUSES as readonly string[]).includes(status ?? '');

/** Family declaration: marital status and since when, the partner where the status has one, at most 5 children. */
function FamilyDeclarationFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today } = useFormKit();
  const status = useWatch<Draft>({ name: 'maritalStatus' }) as string | undefined;
  return (
    <>
      <FormSelect
        name="maritalStatus"
        path="familyDeclaration.maritalStatus"
        label={f('maritalStatus')}
        options={MARITAL_STATUSES.map((s) => ({ value: s, label: t(`forms.maritalStatus.${s}`) }))}
      />
      {status && status !== 'SINGLE' ? <FormDate name="since" path="familyDeclaration.since" label={f('maritalSince')} max={today} /> : null}
      {withPartner(status) ? <PartnerFields path="familyDeclaration" /> : null}
      <ChildrenFields path="familyDeclaration" hint={t('forms.familyChildrenHint')} />
    </>
  );
}

export const familyDeclarationForm: FormDefinition = {
  Fields: FamilyDeclarationFields,
  section: (d) => ({
    maritalStatus: opt(d.maritalStatus),
    since: d.maritalStatus && d.maritalStatus !== 'SINGLE' ? opt(d.since) : undefined,
    partner: withPartner(d.maritalStatus) ? partnerOf(d) : undefined,
    children: childrenOf(d),
  }),
};
