/**
 * Demo personas of the login status machine (spec 000 section 4). Each one makes
 * one branch of the login flow reachable by hand and by tests. Their fund data reuses a base persona's plan
 * (db/seed/personas.ts), so their statements satisfy the same roll-forward invariants.
 */
import { createHash } from 'node:crypto';
import { demoPerson, type DemoPerson } from './demo-person';
import type { PersonaKey } from './personas';

/** What the login flow finds for the persona (columns of persons, credentials and contact_duties). */
export interface LoginSetup {
  termsPending?: 'PK' | 'VK' | 'PKVK';
  annualStatementDecisionPending?: boolean;
  loginDataSyncPending?: boolean;
  emailUpdatePending?: 'PK' | 'VK' | 'PKVK';
  registrationUpdatePending?: boolean;
  accessStatus?: 'DEACTIVATED' | 'LOCKED' | 'PENDING_ACTIVATION';
  membershipStatus?: 'EXITED' | 'DECEASED';
  /** All post-login questions open: newsletters, benefit statement delivery, account statement by mail, prize draw. */
  openQuestions?: boolean;
  /** Service duties (ASP): customer designation and function groups. */
  duties?: { customerDesignation: string; functionGroups: string[] }[];
}

export interface LoginPersona {
  persona: DemoPerson;
  /** Whose fund plan the persona gets; null = no contract with either fund (ASP only). */
  plan: PersonaKey | null;
  /** The first answer of `login` for this persona. */
  firstStatus: string;
  setup: LoginSetup;
}

/** A login persona's person data; its phone and bank account follow from `serial` (0660 numbers, BLZ 14000). */
export function person(
  key: string,
  firstName: string,
  lastName: string,
  gender: 'FEMALE' | 'MALE',
  birthDate: string,
  serial: number,
  place: { street: string; postcode: string; city: string },
): LoginPersona['persona'] {
  return demoPerson(
    { key, firstName, lastName, gender, birthDate, serial },
    {
      phone: '+43 660 ' + String(1000000 + serial * 977).slice(0, 7),
      ...place,
      bank: { blz: '14000', accountNumber: String(10000000000 + serial * 7919).slice(0, 11) },
    },
  );
}

const WIEN = { street: 'Mariahilfer Straße 88', postcode: '1070', city: 'Wien' };
const STP = { street: 'Kremser Gasse 3', postcode: '3100', city: 'St. Pölten' };

