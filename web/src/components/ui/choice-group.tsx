import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A second line under the label. */
  hint?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  /** The chosen value; null while nothing is chosen. */
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Shows the legend only to screen readers (the dialog title says it already). */
  hideLegend?: boolean;
  /** Lays short choices (yes / no) side by side on wide screens. */
  inline?: boolean;
}

/** A group of radio buttons in a fieldset with a legend; nothing is chosen until the member chooses. */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange, disabled, hideLegend, inline }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={inline ? 'choice-group choice-group--inline' : 'choice-group'} disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'choice-group__legend'}>{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`;
          return (
            <div key={choice.value} className="choice">
              <input id={id} type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
              <label htmlFor={id}>
                <span className="choice__label">{choice.label}</span>
                {choice.hint ? <span className="choice__hint">{choice.hint}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
