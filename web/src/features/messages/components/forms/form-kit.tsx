import { createContext, useContext } from 'react';
import { Controller, useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CHILD_GENDERS, MAX_CHILDREN, type FORM_FUNDS } from '@contract/forms';
import { IbanBicFields } from '../../../../components/ui/bank-code-fields';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { DatePickerField } from '../../../../components/ui/date-picker';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import type { useFileUpload } from '../../../../components/ui/use-file-upload';

/** A child as the form holds it while the member types (all strings; '' = not given). */
export interface ChildDraft {
  firstName: string;
  birthDate: string;
  gender: string;
}

/** A fund a bank-data form may name (`FORM_FUNDS`). */
export type BankDataFund = (typeof FORM_FUNDS)[number];

/** The values of an opened form (react-hook-form): strings per field name, the children as a list. */
export type Draft = Record<string, string> & { children: ChildDraft[] };

/** What every field of a form needs from the form around it. */
export interface FormKitValue {
  /** The translated error at a dotted input path (`pensionCall.children.0.gender`), if any. */
  errorAt: (path: string) => string | undefined;
  /** The identity-document upload (used by the vested-amount payout). */
  upload: ReturnType<typeof useFileUpload>;
  /** True while the form is being sent. */
  busy: boolean;
  /** Earliest pension start for a call sent today (ISO). */
  earliestPensionStart: string;
  /** Today in Vienna when the form was opened (ISO). */
  today: string;
  /** The funds the bank-data form may name (`FormInfo.bankDataFunds`; the regional tenant: the Vorsorgekasse only). */
  bankDataFunds: readonly BankDataFund[];
}

export const FormKitContext = createContext<FormKitValue | null>(null);

/** The surrounding form's errors, upload and dates. */
export function useFormKit(): FormKitValue {
  const value = useContext(FormKitContext);
  if (!value) throw new Error('useFormKit outside a form');
  return value;
}

/** '' → undefined, so an untouched field is sent as missing. */
export const opt = (v: string | undefined): string | undefined => (v ? v : undefined);

/** A catalogue label of `forms.field`. */
export function useFieldLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => t(`forms.field.${key}` as 'forms.field.iban');
}

/** An error under a group (radio buttons, checkbox, the children list). */
export function GroupError({ text }: { text?: string }) {
  return text ? (
    <p className="field__error" role="alert">
      {text}
    </p>
  ) : null;
}

/** A text field of the form (the shared TextField), its error from the input path `path`. */
export function FormText({ name, path, label, type, autoComplete }: { name: string; path: string; label: string; type?: string; autoComplete?: string }) {
  const { register } = useFormContext<Draft>();
  const { errorAt } = useFormKit();
  return <TextField label={label} registration={register(name)} error={errorAt(path)} type={type} autoComplete={autoComplete} />;
}

/**
 * The react-hook-form field `name` of the surrounding form (`useController`), its value as a string ('' when unset)
 * and the translated error at the input path `path`: what the controlled fields of the kit (date, select) need.
 */
function useKitField(name: string, path: string) {
  const { control } = useFormContext<Draft>();
  const { errorAt } = useFormKit();
  const { field } = useController({ control, name });
  return { field, value: (field.value as string | undefined) ?? '', error: errorAt(path) };
}

/** A date of the form (the shared react-aria date picker, German month names), ISO in the form's values. */
export function FormDate({ name, path, label, min, max }: { name: string; path: string; label: string; min?: string; max?: string }) {
  const { field, value, error } = useKitField(name, path);
  const f = useFieldLabel();
  return <DatePickerField label={label} value={value} onChange={field.onChange} onBlur={field.onBlur} min={min} max={max} error={error} openLabel={f('openCalendar')} />;
}

/** A select of the form (the shared SelectField). */
export function FormSelect({ name, path, label, options }: { name: string; path: string; label: string; options: readonly { value: string; label: string }[] }) {
  const { field, value, error } = useKitField(name, path);
  const f = useFieldLabel();
  return (
    <SelectField label={label} options={options} value={value} onChange={field.onChange} onBlur={field.onBlur} placeholder={f('choose')} error={error} triggerRef={field.ref} />
  );
}

