/**
 * Demo personas that are always seeded first (lowest ids), with fixed parameters, so that demos, end-to-end
 * tests and manual checks can rely on them. Their figures come from the same roll-forward functions as the
 * population (db/seed/history.ts), so they satisfy the same invariants.
 */
import { createHash } from 'node:crypto';
import { makeSvnr } from '@contract/svnr';
import { monthIndex } from './calendar';
import type { SalaryPath } from './market';
import type { PersonRow } from '../schema';

/** Password of every seeded login (personas and population). Demo data only. */
export const DEMO_PASSWORD = 'Pensionskasse#2026';

export type PersonaKey = 'anna' | 'bernd' | 'clara';

/** A persona's person row data (the fund data follows from `personaFundPlan`). */
export interface Persona extends Pick<PersonRow, 'gender' | 'titlePrefix' | 'titleSuffix' | 'firstName' | 'lastName' | 'birthDate'> {
  key: PersonaKey;
  /** Login e-mail (lower case). */
  email: string;
  /** Who the persona is and what it demonstrates. */
  description: string;
  /** Valid 10-digit SVNR (check digit per DOMAIN.md). */
  svnr: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  /** Bank account: bank code (BLZ) of one of names.ts BANKS and an 11-digit account number. */
  bank: { blz: string; accountNumber: string };
  /** Electronic-ID bPK linked to the person (persons.eid_bpk), for the eID login demo; none when absent. */
  eidBpk?: string;
}

/**
 * A deterministic demo bPK for persona `key`: `AT:bPK:ZP:` + base64 of SHA-256(key). Demo data only; a real bPK
 * comes from the eID provider as the ID token's `sub` (DOMAIN.md "Electronic ID").
 */
export function demoEidBpk(key: string): string {
  return `AT:bPK:ZP:${createHash('sha256').update(key).digest('base64')}`;
}

/** anna's demo bPK: an eID login whose `sub` is this value logs in as anna.muster@example.at. */
export const ANNA_EID_BPK = demoEidBpk('anna');

/** First valid SVNR for `birthDate` with a serial from `serial` upwards (a serial can give the unissued remainder 10). */
export function personaSvnr(serial: number, birthDate: string): string {
  for (let s = serial; s <= 999; s++) {
    const svnr = makeSvnr(s, birthDate);
    if (svnr !== null) return svnr;
  }
  throw new Error(`no valid SVNR for ${birthDate}`);
}

/** E-mails of the personas, for tests and demos. */
export const PERSONA_EMAILS = {
  anna: 'anna.muster@example.at',
  bernd: 'bernd.vorsorge@example.at',
  clara: 'clara.pension@example.at',
} as const satisfies Record<PersonaKey, string>;

/** The always-seeded personas, in seeding order (ids 1, 2, 3 in an empty database). */
export const PERSONAS: readonly Persona[] = [
  {
    key: 'anna',
    email: PERSONA_EMAILS.anna,
    description:
      'Member of both funds: one PK contract (MEMBER, VRG 3, statements 2015 to last year) and one ACTIVE VK account ' +
      '(statements 2008 to last year); two unread inbound messages (PK and VK) and one read message.',
    gender: 'FEMALE',
    titlePrefix: 'Mag.a',
    titleSuffix: null,
    firstName: 'Anna',
    lastName: 'Muster',
    birthDate: '1984-05-17',
    svnr: personaSvnr(123, '1984-05-17'),
    phone: '+43 664 1234567',
    street: 'Lindengasse 12/4',
    postcode: '1070',
    city: 'Wien',
    bank: { blz: '20111', accountNumber: '00012345678' },
    eidBpk: ANNA_EID_BPK,
  },
  {
    key: 'bernd',
    email: PERSONA_EMAILS.bernd,
    description:
      'VK only: an account DORMANT since four years (employment ended, 99 contribution months, right to decide set) ' + 'and an ACTIVE second account with the new employer.',
    gender: 'MALE',
    titlePrefix: null,
    titleSuffix: null,
    firstName: 'Bernd',
    lastName: 'Vorsorge',
    birthDate: '1979-08-21',
    svnr: personaSvnr(456, '1979-08-21'),
    phone: '+43 676 2345678',
    street: 'Landstraße 45',
    postcode: '4020',
    city: 'Linz',
    bank: { blz: '32000', accountNumber: '00087654321' },
  },
  {
    key: 'clara',
    email: PERSONA_EMAILS.clara,
    description: 'PK only: BENEFICIARY born 1957, pension since 2022-01-01 (monthly pension × 14 paid each year, reserve ' + 'shrinking), statements 2008 to last year.',
    gender: 'FEMALE',
    titlePrefix: 'Dr.in',
    titleSuffix: null,
    firstName: 'Clara',
    lastName: 'Pension',
    birthDate: '1957-03-14',
    svnr: personaSvnr(789, '1957-03-14'),
    phone: '+43 316 8765432',
    street: 'Annenstraße 28',
    postcode: '8010',
    city: 'Graz',
    bank: { blz: '20815', accountNumber: '00011223344' },
  },
];

