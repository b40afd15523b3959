/**
 * Named scenarios for the API tests: the seeded demo personas by first name, each standing for one
 * situation of the portal, so a test says `loginAs(server, 'anna')` instead of typing an e-mail address out. The
 * e-mails come from the seed (db/seed/*personas.ts); tests/unit/scenarios.test.ts checks that every scenario is
 * a seeded persona.
 */
import { BOARD_PERSONA_EMAILS } from '../../db/seed/board-personas';
import { PERSONA_EMAILS } from '../../db/seed/personas';
import { DEMO_PASSWORD, logIn, loginMember, PortalClient, type LoginAnswer } from './client';

const seeded = (local: string) => `${local}@example.at`;

/** The personas and what each one stands for; the first login status is the spec's (000 section 4). */
export const SCENARIOS = {
  /** Pensionskasse and Vorsorgekasse member with statements, documents, messages; digital delivery. */
  anna: PERSONA_EMAILS.anna,
  /** Vorsorgekasse only, several severance accounts (claims, merge). */
  bernd: PERSONA_EMAILS.bernd,
  /** Pensionskasse beneficiary; also sits on the Pensionskasse's supervisory board. */
  clara: PERSONA_EMAILS.clara,
  /** Supervisory-board member of the Vorsorgekasse without a contract of her own (`SUCCESSFUL_PK_ASP`). */
  sonja: BOARD_PERSONA_EMAILS.sonja,
  /** Own contributions only: the calculator is open for own contributions (`OWN_CONTRIBUTIONS_ONLY`). */
  rosa: seeded('rosa.eigenbeitrag'),
  /** Terms of use of both funds to accept (`NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK`). */
  dora: seeded('dora.nutzung'),
  /** Terms of the Pensionskasse to accept (`NUTZUNGSBEDINGUNGEN_ACCEPT_PK`). */
  theo: seeded('theo.nutzung'),
  /** Terms of the Vorsorgekasse to accept (`NUTZUNGSBEDINGUNGEN_ACCEPT_VK`). */
  uwe: seeded('uwe.nutzung'),
  /** Contact person (ASP) of employers, chooses the mailbox type at login. */
  emil: seeded('emil.dienst'),
  /** Contact person (ASP) of one customer and a member herself (`SUCCESSFUL_PK_WITH_ASP`). */
  paula: seeded('paula.ansprech'),
  /** Contact person (ASP) without a contract (`SUCCESSFUL_PK_ASP`). */
  otto: seeded('otto.kunde'),
  /** The annual-statement delivery decision is open (`IBK_DECISSION`). */
  fritz: seeded('fritz.brief'),
  /** First login with a first password that must be changed. */
  gabi: seeded('gabi.erstlogin'),
  /** The e-mail of both funds must be confirmed (`UPDATE_PKVK_MAIL`). */
  hans: seeded('hans.update'),
  /** The Pensionskasse e-mail must be confirmed (`UPDATE_PK_MAIL`). */
  vera: seeded('vera.pkmail'),
  /** The Vorsorgekasse e-mail must be confirmed (`UPDATE_VK_MAIL`). */
  willi: seeded('willi.vkmail'),
  /** The post-login questions are open (newsletters, delivery, prize draw). */
  ida: seeded('ida.newsletter'),
  /** The registration data must be reviewed (`UPDATE_REGISTRATION`). */
  rita: seeded('rita.review'),
  /** Access deactivated (`DEACTIVATED`). */
  karl: seeded('karl.gesperrt'),
  /** Access locked (`LOCKED`). */
  sepp: seeded('sepp.gesperrt'),
  /** Left the fund (`ERROR_AUSGETRETEN`). */
  lena: seeded('lena.ausgetreten'),
  /** Deceased (`ERROR_TOT`). */
  max: seeded('max.verstorben'),
  /** Registered, activation link not yet followed. */
  nina: seeded('nina.aktivierung'),
  /** Password judged insecure: the login answers `PASSWORD_INSECURE` and asks for a new one (registration personas). */
  zoe: seeded('zoe.unsicher'),
} as const;

/** A scenario's name: `anna`, `dora`, `sonja`, … */
export type Scenario = keyof typeof SCENARIOS;

/** The login e-mail of a scenario's persona. */
export function emailOf(scenario: Scenario): string {
  return SCENARIOS[scenario];
}

/** A client logged in as the scenario's persona through GraphQL `login` (fails the test when the login does not complete). */
export async function loginAs(server: { url: string }, scenario: Scenario, password = DEMO_PASSWORD): Promise<PortalClient> {
  return await loginMember(server.url, SCENARIOS[scenario], password);
}

/** Starts a login as the scenario's persona on a new client and answers both: for personas whose login stops at a flow step. */
export async function startLoginAs(server: { url: string }, scenario: Scenario, password = DEMO_PASSWORD): Promise<{ client: PortalClient; answer: LoginAnswer }> {
  const client = new PortalClient(server.url);
  return { client, answer: await logIn(client, SCENARIOS[scenario], password) };
}
