import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KEEP_MODES, TRANSFER_TYPES, VESTED_AMOUNT_OPTIONS } from '@contract/forms';
import { FileUpload } from '../../../../components/ui/file-upload';
import { BankFields, FormChoice, FormText, opt, PasswordField, useFieldLabel, useFormKit, type Draft } from './form-kit';
import type { FormDefinition } from './form-definition';
import { TemporaryEmploymentNote } from './temporary-employment-note';

/** Vested amount (spec 001 section 3): exactly one option and its sub-option; a payout with account and identity document;
 * keeping it contribution-free brings the temporary-employment rule (spec 001 section 9). */
function VestedAmountFields() {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { errorAt, upload, busy } = useFormKit();
  const option = useWatch<Draft>({ name: 'option' }) as string | undefined;
  const keepMode = useWatch<Draft>({ name: 'keepMode' }) as string | undefined;
  return (
    <>
      <FormChoice name="option" path="vestedAmount.option" legend={f('option')} choices={VESTED_AMOUNT_OPTIONS.map((o) => ({ value: o, label: t(`forms.option.${o}`) }))} />
      {option === 'KEEP' ? (
        <FormChoice name="keepMode" path="vestedAmount.keepMode" legend={f('keepMode')} choices={KEEP_MODES.map((o) => ({ value: o, label: t(`forms.keepMode.${o}`) }))} />
      ) : null}
      {option === 'KEEP' && keepMode === 'CONTRIBUTION_FREE' ? <TemporaryEmploymentNote /> : null}
      {option === 'TRANSFER' ? (
        <>
          <FormChoice
            name="transferType"
            path="vestedAmount.transferType"
            legend={f('transferType')}
            choices={TRANSFER_TYPES.map((o) => ({ value: o, label: t(`forms.transferType.${o}`) }))}
          />
          <FormText name="institutionName" path="vestedAmount.institutionName" label={f('institutionName')} />
          <FormText name="employerName" path="vestedAmount.employerName" label={f('employerName')} />
        </>
      ) : null}
      {option === 'PAYOUT' ? (
        <>
          <BankFields path="vestedAmount" />
          <FileUpload label={f('idDocument')} purpose="form-id-document" upload={upload} fieldError={errorAt('vestedAmount.idDocumentUploadId')} disabled={busy} />
          <PasswordField />
        </>
      ) : null}
    </>
  );
}

export const vestedAmountForm: FormDefinition = {
  Fields: VestedAmountFields,
  section: (d, kit) => {
    const o = d.option;
    return {
      option: opt(o),
      keepMode: o === 'KEEP' ? opt(d.keepMode) : undefined,
      transferType: o === 'TRANSFER' ? opt(d.transferType) : undefined,
      institutionName: o === 'TRANSFER' ? d.institutionName : undefined,
      employerName: o === 'TRANSFER' ? d.employerName : undefined,
      accountHolder: o === 'PAYOUT' ? d.accountHolder : undefined,
      iban: o === 'PAYOUT' ? d.iban : undefined,
      bic: o === 'PAYOUT' ? d.bic : undefined,
      idDocumentUploadId: o === 'PAYOUT' ? kit.upload.files[0]?.id : undefined,
    };
  },
};