/** In seeding order, right after the three base personas. */
export const LOGIN_PERSONAS: readonly LoginPersona[] = [
  {
    persona: person('dora.nutzung', 'Dora', 'Nutzung', 'FEMALE', '1981-02-11', 201, WIEN),
    plan: 'anna',
    firstStatus: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK',
    setup: { termsPending: 'PKVK' },
  },
  {
    persona: person('emil.dienst', 'Emil', 'Dienst', 'MALE', '1975-09-30', 202, WIEN),
    plan: 'anna',
    firstStatus: 'SUCCESSFUL_PK_MANY_ASP',
    setup: {
      duties: [
        { customerDesignation: 'Donau Logistik AG', functionGroups: ['Personalverrechnung', 'Beitragsmeldungen'] },
        { customerDesignation: 'Alpenländische Bau GmbH', functionGroups: ['Personalverrechnung'] },
        { customerDesignation: 'Tiroler Holzbau GmbH & Co KG', functionGroups: ['Geschäftsführung', 'Personalverrechnung', 'Auswertungen'] },
      ],
    },
  },
  { persona: person('fritz.brief', 'Fritz', 'Brief', 'MALE', '1969-12-01', 203, STP), plan: 'anna', firstStatus: 'IBK_DECISSION', setup: { annualStatementDecisionPending: true } },
  {
    persona: person('gabi.erstlogin', 'Gabi', 'Erstlogin', 'FEMALE', '1990-06-06', 204, STP),
    plan: 'anna',
    firstStatus: 'SYNCHRONIZE_LOGIN_DATA',
    setup: { loginDataSyncPending: true },
  },
  { persona: person('hans.update', 'Hans', 'Update', 'MALE', '1972-03-03', 205, WIEN), plan: 'anna', firstStatus: 'UPDATE_PKVK_MAIL', setup: { emailUpdatePending: 'PKVK' } },
  { persona: person('ida.newsletter', 'Ida', 'Newsletter', 'FEMALE', '1988-10-10', 206, WIEN), plan: 'anna', firstStatus: 'SUCCESSFUL', setup: { openQuestions: true } },
  { persona: person('karl.gesperrt', 'Karl', 'Gesperrt', 'MALE', '1966-07-07', 207, STP), plan: 'bernd', firstStatus: 'DEACTIVATED', setup: { accessStatus: 'DEACTIVATED' } },
  {
    persona: person('lena.ausgetreten', 'Lena', 'Ausgetreten', 'FEMALE', '1985-01-21', 208, STP),
    plan: 'bernd',
    firstStatus: 'ERROR_AUSGETRETEN',
    setup: { membershipStatus: 'EXITED' },
  },
  { persona: person('max.verstorben', 'Max', 'Verstorben', 'MALE', '1950-04-04', 209, WIEN), plan: 'clara', firstStatus: 'ERROR_TOT', setup: { membershipStatus: 'DECEASED' } },
  {
    persona: person('paula.ansprech', 'Paula', 'Ansprech', 'FEMALE', '1983-08-18', 210, WIEN),
    plan: 'anna',
    firstStatus: 'SUCCESSFUL_PK_WITH_ASP',
    setup: { duties: [{ customerDesignation: 'Donau Logistik AG', functionGroups: ['Personalverrechnung'] }] },
  },
  {
    persona: person('otto.kunde', 'Otto', 'Kunde', 'MALE', '1970-11-11', 211, STP),
    plan: null,
    firstStatus: 'SUCCESSFUL_PK_ASP',
    setup: { duties: [{ customerDesignation: 'Alpenländische Bau GmbH', functionGroups: ['Geschäftsführung'] }] },
  },
  {
    persona: person('rita.review', 'Rita', 'Review', 'FEMALE', '1979-05-25', 212, WIEN),
    plan: 'anna',
    firstStatus: 'UPDATE_REGISTRATION',
    setup: { registrationUpdatePending: true },
  },
  { persona: person('sepp.gesperrt', 'Sepp', 'Gesperrt', 'MALE', '1962-02-02', 213, STP), plan: 'bernd', firstStatus: 'LOCKED', setup: { accessStatus: 'LOCKED' } },
  {
    persona: person('theo.nutzung', 'Theo', 'Nutzung', 'MALE', '1958-09-09', 214, WIEN),
    plan: 'clara',
    firstStatus: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PK',
    setup: { termsPending: 'PK' },
  },
  { persona: person('uwe.nutzung', 'Uwe', 'Nutzung', 'MALE', '1986-12-12', 215, STP), plan: 'bernd', firstStatus: 'NUTZUNGSBEDINGUNGEN_ACCEPT_VK', setup: { termsPending: 'VK' } },
  { persona: person('vera.pkmail', 'Vera', 'Pkmail', 'FEMALE', '1959-03-30', 216, WIEN), plan: 'clara', firstStatus: 'UPDATE_PK_MAIL', setup: { emailUpdatePending: 'PK' } },
  { persona: person('willi.vkmail', 'Willi', 'Vkmail', 'MALE', '1991-04-14', 217, STP), plan: 'bernd', firstStatus: 'UPDATE_VK_MAIL', setup: { emailUpdatePending: 'VK' } },
  {
    persona: person('nina.aktivierung', 'Nina', 'Aktivierung', 'FEMALE', '1995-07-19', 218, WIEN),
    plan: 'bernd',
    firstStatus: 'NOT_VALID',
    setup: { accessStatus: 'PENDING_ACTIVATION' },
  },
  // Fritz's twin that no test answers: the radio-layout check of the login-time dialogs needs the question unanswered,
  // whatever ran before it on the shared browser-test server (login-flow.spec.ts answers fritz's).
  {
    persona: person('frieda.brief', 'Frieda', 'Brief', 'FEMALE', '1971-05-05', 219, STP),
    plan: 'anna',
    firstStatus: 'IBK_DECISSION',
    setup: { annualStatementDecisionPending: true },
  },
  // Ida's twin for the same reason (login-flow.spec.ts answers ida's questions).
  { persona: person('ines.newsletter', 'Ines', 'Newsletter', 'FEMALE', '1987-09-09', 220, WIEN), plan: 'anna', firstStatus: 'SUCCESSFUL', setup: { openQuestions: true } },
];

/**
 * The demo activation link token of nina.aktivierung@example.at: derived from the seed so that the link printed at
 * start is stable for a seed (demo data only; real tokens are random). 256 bits, base64url.
 */
export function demoActivationToken(seed: number): string {
  return createHash('sha256').update(`demo-activation:${seed}`).digest('base64url');
}
