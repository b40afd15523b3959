import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@contract/format';

interface StichtagSelectProps {
  /** Reference dates of the statements, newest first. */
  stichtage: readonly string[];
  /** The selected reference date. */
  value: string;
  onChange: (stichtag: string) => void;
}

/**
 * A labelled native select over the reference dates (Stichtage), shown as DD.MM.YYYY. A date not in the list (from
 * the address) stays visible as the selected option, so the select never claims a different date than the page shows.
 */
export function StichtagSelect({ stichtage, value, onChange }: StichtagSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = stichtage.includes(value) ? stichtage : [value, ...stichtage];
  return (
    <div className="field field--inline">
      <label htmlFor={id} className="field__label">
        {t('accountInfo.stichtag.label')}
      </label>
      <select id={id} className="field__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((stichtag) => (
          <option key={stichtag} value={stichtag}>
            {formatDate(stichtag)}
          </option>
        ))}
      </select>
    </div>
  );
}
