import type { CSSProperties, Ref } from 'react';
import { Button, I18nProvider, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { AriaFieldError, AriaFieldLabel } from './aria-field-parts';
import './select-field.css';

/** One choice of a SelectField: the stored value and the text the member reads. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Rows the open list shows before it scrolls (spec 000 section 9 "Dropdown size 5 rows"); passed to select-field.css as `--select-rows`. */
const SELECT_VISIBLE_ROWS = 5;

/** The list's custom property of its row count. */
const LIST_STYLE = { '--select-rows': SELECT_VISIBLE_ROWS } as CSSProperties;

interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's value, or '' when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Name and autocomplete token of the hidden native select that lets the browser autofill the field. */
  name?: string;
  autoComplete?: string;
  /** A hint under the label, read with the field. */
  hint?: string;
  /** The message of a failed check (already translated); marks the field invalid and is tied to it. */
  error?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Receives the trigger button, so a form can focus the field (react-hook-form's `field.ref`). */
  triggerRef?: Ref<HTMLButtonElement>;
  /** Label and trigger on one line (`field--inline`), for a short choice beside a heading or a toolbar. */
  inline?: boolean;
}

/**
 * A labelled select of the field kit for long lists (react-aria-components' Select, ListBox and Popover, locale
 * de-AT): the trigger button shows the chosen option; the open list shows SELECT_VISIBLE_ROWS rows and scrolls
 * (spec 000 section 9 "Dropdown size 5 rows"). Keyboard: Enter, Space or the arrow keys open the list, typing jumps
 * to the first option starting with the typed letters (also while closed), Enter chooses, Escape closes. The label,
 * hint and error are tied to the trigger (`aria-labelledby`, `aria-describedby`), as in the other fields.
 */
export function SelectField({ label, options, value, onChange, onBlur, name, autoComplete, hint, error, placeholder, triggerRef, inline }: SelectFieldProps) {
  const className = ['field', inline ? 'field--inline' : null, error ? 'field--invalid' : null, 'select-field'].filter(Boolean).join(' ');
  return (
    <I18nProvider locale="de-AT">
      <Select
        className={className}
        value={value === '' ? null : value}
        onChange={(key) => onChange(key === null ? '' : String(key))}
        onBlur={onBlur}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
      >
        <AriaFieldLabel label={label} hint={hint} />
        <Button ref={triggerRef} className="field__select select-field__trigger">
          <SelectValue className="select-field__value" />
          <svg className="select-field__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3.5 6 8 10.5 12.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </Button>
        <AriaFieldError error={error} />
        <Popover className="select-field__popover" placement="bottom start" offset={2}>
          <ListBox className="select-field__list" style={LIST_STYLE} items={options.map((option) => ({ id: option.value, ...option }))}>
            {(option) => (
              <ListBoxItem id={option.value} textValue={option.label} className="select-field__option">
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
    </I18nProvider>
  );
}
