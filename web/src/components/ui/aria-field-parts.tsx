import { Label, Text } from 'react-aria-components';

/**
 * The label, hint and error message of a react-aria field of the field kit (select-field.tsx, date-picker.tsx):
 * inside the field's react-aria component, which ties them to its control (`aria-labelledby`, `aria-describedby`
 * through the `description` and `errorMessage` slots). Classes in forms.css.
 */
export function AriaFieldLabel({ label, hint }: { label: string; /** A hint under the label, read with the field. */ hint?: string }) {
  return (
    <>
      <Label className="field__label">{label}</Label>
      {hint ? (
        <Text slot="description" elementType="p" className="field__hint">
          {hint}
        </Text>
      ) : null}
    </>
  );
}

/** The message of a failed check (already translated) in the field's `errorMessage` slot; nothing without one. */
export function AriaFieldError({ error }: { error?: string }) {
  return error ? (
    <Text slot="errorMessage" elementType="p" className="field__error">
      {error}
    </Text>
  ) : null;
}
