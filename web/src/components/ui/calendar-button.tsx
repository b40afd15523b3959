import { Button, Calendar, Dialog, DialogTrigger, I18nProvider, Popover } from 'react-aria-components';
import { CalendarMonth, toDate } from './date-picker';
import './date-picker.css';

interface CalendarButtonProps {
  /** The field's date as ISO `YYYY-MM-DD` (the calendar opens on it), or anything else for today's month. */
  value: string;
  /** Called with the chosen ISO date; the calendar closes and the focus returns to the button. */
  onPick: (iso: string) => void;
  /** Earliest and latest selectable ISO date. */
  min?: string;
  max?: string;
  /** Accessible name of the button, for example "Kalender öffnen: Gültig ab". */
  label: string;
  /** Name of the calendar dialog (the field's label). */
  dialogLabel: string;
}

/**
 * A calendar button beside a typed `TT.MM.JJJJ` date field (spec 000 section 2 "Date pickers with German month and
 * day names"): react-aria-components' Calendar in the locale de-AT (Austrian "Jänner", weeks from Monday), fully
 * keyboard-operable, in a popover dialog. Typing stays possible; the chosen day is handed to `onPick`.
 */
export function CalendarButton({ value, onPick, min, max, label, dialogLabel }: CalendarButtonProps) {
  return (
    <I18nProvider locale="de-AT">
      <DialogTrigger>
        <Button className="calendar-button" aria-label={label}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 2h1V1h1v1h6V1h1v1h1a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm0 4v8h10V6H3z" fill="currentColor" />
          </svg>
        </Button>
        <Popover className="date-picker__popover" placement="bottom start">
          <Dialog className="date-picker__dialog" aria-label={dialogLabel}>
            {({ close }) => (
              <Calendar
                autoFocus
                defaultFocusedValue={toDate(value) ?? undefined}
                value={toDate(value)}
                minValue={toDate(min)}
                maxValue={toDate(max)}
                onChange={(date) => {
                  onPick(date.toString());
                  close();
                }}
              >
                <CalendarMonth />
              </Calendar>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </I18nProvider>
  );
}
