import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { countryByCode } from '@contract/countries';
import { EmptyState } from '../../../components/ui/empty-state';
import { graphql } from '../../../gql';
import type { ChangeHistorySection_PersonFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { isIsoDate } from '@contract/dates';
import settings from '@contract/i18n/de/settings.json';
import { useStickyHeader } from '../../../lib/use-sticky-header';
import { formatDateTime } from './local-date';
import { SettingsSection } from './settings-section';

export const ChangeHistorySectionFragment = graphql(`
  fragment ChangeHistorySection_PersonFragment on Person {
    changeHistory(first: 50) {
      id
      changedAt
      actor
      area
      field
      oldValue
      newValue
    }
  }
`);

type FieldKey = keyof typeof settings.settings.history.fields;
/** The table's columns, in order; each is also the key of its header text (`settings.history.<column>`). */
const HISTORY_COLUMNS = ['date', 'area', 'field', 'change'] as const;

const FIELD_KEYS = new Set(Object.keys(settings.settings.history.fields));

function fieldLabel(t: TFunction, field: string): string {
  return FIELD_KEYS.has(field) ? t(`settings.history.fields.${field as FieldKey}`) : field;
}

/** A logged value as the member reads it: yes/no, `DD.MM.YYYY`, a country's name, or the text; "–" for none. */
function valueText(t: TFunction, field: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return t('settings.history.none');
  if (value === 'true' || value === 'false') return t(`settings.history.values.${value}`);
  if (isIsoDate(value)) return formatDate(value);
  if (field === 'country') return countryByCode(value)?.name ?? value;
  return value;
}

/**
 * The member's own change log, newest first: a table with the time (`DD.MM.YYYY HH:mm`), the area,
 * the field and the change from the old to the new value. Passwords never appear; IBANs come masked from the server.
 * The header stays in view while the table scrolls with the window (spec 000 "sticky tables", 10 px threshold; the
 * documents' hook): the table has no scroll box of its own, which would hold the sticky header; on narrow screens,
 * where the rows turn into blocks, the header is one line naming the parts of each block.
 */
export function ChangeHistorySection({ person }: { person: ChangeHistorySection_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const entries = person.changeHistory;
  const { ref: tableRef, stuck } = useStickyHeader<HTMLTableElement>();
  return (
    <SettingsSection id="history" title={t('settings.history.heading')} intro={<p>{t('settings.history.intro')}</p>}>
      {entries.length === 0 ? (
        <EmptyState>{t('settings.history.empty')}</EmptyState>
      ) : (
        <table ref={tableRef} className="amount-table settings-history__table table--sticky" data-stuck={stuck || undefined} role="table">
          <caption>{t('settings.history.caption')}</caption>
          <thead>
            <tr role="row">
              {HISTORY_COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {t(`settings.history.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} role="row">
                <th scope="row" role="rowheader" className="settings-history__date">
                  {formatDateTime(entry.changedAt)}
                </th>
                <td role="cell" className="settings-history__area">
                  {t(`settings.history.areas.${entry.area}`)}
                </td>
                <td role="cell" className="settings-history__field">
                  {fieldLabel(t, entry.field)}
                </td>
                <td role="cell" className="settings-history__change">
                  <span className="visually-hidden">{t('settings.history.from')} </span>
                  <span className="settings-history__old">{valueText(t, entry.field, entry.oldValue)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden">{t('settings.history.to')} </span>
                  <span className="settings-history__new">{valueText(t, entry.field, entry.newValue)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  );
}
