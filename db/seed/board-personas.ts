/**
 * Supervisory-board demo (docs/decisions/0026-supervisory-board-inbox.md): the board-only personas,
 * the seats of every board persona and its supervisory-board inbox.
 */
import { type Persona, PERSONA_EMAILS, personaSvnr } from './personas';

// ---------------------------------------------------------------------------------------------------------------
// Supervisory board (docs/decisions/0026-supervisory-board-inbox.md)
// ---------------------------------------------------------------------------------------------------------------

/** E-mails of the supervisory-board demo: sonja sits on the board without an own contract; clara is also a beneficiary. */
export const BOARD_PERSONA_EMAILS = {
  sonja: 'sonja.aufsicht@example.at',
  clara: PERSONA_EMAILS.clara,
} as const;

/** First LFN of the supervisory-board personas (own range, so the generated population keeps its numbers). */
export const BOARD_PERSONA_LFN = 92_000;

/**
 * Supervisory-board members without an own contract or account (spec 001 section 1: they see their own contract only
 * if they are also a member or beneficiary). Seeded after the calculator personas.
 */
export const BOARD_ONLY_PERSONAS: readonly (Omit<Persona, 'key'> & { key: string })[] = [
  {
    key: 'sonja.aufsicht',
    email: BOARD_PERSONA_EMAILS.sonja,
    description: 'Supervisory-board member of the Vorsorgekasse without an own contract: supervisory-board inbox only (two unread, one read board message, one with a PDF).',
    gender: 'FEMALE',
    titlePrefix: 'Dr.in',
    titleSuffix: null,
    firstName: 'Sonja',
    lastName: 'Aufsicht',
    birthDate: '1968-04-23',
    svnr: personaSvnr(241, '1968-04-23'),
    phone: '+43 1 5123456',
    street: 'Schottenring 7',
    postcode: '1010',
    city: 'Wien',
    bank: { blz: '20111', accountNumber: '00055512345' },
  },
];

/** A seat on a fund's supervisory board (supervisory_board_seats), as the core-system import delivers it. */
export interface PersonaBoardSeat {
  fund: 'PENSION_FUND' | 'SEVERANCE_FUND';
  /** ISO date. */
  since: string;
  /** ISO date; null while the term is open. */
  until: string | null;
}

/** A message of a persona's supervisory-board inbox, dated `daysAgo` days before today (09:00 UTC). */
export interface PersonaBoardMessage {
  counterpart: 'PENSION_FUND' | 'SEVERANCE_FUND';
  subject: string;
  body: string;
  daysAgo: number;
  read: boolean;
  /** File name of a one-page PDF board document attached to the message (its title is the subject). */
  attachment?: string;
}

/**
 * The unread invitation of the fund's board (`counterpart`) to December's board meeting of `year`, to the board
 * member `addressee` ("Frau Dr.in …"), sent `daysAgo` days before the seed date, with the agenda attached.
 */
function boardInvitation(counterpart: PersonaBoardMessage['counterpart'], addressee: string, year: number, daysAgo: number): PersonaBoardMessage {
  const fundName = counterpart === 'PENSION_FUND' ? 'Pensionskasse' : 'Vorsorgekasse';
  return {
    counterpart,
    subject: `Einladung zur Sitzung des Aufsichtsrats im Dezember ${year}`,
    body:
      `Sehr geehrte ${addressee},\n\nwir laden Sie herzlich zur ordentlichen Sitzung des Aufsichtsrats der ` +
      `${fundName} ein. Die Tagesordnung finden Sie im Anhang.\n\nMit freundlichen Grüßen\nDer Vorstand`,
    daysAgo,
    read: false,
    attachment: 'Tagesordnung-Aufsichtsratssitzung.pdf',
  };
}

/** Board seats and board messages of the supervisory-board personas, by e-mail. */
export function supervisoryBoardPlans(lastYear: number): { email: string; seats: PersonaBoardSeat[]; messages: PersonaBoardMessage[] }[] {
  const year = lastYear + 1;
  return [
    {
      email: BOARD_PERSONA_EMAILS.sonja,
      seats: [{ fund: 'SEVERANCE_FUND', since: '2021-07-01', until: null }],
      messages: [
        boardInvitation('SEVERANCE_FUND', 'Frau Dr.in Aufsicht', year, 2),
        {
          counterpart: 'SEVERANCE_FUND',
          subject: `Quartalsbericht Veranlagung Q3 ${year}`,
          body: 'Sehr geehrte Frau Dr.in Aufsicht,\n\nder Bericht über die Veranlagung im dritten Quartal liegt vor.\n\nMit freundlichen Grüßen\nDer Vorstand',
          daysAgo: 12,
          read: false,
        },
        {
          counterpart: 'SEVERANCE_FUND',
          subject: `Protokoll der Aufsichtsratssitzung vom Juni ${year}`,
          body: 'Sehr geehrte Frau Dr.in Aufsicht,\n\nanbei das genehmigte Protokoll der letzten Sitzung.\n\nMit freundlichen Grüßen\nDer Vorstand',
          daysAgo: 140,
          read: true,
          attachment: 'Protokoll-Aufsichtsratssitzung.pdf',
        },
      ],
    },
    {
      email: BOARD_PERSONA_EMAILS.clara,
      seats: [{ fund: 'PENSION_FUND', since: '2023-01-01', until: null }],
      messages: [boardInvitation('PENSION_FUND', 'Frau Dr.in Pension', year, 4)],
    },
  ];
}
