import { makeSvnr } from '@contract/svnr';
import type { Persona } from './personas';

/** A demo persona's person data (no fund plan): what the login, registration and calculator personas share. */
export type DemoPerson = Omit<Persona, 'key'> & { key: string };

/** Who a demo persona is: key (the e-mail's local part), names, gender, birth date and the serial its numbers come from. */
export interface DemoIdentity {
  key: string;
  firstName: string;
  lastName: string;
  gender: 'FEMALE' | 'MALE';
  birthDate: string;
  serial: number;
}

/** Where a demo persona is reached and paid: phone, address and bank account (derived from the serial by the caller). */
export type DemoContact = Pick<DemoPerson, 'phone' | 'street' | 'postcode' | 'city' | 'bank'>;

/** A valid SVNR for the birth date: the first serial from `serial` up whose check digit works out. */
function demoSvnr(serial: number, birthDate: string): string {
  for (let s = serial; s <= 999; s++) {
    const v = makeSvnr(s, birthDate);
    if (v !== null) return v;
  }
  throw new Error(`no valid SVNR for ${birthDate}`);
}

/** The person data of a demo persona: e-mail `<key>@example.at`, no titles, a valid SVNR, and the given contact data. */
export function demoPerson({ key, firstName, lastName, gender, birthDate, serial }: DemoIdentity, contact: DemoContact): DemoPerson {
  return {
    key,
    email: `${key}@example.at`,
    description: '',
    gender,
    titlePrefix: null,
    titleSuffix: null,
    firstName,
    lastName,
    birthDate,
    svnr: demoSvnr(serial, birthDate),
    ...contact,
  };
}
