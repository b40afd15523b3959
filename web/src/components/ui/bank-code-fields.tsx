import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ComponentType } from 'react';
import { BicInput, type BicInputProps } from './bic-input';
import { IbanInput } from './iban-input';

/** The texts of one bank code field: label, format hint, the message of a failed check, the "(optional)" mark. */
export interface BankCodeText {
  label: string;
  hint: string;
  error?: string;
  /** Shown after the label while the field may stay empty (the BIC outside the intra-EU case). */
  optionalLabel?: string;
}

interface BankCodeFieldProps<T extends FieldValues> extends BankCodeText {
  control: Control<T>;
  /** The form field holding the code as shown (grouped). */
  name: Path<T>;
  /** Which code: an IBAN (`IbanInput`, spec 000 section 5 "IBAN") or a BIC (`BicInput`, "BIC"). */
  kind: 'iban' | 'bic';
}

const INPUTS: Record<BankCodeFieldProps<FieldValues>['kind'], ComponentType<BicInputProps>> = { iban: IbanInput, bic: BicInput };

/**
 * An IBAN or BIC field of a react-hook-form form: the grouped input bound to the form field `name`, its ref taken for
 * focusing an error. The check itself is the form's contract rule (@contract/iban).
 */
export function BankCodeField<T extends FieldValues>({ control, name, kind, label, hint, error, optionalLabel }: BankCodeFieldProps<T>) {
  const Input = INPUTS[kind];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          label={label}
          optionalLabel={optionalLabel}
          hint={hint}
          error={error}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}

/**
 * The IBAN/BIC block of the forms that name a bank account (the claim's bank transfer, the bank details in the
 * settings, the inbox forms' bank section; spec 000 section 5): the IBAN field then the BIC field, bound to the form
 * fields `iban` and `bic`.
 */
export function IbanBicFields<T extends FieldValues>({ control, iban, bic }: { control: Control<T>; iban: BankCodeText; bic: BankCodeText }) {
  return (
    <>
      <BankCodeField control={control} name={'iban' as Path<T>} kind="iban" {...iban} />
      <BankCodeField control={control} name={'bic' as Path<T>} kind="bic" {...bic} />
    </>
  );
}
