import { and, eq, gte } from 'drizzle-orm';
import type { EventRecorder } from '../../fund/events/events.store';
import { isoDateVienna } from '@contract/dates';
import { checkForm, earliestPensionStart, FORM_RESEND_DAYS, formRecipient, type FormErrorCode, type FormKind, type FormValues } from '@contract/forms';
import { writeTransaction, type Db } from '../../../db/client';
import { formSubmissions } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { StepUp, StepUpAction } from '../session/step-up';
import { renderLetter } from '../documents/pdf/letter';
import { recipientOf } from '../documents/pdf/templates';
import type { Idempotency } from '../../platform/idempotency/idempotency';
import { ownMailbox, type MessagesService, type MessageView } from '../messages/messages.service';
import type { MessagesStore } from '../messages/messages.store';
import type { PersonStore } from '../person/person.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { err, ok, type Result } from '../../platform/shared/result';
import type { RequestScope } from '../../platform/shared/request-scope';
import type { UploadsService } from '../uploads/uploads.service';
import { formFileName, formLetter, formMessageBody, formTitle } from './forms.pdf';

/** What a sent form answers: the sent message (with the PDF and any ID document attached) and the kind. */
export interface SentForm {
  kind: FormValues['kind'];
  message: MessageView;
}

/**
 * A form as GraphQL `SubmitFormInput` and the REST method `webportal/form` send it. `checkForm` of the contract checks
 * it, the kind's section field by field: a section is typed by the GraphQL input, but the REST body may carry any
 * JSON value there, so the sections stay `unknown` until checked (a wrong one is a field error).
 */
export interface SubmitFormWire {
  kind?: string | null;
  idempotencyKey?: string | null;
  contactEmail?: string | null;
  termsAccepted?: boolean | null;
  currentPassword?: string | null;
  vestedAmount?: unknown;
  bankData?: unknown;
  pensionCall?: unknown;
  exitApplication?: unknown;
  employmentDeclaration?: unknown;
  functionDeclaration?: unknown;
  familyDeclaration?: unknown;
  modelObjection?: unknown;
  modelSwitch?: unknown;
}

/** The step-up a form needs: changing a payout account moves money (ARCHITECTURE.md "Access is declared"). */
function stepUpActionOf(v: FormValues): StepUpAction | null {
  if (v.kind === 'BANK_DATA') return 'BANK_DETAILS_CHANGE';
  if (v.kind === 'VESTED_AMOUNT' && v.vestedAmount.option === 'PAYOUT') return 'VESTED_AMOUNT_PAYOUT_ACCOUNT';
  return null;
}

/**
 * The inbox forms (decision 0022; spec 001 sections 2, 3, 5, 8): a form is checked by `checkForm` of the contract,
 * rendered as a PDF of what was entered (pdfkit, the documents' letter layout) and stored as a sent message of the
 * member to the fund with that PDF (and the identity document of a vested-amount payout) as attachments, the way
 * inbox attachments are stored. One submission per idempotency key (a repeat gets the first answer); another
 * submission of the same kind within FORM_RESEND_DAYS is refused as ALREADY_SENT. Nothing is stored on a refusal.
 * Built once per process; calls take the request's scope (its DataLoaders, and its session for the step-up).
 */
