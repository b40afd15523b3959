import type { UseFormRegisterReturn } from 'react-hook-form';
import { isoToTypedDate, typedDateToIso } from '../../lib/typed-date';
import { CalendarButton } from './calendar-button';
import { TextField } from './text-field';

interface TypedDateFieldProps {
  label: string;
  /** The react-hook-form registration of the typed text (`TT.MM.JJJJ`). */
  registration: UseFormRegisterReturn;
  /** The field's current text, so the calendar opens on the typed day. */
  typed: string;
  /** Called with the chosen day as `DD.MM.YYYY` (set it into the form, e.g. with `setValue`). */
  onPick: (typed: string) => void;
  /** Earliest and latest day the calendar offers (ISO `YYYY-MM-DD`); typing is checked by the form's rules. */
  min?: string;
  max?: string;
  /** Shown in the empty field, `TT.MM.JJJJ`. */
  placeholder: string;
  /** Accessible name of the calendar button, for example "Kalender öffnen: Erste Abbuchung am". */
  calendarLabel: string;
  hint?: string;
  /** The message of a failed check (already translated). */
  error?: string;
}

/**
 * A date typed as `TT.MM.JJJJ` with the calendar button beside it (spec 000 section 2 "Date pickers with German month
 * and day names", section 5 "Date"; docs/decisions/0021-spec-rules-issue-19.md): a text input (numeric keyboard) and
 * components/ui/calendar-button.tsx (react-aria Calendar, locale de-AT: "Jänner", weeks from Monday). The form keeps
 * the typed text; `typedDateToIso` (lib/typed-date.ts) turns it into the ISO date the shared schemas check.
 */
export function TypedDateField({ label, registration, typed, onPick, min, max, placeholder, calendarLabel, hint, error }: TypedDateFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      placeholder={placeholder}
      hint={hint}
      narrow
      maxLength={10}
      registration={registration}
      addon={<CalendarButton value={typedDateToIso(typed)} min={min} max={max} label={calendarLabel} dialogLabel={label} onPick={(iso) => onPick(isoToTypedDate(iso))} />}
      error={error}
    />
  );
}
