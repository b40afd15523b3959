import type { ComponentType } from 'react';
import type { Draft, FormKitValue } from './form-kit';

/** One form of the forms page: its fields, its first values and how its values become the kind's input section. */
export interface FormDefinition {
  /** First values (besides the contact e-mail), for example the earliest pension start. */
  defaults?: (kit: Pick<FormKitValue, 'earliestPensionStart' | 'today' | 'bankDataFunds'>) => Partial<Draft>;
  /** The kind's section of `SubmitFormInput` built from the form's values ('' sent as missing). */
  section: (values: Draft, kit: FormKitValue) => Record<string, unknown>;
  /** The form's own fields (inside the form's react-hook-form and FormKitContext). */
  Fields: ComponentType;
  /** Catalogue key of what happens next, shown after sending. */
  afterKey?: 'forms.pensionCallAfter' | 'forms.exitAfter' | 'forms.switchNote';
}
