import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SignatureValue } from '@contract/signature';
import { SignaturePad } from './signature-pad';

/**
 * The signing of a form (decision 0015): the `SignaturePad` bound to the form field `signature`
 * (`SignatureValue | null`), with the pad's texts of the shared catalogue block `signature` (common part) and the message of a failed
 * check. Used by the claim's confirm step, the § 108a application and the merge request (decisions 0015, 0016, 0023).
 */
export function SignatureField<T extends FieldValues, C, O extends FieldValues = T>({
  control,
  legend,
  error,
}: {
  /** The form's control (`useForm<T, C, O>()`: a form with a resolver transforms `T` into `O`). */
  control: Control<T, C, O>;
  legend: string;
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
            canvasLabel: t('signature.canvasLabel'),
            clear: t('signature.clear'),
            typeInstead: t('signature.typeInstead'),
            drawInstead: t('signature.drawInstead'),
            typedLabel: t('signature.typedLabel'),
            typedHint: t('signature.typedHint'),
          }}
          value={(field.value as SignatureValue | null | undefined) ?? null}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}