/** A persona's PK contract parameters (month indexes as in history.ts `monthIndex`). */
export interface PersonaPkPlan {
  vrg: number;
  startMonth: number;
  rateBp: number;
  widowTransitionPercent: 0 | 50 | 60 | 75;
  partnerRule: 'NONE' | 'SPOUSE' | 'SPOUSE_OR_REGISTERED_PARTNER' | 'SPOUSE_OR_COHABITANT';
  /** Index into the seeded employers (0 = first employer). */
  employerIndex: number;
  employerRatePermille: number;
  ownContributionMonthlyCents: number | null;
  pensionStartMonth: number | null;
}

/** A persona's VK account parameters. */
export interface PersonaVkPlan {
  firstMonth: number;
  lastMonth: number | null;
  employerIndex: number;
}

/** A message in a persona's inbox, dated `daysAgo` days before today. */
export interface PersonaMessage {
  counterpart: 'PENSION_FUND' | 'SEVERANCE_FUND';
  origin: 'CORE_SYSTEM' | 'CLERK';
  subject: string;
  body: string;
  daysAgo: number;
  read: boolean;
}

/** One message of a seeded conversation: the member's question (`fromMember`) or the fund's answer (read). */
export interface PersonaConversationMessage {
  fromMember: boolean;
  counterpart: 'PENSION_FUND' | 'SEVERANCE_FUND' | 'PENSION_SERVICE';
  subject: string;
  body: string;
  daysAgo: number;
}

/** Fund data of a persona; dates that must stay "a few years ago" are relative to the last statement year. */
export interface PersonaFundPlan {
  salary: SalaryPath;
  pk: PersonaPkPlan | null;
  vk: PersonaVkPlan[];
  messages: PersonaMessage[];
  /** A question the member sent in the portal and the fund's answer, oldest first. */
  conversation?: PersonaConversationMessage[];
}

/** A question and its answer, `daysAgo` and two days later. */
function conversation(counterpart: PersonaConversationMessage['counterpart'], daysAgo: number, subject: string, question: string, answer: string): PersonaConversationMessage[] {
  return [
    { fromMember: true, counterpart, subject, body: question, daysAgo },
    { fromMember: false, counterpart, subject: `AW: ${subject}`.slice(0, 100), body: answer, daysAgo: daysAgo - 2 },
  ];
}

/**
 * Fund plan of a persona for statements up to `lastYear` (today's year − 1). Anna and Clara use fixed calendar
 * years from the brief; Bernd's dormant account ended in June of `lastYear − 4`.
 */
