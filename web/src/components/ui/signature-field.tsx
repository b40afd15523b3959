import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SignatureValue } from '@contract/signature';
import { SignaturePad } from './signature-pad';

/**
 * The catalogue block of a pad's texts: `claim.signature` (the severance claim's confirm step and the § 108a
 * application of the own contributions, decision 0016) or `merge.form.signature` (the merge request, decision 0023).
 */
export type SignatureTexts = 'claim.signature' | 'merge.form.signature';

/**
 * The signing of a form (decision 0015): the `SignaturePad` bound to the form field `signature`
 * (`SignatureValue | null`), with its texts from the catalogue block `texts` and the message of a failed check.
 */
export function SignatureField<T extends FieldValues, C, O extends FieldValues = T>({
  control,
  legend,
  texts,
  error,
}: {
  /** The form's control (`useForm<T, C, O>()`: a form with a resolver transforms `T` into `O`). */
  control: Control<T, C, O>;
  legend: string;
  texts: SignatureTexts;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller<T, Path<T>, O>
      control={control}
      name={'signature' as Path<T>}
      render={({ field }) => (
        <SignaturePad
          legend={legend}
          texts={{
            canvasLabel: t(`${texts}.canvasLabel`),
            clear: t(`${texts}.clear`),
            typeInstead: t(`${texts}.typeInstead`),
            drawInstead: t(`${texts}.drawInstead`),
            typedLabel: t(`${texts}.typedLabel`),
            typedHint: t(`${texts}.typedHint`),
          }}
          value={(field.value as SignatureValue | null | undefined) ?? null}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}