export function createFormsService(deps: {
  db: Db;
  messagesStore: MessagesStore;
  messages: MessagesService;
  uploads: UploadsService;
  accounts: AccountsService;
  personStore: PersonStore;
  idempotency: Idempotency;
  stepUp: StepUp;
  tenant: TenantDefinition;
  clock: Clock;
  /** The fund's event feed (decision 0053): the change's event is written in its transaction. */
  events: EventRecorder;
}) {
  const { db, clock, tenant } = deps;

  /**
   * The kinds the person may send, in display order (decision 0025): with a Pensionskasse contract (main tenant only)
   * the vested amount, the pension call, the employment and family declarations and the model objection and switch;
   * as a member (AWB) of a contract also the exit application and the function declaration; bank data with a
   * contract or a Vorsorgekasse account.
   */
  async function kindsOf(scope: RequestScope, personId: number): Promise<FormKind[]> {
    const [pk, vk] = await Promise.all([deps.accounts.pensionContracts(scope, personId), deps.accounts.severanceAccounts(scope, personId)]);
    const hasPk = tenant.pensionFund && pk.length > 0;
    const isMember = hasPk && pk.some((c) => c.role === 'MEMBER');
    const kinds: FormKind[] = [];
    if (hasPk) kinds.push('VESTED_AMOUNT');
    if (hasPk || vk.length > 0) kinds.push('BANK_DATA');
    if (hasPk) kinds.push('PENSION_CALL');
    if (isMember) kinds.push('EXIT_APPLICATION');
    if (hasPk) kinds.push('EMPLOYMENT_DECLARATION');
    if (isMember) kinds.push('FUNCTION_DECLARATION');
    if (hasPk) kinds.push('FAMILY_DECLARATION', 'MODEL_OBJECTION', 'MODEL_SWITCH');
    return kinds;
  }

  /** Whether the person may send this form: its kind is offered, and for bank data the chosen fund is one of the person's. */
  async function available(scope: RequestScope, personId: number, v: FormValues): Promise<boolean> {
    if (!(await kindsOf(scope, personId)).includes(v.kind)) return false;
    if (formRecipient(v) === 'SEVERANCE_FUND') return (await deps.accounts.severanceAccounts(scope, personId)).length > 0;
    return tenant.pensionFund && (await deps.accounts.pensionContracts(scope, personId)).length > 0;
  }

  return {
    /**
     * The forms the person may send (`kindsOf`), the earliest pension start for a call sent today (ISO date, Vienna)
     * and the funds a bank-data form may name (those `available` accepts: the Pensionskasse only on a tenant with one).
     */
    async info(scope: RequestScope, personId: number): Promise<{ kinds: FormKind[]; earliestPensionStart: string; bankDataFunds: Array<'PENSION_FUND' | 'SEVERANCE_FUND'> }> {
      const [kinds, pk, vk] = await Promise.all([kindsOf(scope, personId), deps.accounts.pensionContracts(scope, personId), deps.accounts.severanceAccounts(scope, personId)]);
      const bankDataFunds: Array<'PENSION_FUND' | 'SEVERANCE_FUND'> = [];
      if (tenant.pensionFund && pk.length > 0) bankDataFunds.push('PENSION_FUND');
      if (vk.length > 0) bankDataFunds.push('SEVERANCE_FUND');
      return { kinds, earliestPensionStart: earliestPensionStart(isoDateVienna(clock.now())), bankDataFunds };
    },

    /**
     * Sends a form of the person (GraphQL `submitForm`, REST `webportal/form`); `input` is unchecked (see
     * `SubmitFormWire`). Errors: INCOMPLETE, INVALID_DATA, INVALID_EMAIL (field errors per field),
     * IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED (the key was used for other data), NOT_AVAILABLE (no contract
     * or account of the form's fund, the regional tenant's missing Pensionskasse, or a kind the person's contract
     * role does not offer), PASSWORD_INCORRECT (bank data
     * and a vested-amount payout need the step-up: the current password, or an eID login of the last 5 minutes),
     * ALREADY_SENT (a form of the kind arrived within FORM_RESEND_DAYS days), INVALID_DATA with
     * `vestedAmount.idDocumentUploadId` UPLOAD_NOT_FOUND / UPLOAD_ALREADY_USED / UPLOAD_WRONG_PURPOSE.
     */
    async submit(scope: RequestScope, personId: number, input: SubmitFormWire): Promise<Result<SentForm, FormErrorCode>> {
      const now = clock.now();
      const today = isoDateVienna(now);
      const checked = checkForm(input, today);
      if (!checked.ok) return err(checked.code, checked.fieldErrors);
      const v = checked.value;
      if (!(await available(scope, personId, v))) return err('NOT_AVAILABLE');
      const action = stepUpActionOf(v);
      if (action) {
        const outcome = await deps.stepUp.verify(scope, personId, v.currentPassword, action);
        if (!outcome.ok)
          return err('PASSWORD_INCORRECT', [{ field: 'currentPassword', code: outcome.reason === 'PASSWORD_REQUIRED' ? 'PASSWORD_REQUIRED' : 'PASSWORD_INCORRECT' }]);
      }
      const person = await deps.personStore.findById(personId);
      if (!person) return err('INTERNAL');
      const pdf = await renderLetter(formLetter(v, today), recipientOf(person), tenant.name);
      const { currentPassword: _secret, ...fingerprint } = v;
      const since = isoInstant(now - FORM_RESEND_DAYS * 86_400_000);
      const sentAt = isoInstant(now);
      const result = await deps.idempotency.withIdempotencyKey(
        'submitForm',
        personId,
        v.idempotencyKey,
        fingerprint,
        async (): Promise<Result<{ messageId: number }, FormErrorCode>> => {
          return writeTransaction(db, async () => {
            const prior = await db
              .select({ id: formSubmissions.id })
              .from(formSubmissions)
              .where(and(eq(formSubmissions.personId, personId), eq(formSubmissions.kind, v.kind), gte(formSubmissions.submittedAt, since)))
              .limit(1);
            if (prior.length > 0) return err('ALREADY_SENT');
            const attachments = [{ fileName: formFileName(v.kind, today), contentType: 'application/pdf', content: pdf }];
            if (v.kind === 'VESTED_AMOUNT' && v.vestedAmount.idDocumentUploadId) {
              const files = await deps.uploads.consume(personId, [v.vestedAmount.idDocumentUploadId], {
                purpose: 'form-id-document',
                usedFor: 'form',
                field: 'vestedAmount.idDocumentUploadId',
              });
              if (!files.ok) return err('INVALID_DATA', files.fieldErrors);
              attachments.push(...files.value.map((f) => ({ fileName: f.fileName, contentType: f.contentType, content: f.content })));
            }
            const message = await deps.messagesStore.insert(
              {
                personId,
                direction: 'OUTBOUND',
                counterpart: formRecipient(v),
                subject: formTitle(v.kind),
                body: formMessageBody(v.kind),
                origin: 'PORTAL',
                sentAt,
                readAt: sentAt,
              },
              attachments,
            );
            const [submission] = await db
              .insert(formSubmissions)
              .values({ personId, kind: v.kind, messageId: message.id, submittedAt: sentAt })
              .returning({ id: formSubmissions.id });
            await deps.events.record({
              type: 'form.submitted',
              personId,
              subjectId: submission!.id,
              actor: { kind: 'member', personId },
              data: { formId: submission!.id, kind: v.kind, messageId: message.id },
            });
            return ok({ messageId: message.id });
          });
        },
      );
      if (!result.ok) return result.code === 'IDEMPOTENCY_KEY_REUSED' ? err('IDEMPOTENCY_KEY_REUSED', [{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_REUSED' }]) : result;
      const message = await deps.messages.get(ownMailbox(personId), String(result.value.messageId));
      if (!message) return err('INTERNAL');
      return ok({ kind: v.kind, message });
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