/** Radio buttons of the form (the shared ChoiceGroup) with the error under them. */
export function FormChoice<T extends string>({
  name,
  path,
  legend,
  choices,
  inline,
}: {
  name: string;
  path: string;
  legend: string;
  choices: readonly { value: T; label: string }[];
  inline?: boolean;
}) {
  const { control } = useFormContext<Draft>();
  const { errorAt } = useFormKit();
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <ChoiceGroup legend={legend} choices={choices} value={((field.value as string) || null) as T | null} onChange={field.onChange} inline={inline} />}
      />
      <GroupError text={errorAt(path)} />
    </>
  );
}

/** Account holder, (bank name,) IBAN and BIC under the input path `path`. */
export function BankFields({ path, withBankName }: { path: string; withBankName?: boolean }) {
  const { control } = useFormContext<Draft>();
  const { errorAt } = useFormKit();
  const f = useFieldLabel();
  return (
    <>
      <FormText name="accountHolder" path={`${path}.accountHolder`} label={f('accountHolder')} autoComplete="name" />
      {withBankName ? <FormText name="bankName" path={`${path}.bankName`} label={f('bankName')} /> : null}
      <IbanBicFields
        control={control}
        iban={{ label: f('iban'), hint: f('ibanHint'), error: errorAt(`${path}.iban`) }}
        bic={{ label: f('bic'), hint: f('bicHint'), error: errorAt(`${path}.bic`) }}
      />
    </>
  );
}

/** The current password (the step-up of forms that move money). */
export function PasswordField() {
  const f = useFieldLabel();
  return <FormText name="currentPassword" path="currentPassword" label={f('currentPassword')} type="password" autoComplete="current-password" />;
}

/** The partner's first name, last name and birth date (form values `partnerFirstName` …) under `<path>.partner`. */
export function PartnerFields({ path }: { path: string }) {
  const f = useFieldLabel();
  const { today } = useFormKit();
  return (
    <fieldset className="forms__group">
      <legend>{f('partner')}</legend>
      <FormText name="partnerFirstName" path={`${path}.partner.firstName`} label={f('firstName')} />
      <FormText name="partnerLastName" path={`${path}.partner.lastName`} label={f('lastName')} />
      <FormDate name="partnerBirthDate" path={`${path}.partner.birthDate`} label={f('birthDate')} max={today} />
    </fieldset>
  );
}

/** The partner of the form's values, for the input. */
export const partnerOf = (d: Draft) => ({ firstName: d.partnerFirstName, lastName: d.partnerLastName, birthDate: d.partnerBirthDate });

/** The children of the form's values, for the input. */
export const childrenOf = (d: Draft) => (d.children ?? []).map((c) => ({ firstName: c.firstName, birthDate: c.birthDate, gender: opt(c.gender) }));

/** At most MAX_CHILDREN children, each with first name, birth date and gender (spec 001 sections 3, 9). */
export function ChildrenFields({ path, hint }: { path: string; hint?: string }) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { control } = useFormContext<{ children: ChildDraft[] }>();
  const { errorAt, today } = useFormKit();
  const { fields, append, remove } = useFieldArray({ control, name: 'children' });
  return (
    <fieldset className="forms__group">
      <legend>{f('children')}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {fields.map((child, i) => (
        <fieldset key={child.id} className="forms__child">
          <legend>{t('forms.field.child', { number: i + 1 })}</legend>
          <FormText name={`children.${i}.firstName`} path={`${path}.children.${i}.firstName`} label={f('firstName')} />
          <FormDate name={`children.${i}.birthDate`} path={`${path}.children.${i}.birthDate`} label={f('birthDate')} max={today} />
          <FormSelect
            name={`children.${i}.gender`}
            path={`${path}.children.${i}.gender`}
            label={f('gender')}
            options={CHILD_GENDERS.map((g) => ({ value: g, label: t(`forms.gender.${g}`) }))}
          />
          <button type="button" className="button button--secondary" onClick={() => remove(i)}>
            {t('forms.removeChild', { number: i + 1 })}
          </button>
        </fieldset>
      ))}
      <GroupError text={errorAt(`${path}.children.${MAX_CHILDREN}`)} />
      {fields.length < MAX_CHILDREN ? (
        <button type="button" className="button button--secondary" onClick={() => append({ firstName: '', birthDate: '', gender: '' })}>
          {t('forms.addChild')}
        </button>
      ) : (
        <p className="field__hint">{t('forms.maxChildren')}</p>
      )}
    </fieldset>
  );
}
