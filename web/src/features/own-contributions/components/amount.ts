import { isoDateVienna } from '@contract/dates';

/** Today in Vienna (ISO), for the form's own check; the server checks again with its clock. */
export function isoToday(): string {
  return isoDateVienna(Date.now());
}
