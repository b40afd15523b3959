import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, Group, Heading, I18nProvider, Popover } from 'react-aria-components';
import { AriaFieldError, AriaFieldLabel } from './aria-field-parts';
import './date-picker.css';

/**
 * The month view of the calendars (this date picker and calendar-button.tsx): month and year between the arrows to the
 * previous and next month, then the weeks (from Monday in de-AT) with the days; inside a react-aria `Calendar`.
 */
export function CalendarMonth() {
  return (
    <>
      <header className="date-picker__header">
        <Button slot="previous" className="date-picker__nav">
          ‹
        </Button>
        <Heading className="date-picker__heading" />
        <Button slot="next" className="date-picker__nav">
          ›
        </Button>
      </header>
      <CalendarGrid weekdayStyle="short" className="date-picker__grid">
        {(date) => <CalendarCell date={date} className="date-picker__cell" />}
      </CalendarGrid>
    </>
  );
}

interface DatePickerFieldProps {
  label: string;
  /** ISO date, or '' when empty. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** Earliest and latest selectable ISO date. */
  min?: string;
  max?: string;
  hint?: string;
  /** Translated message of a failed check. */
  error?: string;
  /** Accessible name of the calendar button. */
  openLabel: string;
}

/**
 * The picker's value for an ISO date; null for anything else. Years below 1000 are kept (not checked with the app's
 * `isIsoDate`), because while a year is typed the picker reports 0002, 0020, 0202 before 2020: dropping those would
 * clear the other segments mid-typing. The form's rules refuse such a year on submit.
 */
export function toDate(iso: string | undefined): CalendarDate | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  try {
    const date = parseDate(iso);
    return date.toString() === iso ? date : null;
  } catch {
    return null;
  }
}

/**
 * A date field with a calendar pop-up (react-aria-components' DatePicker with the locale de-AT): typed segments
 * TT.MM.JJJJ, German month and day names with the Austrian "Jänner", keyboard use in field and calendar, min/max
 * dates, and the error tied to the field (spec 000 section 2 "Date pickers with German month and day names").
 * The value goes in and out as an ISO date.
 */
export function DatePickerField({ label, value, onChange, onBlur, min, max, hint, error, openLabel }: DatePickerFieldProps) {
  return (
    <I18nProvider locale="de-AT">
      <DatePicker
        className={error ? 'field field--invalid date-picker' : 'field date-picker'}
        value={toDate(value)}
        onChange={(date) => onChange(date ? date.toString() : '')}
        onBlur={onBlur}
        minValue={toDate(min)}
        maxValue={toDate(max)}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        granularity="day"
        shouldForceLeadingZeros
      >
        <AriaFieldLabel label={label} hint={hint} />
        <Group className="date-picker__group">
          <DateInput className="date-picker__input">{(segment) => <DateSegment segment={segment} className="date-picker__segment" />}</DateInput>
          <Button className="date-picker__button" aria-label={openLabel}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 2h1V1h1v1h6V1h1v1h1a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm0 4v8h10V6H3z" fill="currentColor" />
            </svg>
          </Button>
        </Group>
        <AriaFieldError error={error} />
        <Popover className="date-picker__popover">
          <Dialog className="date-picker__dialog" aria-label={label}>
            <Calendar>
              <CalendarMonth />
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
