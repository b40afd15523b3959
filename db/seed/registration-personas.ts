/**
 * Demo personas of registration, password lost and code ordering (spec 001 sections 2 and 5). Each makes one branch reachable by hand
 * and by tests; their plain codes are derived from the seed (`demoRegistrationCode`), so a test or a demo knows them
 * while the database holds only their SHA-256, as for real codes.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { demoPerson, type DemoPerson } from './demo-person';
import type { PersonaKey } from './personas';

export interface RegistrationPersona {
  persona: DemoPerson;
  /** Whose fund plan the persona gets (contracts, so a login after activation succeeds). */
  plan: PersonaKey;
  /**
   * NONE: never registered (no access, no e-mail); INSECURE: active access whose password the fund judged insecure
   * (login answers PASSWORD_INSECURE); NO_EMAIL: active access without a stored e-mail (password lost: MAIL_NOT_FOUND).
   */
  access: 'NONE' | 'INSECURE' | 'NO_EMAIL';
  /** A code waiting for the persona: kind, origin and how many days before "today" it was issued. */
  code?: { kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD'; origin: 'FUND' | 'ORDERED'; daysAgo: number };
}

/** A registration persona's person data: a Vienna address, its phone and bank account following from `serial`. */
function person(key: string, firstName: string, lastName: string, gender: 'FEMALE' | 'MALE', birthDate: string, serial: number): RegistrationPersona['persona'] {
  return demoPerson(
    { key, firstName, lastName, gender, birthDate, serial },
    {
      phone: '+43 664 ' + String(2000000 + serial * 613).slice(0, 7),
      street: 'Landstraßer Hauptstraße 12',
      postcode: '1030',
      city: 'Wien',
      bank: { blz: '20111', accountNumber: String(20000000000 + serial * 7907).slice(0, 11) },
    },
  );
}

/** Seeded after the login personas, before the generated population. */
export const REGISTRATION_PERSONAS: readonly RegistrationPersona[] = [
  { persona: person('xaver.neu', 'Xaver', 'Neu', 'MALE', '1984-05-17', 301), plan: 'anna', access: 'NONE', code: { kind: 'REGISTRATION_CODE', origin: 'FUND', daysAgo: 20 } },
  {
    persona: person('yvonne.erstpasswort', 'Yvonne', 'Erstpasswort', 'FEMALE', '1992-08-02', 302),
    plan: 'bernd',
    access: 'NONE',
    code: { kind: 'FIRST_PASSWORD', origin: 'FUND', daysAgo: 40 },
  },
  { persona: person('zoe.unsicher', 'Zoe', 'Unsicher', 'FEMALE', '1977-11-23', 303), plan: 'anna', access: 'INSECURE' },
  {
    persona: person('walter.bestellt', 'Walter', 'Bestellt', 'MALE', '1968-01-30', 304),
    plan: 'bernd',
    access: 'NONE',
    code: { kind: 'REGISTRATION_CODE', origin: 'ORDERED', daysAgo: 3 },
  },
  { persona: person('ulla.ohnemail', 'Ulla', 'Ohnemail', 'FEMALE', '1973-06-14', 305), plan: 'anna', access: 'NO_EMAIL' },
];

const ALPHABETS = { REGISTRATION_CODE: ['23456789abcdefghjkmnpqrstuvwxyz', 12], FIRST_PASSWORD: ['ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789', 10] } as const;

/**
 * The plain demo code of a registration persona for a seed (demo data only; real codes are random): a
 * registration code of 12 digits and lower-case letters, or a first password of 10 letters and digits.
 */
export function demoRegistrationCode(seed: number, key: string): string {
  const rp = REGISTRATION_PERSONAS.find((p) => p.persona.key === key);
  if (!rp?.code) throw new Error(`no demo code for ${key}`);
  const [alphabet, length] = ALPHABETS[rp.code.kind];
  const bytes = createHash('sha256').update(`demo-code:${seed}:${key}`).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

/** Applies a registration persona's access and code to its freshly inserted rows (person with credentials). */
export function applyRegistrationSetup(c: Database.Database, personId: number, rp: RegistrationPersona, seed: number, todayMs: number, log: (msg: string) => void): void {
  if (rp.access === 'NONE') {
    c.prepare('DELETE FROM credentials WHERE person_id = ?').run(personId);
    c.prepare('UPDATE persons SET email = NULL WHERE id = ?').run(personId);
  } else if (rp.access === 'NO_EMAIL') {
    c.prepare('UPDATE persons SET email = NULL WHERE id = ?').run(personId);
  } else {
    c.prepare('UPDATE credentials SET password_insecure = 1 WHERE person_id = ?').run(personId);
  }
  if (rp.code) {
    const code = demoRegistrationCode(seed, rp.persona.key);
    const created = new Date(todayMs + 9 * 3_600_000 - rp.code.daysAgo * 86_400_000).toISOString();
    const expires = new Date(todayMs + 60 * 86_400_000).toISOString();
    c.prepare('INSERT INTO registration_codes (person_id, kind, code_hash, origin, created_at, expires_at, used_at, letter_file) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)').run(
      personId,
      rp.code.kind,
      createHash('sha256').update(code).digest('base64url'),
      rp.code.origin,
      created,
      expires,
    );
    log(`demo ${rp.code.kind === 'REGISTRATION_CODE' ? 'registration code' : 'first password'} of ${rp.persona.firstName} ${rp.persona.lastName}: ${code}`);
  }
}