export function personaFundPlan(key: PersonaKey, lastYear: number): PersonaFundPlan {
  switch (key) {
    case 'anna':
      return {
        salary: { baseYear: 2008, baseMonthlyCents: 240_000, growthBp: 300 },
        pk: {
          vrg: 3,
          startMonth: monthIndex(2015, 4),
          rateBp: 250,
          widowTransitionPercent: 60,
          partnerRule: 'SPOUSE_OR_REGISTERED_PARTNER',
          employerIndex: 0,
          employerRatePermille: 40,
          ownContributionMonthlyCents: 5_000,
          pensionStartMonth: null,
        },
        vk: [{ firstMonth: monthIndex(2008, 3), lastMonth: null, employerIndex: 0 }],
        messages: [
          {
            counterpart: 'PENSION_FUND',
            origin: 'CORE_SYSTEM',
            subject: `Ihr Leistungsnachweis zum 31.12.${lastYear} ist verfügbar`,
            body:
              'Sehr geehrte Frau Mag.a Muster,\n\nIhr Leistungsnachweis der Pensionskasse zum Stichtag ' +
              `31.12.${lastYear} steht ab sofort im Portal unter „Dokumente“ zur Verfügung.\n\n` +
              'Mit freundlichen Grüßen\nIhre Pensionskasse',
            daysAgo: 5,
            read: false,
          },
          {
            counterpart: 'SEVERANCE_FUND',
            origin: 'CORE_SYSTEM',
            subject: `Ihre Kontonachricht zum 31.12.${lastYear}`,
            body:
              'Sehr geehrte Frau Mag.a Muster,\n\nIhre jährliche Kontonachricht der Vorsorgekasse zum ' +
              `31.12.${lastYear} ist jetzt abrufbar. Sie finden darin Ihre Abfertigungsanwartschaft und alle ` +
              'Buchungen des Jahres.\n\nMit freundlichen Grüßen\nIhre Vorsorgekasse',
            daysAgo: 3,
            read: false,
          },
          {
            counterpart: 'PENSION_FUND',
            origin: 'CLERK',
            subject: 'Willkommen im Mitgliederportal',
            body:
              'Sehr geehrte Frau Mag.a Muster,\n\nvielen Dank für Ihre Registrierung. Im Portal sehen Sie Ihre ' +
              'Pensionskassen- und Vorsorgekassendaten an einem Ort.\n\nMit freundlichen Grüßen\nIhr Kundenservice',
            daysAgo: 60,
            read: true,
          },
        ],
        conversation: conversation(
          'SEVERANCE_FUND',
          40,
          'Frage zu meinen Beitragsmonaten',
          'Sehr geehrte Damen und Herren,\n\nwie viele Beitragsmonate sind in meinem Konto erfasst?\n\nMit freundlichen Grüßen\nAnna Muster',
          'Sehr geehrte Frau Mag.a Muster,\n\nin Ihrem Konto sind alle Beitragsmonate seit März 2008 erfasst; die Übersicht finden Sie unter „Vorsorgekasse“.\n\nMit freundlichen Grüßen\nIhre Vorsorgekasse',
        ),
      };
    case 'bernd':
      return {
        salary: { baseYear: lastYear - 12, baseMonthlyCents: 290_000, growthBp: 250 },
        pk: null,
        vk: [
          { firstMonth: monthIndex(lastYear - 12, 4), lastMonth: monthIndex(lastYear - 4, 6), employerIndex: 1 },
          { firstMonth: monthIndex(lastYear - 4, 10), lastMonth: null, employerIndex: 2 },
        ],
        messages: [
          {
            counterpart: 'SEVERANCE_FUND',
            origin: 'CORE_SYSTEM',
            subject: 'Sie können über Ihre Abfertigung verfügen',
            body:
              'Sehr geehrter Herr Vorsorge,\n\nIhr Dienstverhältnis wurde beendet und Sie haben mehr als 36 ' +
              'Beitragsmonate erworben. Sie können daher über Ihre Abfertigung verfügen: weiter veranlagen, ' +
              'übertragen oder auszahlen lassen.\n\nMit freundlichen Grüßen\nIhre Vorsorgekasse',
            daysAgo: 120,
            read: true,
          },
        ],
        conversation: conversation(
          'SEVERANCE_FUND',
          100,
          'Auszahlung meiner Abfertigung',
          'Sehr geehrte Damen und Herren,\n\nwelche Unterlagen brauchen Sie für die Auszahlung?\n\nMit freundlichen Grüßen\nBernd Vorsorge',
          'Sehr geehrter Herr Vorsorge,\n\nbitte stellen Sie den Antrag im Portal und laden Sie eine Kopie Ihres Lichtbildausweises hoch.\n\nMit freundlichen Grüßen\nIhre Vorsorgekasse',
        ),
      };
    case 'clara':
      return {
        salary: { baseYear: 2008, baseMonthlyCents: 480_000, growthBp: 250 },
        pk: {
          vrg: 1,
          startMonth: monthIndex(2008, 1),
          rateBp: 250,
          widowTransitionPercent: 0,
          partnerRule: 'NONE',
          employerIndex: 3,
          employerRatePermille: 50,
          ownContributionMonthlyCents: null,
          pensionStartMonth: monthIndex(2022, 1),
        },
        vk: [],
        messages: [
          {
            counterpart: 'PENSION_FUND',
            origin: 'CORE_SYSTEM',
            subject: 'Ihre Pensionsauszahlungen im Überblick',
            body:
              'Sehr geehrte Frau Dr.in Pension,\n\nIhre Pension wird 14-mal im Jahr ausbezahlt. Die Übersicht ' +
              'Ihrer Auszahlungen finden Sie im Portal unter „Dokumente“.\n\nMit freundlichen Grüßen\nIhre Pensionskasse',
            daysAgo: 30,
            read: true,
          },
        ],
        conversation: conversation(
          'PENSION_SERVICE',
          20,
          'Auszahlungstermine meiner Pension',
          'Sehr geehrte Damen und Herren,\n\nan welchen Tagen wird meine Pension überwiesen?\n\nMit freundlichen Grüßen\nClara Pension',
          'Sehr geehrte Frau Dr.in Pension,\n\nIhre Pension wird jeweils am Monatsersten überwiesen, die Sonderzahlungen im April und Oktober.\n\nMit freundlichen Grüßen\nIhr Pensionsservice',
        ),
      };
  }
}
