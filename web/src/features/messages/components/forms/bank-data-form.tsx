import { useTranslation } from 'react-i18next';
import { addMonths } from '@contract/dates';
import { FORM_FUNDS } from '@contract/forms';
import { BankFields, FormChoice, FormDate, opt, PasswordField, useFieldLabel, useFormKit } from './form-kit';
import type { FormDefinition } from './form-definition';

/**
 * Bank data for payouts of the member's funds (`bankDataFunds`: the regional tenant names only its Vorsorgekasse),
 * valid from today to the end of next year; needs the step-up. A single fund is chosen already.
 */
function BankDataFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { today, bankDataFunds } = useFormKit();
  const funds = FORM_FUNDS.filter((o) => bankDataFunds.includes(o));
  return (
    <>
      <FormChoice name="fund" path="bankData.fund" legend={f('fund')} choices={funds.map((o) => ({ value: o, label: t(`forms.fund.${o}`) }))} inline />
      <BankFields path="bankData" withBankName />
      <FormDate name="validFrom" path="bankData.validFrom" label={f('validFrom')} min={today} max={addMonths(today, 24)} />
      <PasswordField />
    </>
  );
}

export const bankDataForm: FormDefinition = {
  defaults: ({ bankDataFunds }) => (bankDataFunds.length === 1 ? { fund: bankDataFunds[0] } : {}),
  Fields: BankDataFields,
  section: (d) => ({ fund: opt(d.fund), accountHolder: d.accountHolder, bankName: d.bankName, iban: d.iban, bic: d.bic, validFrom: opt(d.validFrom) }),
};
