import { useTranslation } from 'react-i18next';
import { formatDate } from '@contract/format';
import { SelectField } from '../../../components/ui/select-field';

interface StichtagSelectProps {
  /** Reference dates of the statements, newest first. */
  stichtage: readonly string[];
  /** The selected reference date. */
  value: string;
  onChange: (stichtag: string) => void;
}

/**
 * The reference dates (Stichtage) as the shared select of the field kit (components/ui/select-field.tsx: 5 rows in
 * view, the rest scrolls, typing and arrow keys choose; spec 000 section 9 "Dropdown size 5 rows"), shown as
 * DD.MM.YYYY. A date not in the list (from the address) stays visible as the selected option, so the select never
 * claims a different date than the page shows.
 */
export function StichtagSelect({ stichtage, value, onChange }: StichtagSelectProps) {
  const { t } = useTranslation();
  const options = (stichtage.includes(value) ? stichtage : [value, ...stichtage]).map((stichtag) => ({ value: stichtag, label: formatDate(stichtag) }));
  return <SelectField inline label={t('accountInfo.stichtag.label')} options={options} value={value} onChange={(stichtag) => stichtag && onChange(stichtag)} />;
}
