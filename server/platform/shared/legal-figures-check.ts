import { latestLegalFigures, missingLegalFiguresYear } from '@contract/legal-figures';
import { isoDateVienna } from '@contract/dates';
import type { Logger } from '../../log';
import type { Clock } from './clock';

/**
 * The start-up check of the yearly legal figures (schema/contract/legal-figures.ts, decision 0043): when the table
 * lacks the current year by `clock` (Vienna), logs a warning naming the missing year and the year used instead, and
 * returns the missing year; null (and no log line) when the year is in the table.
 */
export function warnIfLegalFiguresMissing(clock: Clock, logger: Logger): number | null {
  const missing = missingLegalFiguresYear(isoDateVienna(clock.now()));
  if (missing !== null) {
    logger.warn('legal figures of the current year missing; using the latest known year', { year: missing, usedYear: latestLegalFigures().year });
  }
  return missing;
}
