import { createHash } from 'node:crypto';
import type { EventRecorder } from '../../fund/events/events.store';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import type { LoginStatus } from '../session/session.rules';
import { verifyPassword } from '../session/password';
import type { StepUp } from '../session/step-up';
import type { LoginFlowService } from '../login-flow/login-flow.service';
import { writeCodeLetter } from '../../platform/letters/code-letter';
import type { Mailer } from '../../platform/mail/mailer';
import { salutationFor } from '../../platform/mail/templates';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { err, type Err } from '../../platform/shared/result';
import { isoDateVienna } from '@contract/dates';
import type { RegistrationFieldError } from '@contract/registration';
import { CODE_ORDER_BLOCK_DAYS, CODE_VALID_DAYS, newCode } from './registration.rules';
import type { RegistrationStore } from './registration.store';

/** What the registration and password services need; they are built once per process (server/services.ts). */
export interface RegistrationDeps {
  store: RegistrationStore;
  mailer: Mailer;
  audit: SecurityAudit;
  clock: Clock;
  tenant: TenantDefinition;
  config: Pick<Config, 'LETTERS_DIR'>;
  maintenance: boolean;
  logger: Logger;
  /**
   * Step-up check of a request, for the current password in the settings' password change
   * (server/modules/session/step-up.ts): a wrong one counts towards the login lockout, so a taken-over session cannot try
   * passwords without limit.
   */
  stepUp: StepUp;
  /**
   * The login flow's status machine: a step of the flow done here (new password after PASSWORD_INSECURE, e-mail
   * update) asks it for the next status and activates the session once the login is complete.
   */
  loginFlow: Pick<LoginFlowService, 'currentStatus' | 'advance'>;
  /** The fund's event feed (decision 0053): a new login e-mail address is written in the change's transaction. */
  events: EventRecorder;
}

/** A refusal of the registration flows: the status name as `code` and the refused fields (decision 0012). */
export type RegistrationErr<E extends string> = Err<E, RegistrationFieldError>;
/** A refusal during the login flow: also the login status that is still pending (or the next one, see the method). */
export type FlowErr<E extends string> = RegistrationErr<E> & { loginStatus: LoginStatus };

/** `err` with the registration's field-error type. */
export const refuse = <E extends string>(code: E, fieldErrors: RegistrationFieldError[] = []): RegistrationErr<E> => err(code, fieldErrors);

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const DAY = 86_400_000;

type Person = NonNullable<Awaited<ReturnType<RegistrationStore['person']>>>;

/** The person fields a code letter's address block needs. */
type LetterPerson = Pick<Person, 'gender' | 'titlePrefix' | 'firstName' | 'lastName' | 'titleSuffix' | 'street' | 'poBox' | 'postcode' | 'city' | 'country'>;

/** Salutation and address lines (name, street, P.O. box, postcode and city, country abroad) of a code letter to `person`. */
export function codeLetterRecipient(person: LetterPerson): { salutation: string; addressLines: string[] } {
  const name = [person.titlePrefix, person.firstName, person.lastName, person.titleSuffix].filter(Boolean).join(' ');
  const addressLines = [
    name,
    person.street ?? '',
    person.poBox ? `Postfach ${person.poBox}` : '',
    `${person.postcode ?? ''} ${person.city ?? ''}`.trim(),
    person.country === 'AT' ? '' : person.country,
  ].filter((l) => l !== '');
  return { salutation: salutationFor(person), addressLines };
}

/**
 * The parts shared by the registration and the password services: the password history check and codes by post
 * (ordered on /orderRegistrationCode, or as a first password in the "add e-mail" variant of password lost).
 */
export function registrationHelpers(deps: RegistrationDeps) {
  const { store, clock, tenant, logger } = deps;
  return {
    /** True when `password` equals the current or one of the last stored passwords of the person. */
    async usedBefore(personId: number, password: string): Promise<boolean> {
      for (const h of await store.recentPasswordHashes(personId)) if (await verifyPassword(h, password)) return true;
      return false;
    },

    /**
     * Issues a code of `kind` by post: row first (so the 7-day rule holds at once), then the PDF letter in
     * LETTERS_DIR before the answer (the answer already tells a matching number and last name apart, so writing it
     * adds nothing to learn from the timing; nothing waits in process memory). Answers the first day (Vienna) a new
     * code can be ordered.
     */
    async issueCodeLetter(person: Person, kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD'): Promise<string> {
      const code = newCode(kind);
      const now = clock.now();
      const validUntil = isoInstant(now + CODE_VALID_DAYS * DAY);
      const codeId = await store.insertCode({ personId: person.id, kind, codeHash: sha256(code), origin: 'ORDERED', createdAt: isoInstant(now), expiresAt: validUntil });
      try {
        const file = await writeCodeLetter(deps.config.LETTERS_DIR, codeId, tenant, {
          kind,
          code,
          date: isoDateVienna(now),
          validUntil: isoDateVienna(now + CODE_VALID_DAYS * DAY),
          recipient: codeLetterRecipient(person),
        });
        await store.setLetterFile(codeId, file);
        logger.info('code letter written', { codeId, file });
      } catch (error) {
        // The code row stays (the 7-day rule holds); its letter_file stays empty, which operations can see.
        logger.error('code letter failed', { codeId, error: error instanceof Error ? error.message : String(error) });
      }
      return isoDateVienna(now + CODE_ORDER_BLOCK_DAYS * DAY);
    },

    /** The 7-day rule: the first day a new code can be ordered, or null when one can be ordered now. */
    async nextOrderDay(personId: number): Promise<string | null> {
      const last = await store.lastOrderedCode(personId);
      if (!last) return null;
      const until = Date.parse(last.createdAt) + CODE_ORDER_BLOCK_DAYS * DAY;
      return until > clock.now() ? isoDateVienna(until) : null;
    },
  };
}
