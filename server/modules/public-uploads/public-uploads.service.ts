import { randomBytes } from 'node:crypto';
import type { EventRecorder } from '../../fund/events/events.store';
import { formatDate } from '@contract/format';
import { isoDateVienna } from '@contract/dates';
import catalogue from '@contract/i18n/de/upload-form.json';
import mergeCatalogue from '@contract/i18n/de/merge.json';
import { requestPublicMergeInput } from '@contract/merge';
import { isPngDataUrl } from '@contract/signature';
import type { CaptchaErrorCode } from '@contract/captcha';
import type { UploadErrorCode, UploadedFile } from '@contract/uploads';
import { checkUploadForm, UPLOAD_FORM_MAX_FILES, type UploadFormErrorCode, type UploadFormInput } from '@contract/public-uploads';
import { writeTransaction, type Db } from '../../../db/client';
import type { TenantDefinition } from '../../tenants';
import type { CaptchaService } from '../captcha/captcha.service';
import type { Mailer } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';
import type { Clock } from '../../platform/shared/clock';
import type { RateLimiter } from '../../platform/shared/rate-limit';
import type { RequestMeta } from '../../platform/shared/request-meta';
import { err, ok, rateLimitedErr, type FieldError, type Result } from '../../platform/shared/result';
import type { UploadsService } from '../uploads/uploads.service';
import type { PublicUploadsStore } from './public-uploads.store';
import { fieldErrorsOf } from '../merge/merge.service';

/** `{{name}}` placeholders of a catalogue text filled from `values`. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
}

/** The receipt mail: that documents arrived, how many and when; nothing of their content (catalogue `uploadForm.mail`). */
function receiptMail(tenant: TenantDefinition, fileCount: number, dateIso: string) {
  const t = catalogue.uploadForm.mail;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: t.salutation,
    paragraphs: [fill(t.received, { count: fileCount, date: formatDate(dateIso) }), t.noContent],
    after: [t.unexpected],
  });
}

/** The receipt of a public merge request: that it arrived and when; nothing of its content (catalogue `merge.public.mail`). */
function mergeReceiptMail(tenant: TenantDefinition, dateIso: string) {
  const t = mergeCatalogue.merge.public.mail;
  return renderMail(tenant, { subject: t.subject, salutation: t.salutation, paragraphs: [fill(t.received, { date: formatDate(dateIso) }), t.noContent], after: [t.unexpected] });
}

/** Codes of a refused public merge request (GraphQL `RequestPublicMergeError.code`). */
export type PublicMergeErrorCode = 'ERROR_NOT_OFFERED' | 'MAINTENANCE' | 'ERROR_INVALID_INPUT' | 'ERROR_UPLOAD' | 'RATE_LIMITED' | CaptchaErrorCode;

/** Limits of the two public forms together (server/config.ts PUBLIC_FORM_*; decision 0041). */
export interface PublicFormLimits {
  /** Submissions per IP address per hour (PUBLIC_FORM_IP_MAX_PER_HOUR). */
  ipMaxPerHour: number;
  /** Submissions per receipt e-mail address per day (PUBLIC_FORM_EMAIL_MAX_PER_DAY). */
  emailMaxPerDay: number;
}

const HOUR_MS = 3_600_000;

/**
 * The public upload form (decision 0024). Files arrive one per request through
 * `POST /webportal/upload?purpose=upload-form` with a solved captcha (`receiveFile`: checked by the upload service,
 * stored pending and bound to that captcha's challenge, at most UPLOAD_FORM_MAX_FILES per challenge). The form
 * (`submit`) then redeems the same captcha once and attaches the files named by id to a `public_uploads` row in one
 * write transaction with the receipt mail in the outbox; a refusal stores nothing. Pending files expire with their
 * challenge (`purgeExpired`, run by the job `captcha.purge`). Both forms share limits per IP address and per receipt
 * address (`limits`, counted in the database by `limiter`; decision 0041). The file uploads are not counted against
 * the IP address: the upload route passes no request data to `receiveFile`, and each file needs the solved captcha,
 * at most UPLOAD_FORM_MAX_FILES per captcha, while nothing is mailed until a form is sent.
 */
export function createPublicUploadsService(deps: {
  db: Db;
  store: PublicUploadsStore;
  uploads: UploadsService;
  captcha: CaptchaService;
  mailer: Mailer;
  tenant: TenantDefinition;
  clock: Clock;
  maintenance: boolean;
  limiter: RateLimiter;
  limits: PublicFormLimits;
  /** The fund's event feed (decision 0053): the change's event is written in its transaction. */
  events: EventRecorder;
}) {
  const { store, uploads, captcha, clock, limiter, limits } = deps;

  /**
   * Counts one submission of either public form against the IP address's hourly limit and, unless that refused it,
   * the receipt address's daily limit (lower case, as the form compares it): the seconds to wait, or null when both
   * allow it. Called once the form and its captcha passed their checks, so junk never uses up an address's limit.
   */
  async function overLimit(meta: RequestMeta, email: string): Promise<number | null> {
    const ip = await limiter.take({ name: 'form:ip', max: limits.ipMaxPerHour, windowMs: HOUR_MS }, meta.ipAddress ?? 'unknown');
    if (!ip.allowed) return ip.retryAfterSeconds;
    const address = await limiter.take({ name: 'form:email', max: limits.emailMaxPerDay, windowMs: 24 * HOUR_MS }, email.toLowerCase());
    return address.allowed ? null : address.retryAfterSeconds;
  }

  return {
    /**
     * Checks one file of the form and stores it pending under a random id, bound to the captcha `captchaValue` (checked,
     * not used up). Errors: CAPTCHA_* (the captcha header), the upload service's codes, TOO_MANY_PENDING (more than
     * UPLOAD_FORM_MAX_FILES with one captcha).
     */
    async receiveFile(captchaValue: unknown, rawFileName: string, bytes: Buffer): Promise<Result<UploadedFile, UploadErrorCode | CaptchaErrorCode>> {
      const checked = await captcha.check(captchaValue);
      if (!checked.ok) return checked;
      const inspected = await uploads.inspect('upload-form', rawFileName, bytes);
      if (!inspected.ok) return inspected;
      if ((await store.countPending(checked.value.challenge)) >= UPLOAD_FORM_MAX_FILES) return err('TOO_MANY_PENDING', [{ field: 'file', code: 'TOO_MANY_PENDING' }]);
      const id = randomBytes(16).toString('hex');
      await store.insertFile({
        id,
        captchaChallenge: checked.value.challenge,
        submissionId: null,
        fileName: inspected.value.fileName,
        contentType: inspected.value.type.mime,
        sizeBytes: bytes.length,
        documentKind: null,
        content: bytes,
        createdAt: new Date(clock.now()).toISOString(),
        expiresAt: checked.value.expiresAt,
      });
      return ok({ id, fileName: inspected.value.fileName, contentType: inspected.value.type.mime, size: bytes.length });
    },
    /**
     * Stores a submission of the form for the fund, with its files, and queues the receipt mail to the given address.
     * `personId`: the logged-in member, or null; `meta`: the request's (its IP address is counted). Errors: NOT_OFFERED
     * (a tenant without the form, server/tenants.ts `uploadForm`), MAINTENANCE, INVALID_DATA (field errors of
     * `checkUploadForm`), CAPTCHA_INVALID / CAPTCHA_EXPIRED / CAPTCHA_USED, RATE_LIMITED (with `retryAfterSeconds`:
     * more than PUBLIC_FORM_IP_MAX_PER_HOUR submissions of the public forms from the IP address this hour or
     * PUBLIC_FORM_EMAIL_MAX_PER_DAY to the address today, counted after the form and captcha checks; decision 0041),
     * UPLOAD_ERROR (a file id not pending under this captcha). Nothing is stored and nothing mailed on a refusal; the
     * captcha stays unused unless the submission is stored.
     */
    async submit(input: UploadFormInput, personId: number | null, meta: RequestMeta): Promise<Result<{ id: number; fileCount: number; email: string }, UploadFormErrorCode>> {
      if (!deps.tenant.uploadForm) return err('NOT_OFFERED');
      if (deps.maintenance) return err('MAINTENANCE');
      const checkedForm = checkUploadForm(input);
      if (!checkedForm.ok) return err('INVALID_DATA', checkedForm.fieldErrors as FieldError[]);
      const form = checkedForm.value;
      const precheck = await captcha.check(form.captcha);
      if (!precheck.ok) return err(precheck.code, precheck.fieldErrors);
      const wait = await overLimit(meta, form.email);
      if (wait !== null) return rateLimitedErr(wait);
      return writeTransaction(deps.db, async () => {
        const pending = await store.pendingIds(form.fileIds, precheck.value.challenge);
        if (pending.length !== form.fileIds.length) return err('UPLOAD_ERROR' as const, [{ field: 'fileIds', code: 'UPLOAD_ERROR' }]);
        const redeemed = await captcha.redeem(form.captcha);
        if (!redeemed.ok) return err(redeemed.code, redeemed.fieldErrors);
        const now = clock.now();
        const id = await store.insertSubmission(
          { personId, firstName: form.firstName, lastName: form.lastName, svnr: form.svnr, email: form.email, message: form.message, createdAt: new Date(now).toISOString() },
          [{ documentKind: null, ids: form.fileIds }],
        );
        await deps.mailer.send({ personId, kind: 'UPLOAD_FORM_RECEIPT', to: form.email, ...receiptMail(deps.tenant, form.fileIds.length, isoDateVienna(now)) });
        await deps.events.record({
          type: 'upload.received',
          personId,
          subjectId: id,
          actor: personId === null ? { kind: 'system' } : { kind: 'member', personId },
          data: { uploadId: id, kind: 'UPLOAD', fileCount: form.fileIds.length, loggedIn: personId !== null },
        });
        return ok({ id, fileCount: form.fileIds.length, email: form.email });
      });
    },
    /**
     * Stores a public merge request (`/abfertigungsbeitraege-zusammenlegen-upload`, spec 001 section 5 "merge with
     * upload"; decision 0023 "Without a login") for the fund as a `public_uploads` row of kind MERGE, its ID copy and
     * signed form attached by document kind, and queues a receipt mail without content to the given address. The
     * eligibility (an old account contribution-free for 3 years) is not checked: without a login the sender is not
     * identified, the fund checks it. Rules: @contract/merge `requestPublicMergeInput`. Errors: MAINTENANCE,
     * ERROR_INVALID_INPUT (field errors), CAPTCHA_INVALID / CAPTCHA_EXPIRED / CAPTCHA_USED, ERROR_UPLOAD (an id not
     * pending under this captcha; the field names the document), RATE_LIMITED (with `retryAfterSeconds`; the limits of
     * `submit`, shared with the upload form). Nothing is stored and nothing mailed on a refusal; the captcha is used up
     * only when the request is stored. On a tenant without the merge (server/tenants.ts `severanceMerge`):
     * ERROR_NOT_OFFERED before anything is read. `meta`: the request's (its IP address is counted).
     */
    async submitMerge(
      input: unknown,
      personId: number | null,
      meta: RequestMeta,
    ): Promise<Result<{ id: number; fileCount: number; email: string; submittedOn: string }, PublicMergeErrorCode>> {
      if (!deps.tenant.severanceMerge) return err('ERROR_NOT_OFFERED');
      if (deps.maintenance) return err('MAINTENANCE');
      const parsed = requestPublicMergeInput.safeParse(input);
      if (!parsed.success) return err('ERROR_INVALID_INPUT', fieldErrorsOf(parsed.error.issues));
      const form = parsed.data;
      if (form.signature?.kind === 'DRAWN' && !isPngDataUrl(form.signature.png)) return err('ERROR_INVALID_INPUT', [{ field: 'signature', code: 'SIGNATURE_INVALID' }]);
      const precheck = await captcha.check(form.captcha);
      if (!precheck.ok) return err(precheck.code, precheck.fieldErrors);
      const wait = await overLimit(meta, form.email);
      if (wait !== null) return rateLimitedErr(wait);
      return writeTransaction(deps.db, async () => {
        for (const doc of form.documents) {
          const pending = await store.pendingIds(doc.ids, precheck.value.challenge);
          if (pending.length !== doc.ids.length) return err('ERROR_UPLOAD' as const, [{ field: doc.field, code: 'UPLOAD_NOT_FOUND' }]);
        }
        const redeemed = await captcha.redeem(form.captcha);
        if (!redeemed.ok) return err(redeemed.code, redeemed.fieldErrors);
        const now = clock.now();
        const fileCount = form.documents.reduce((n, d) => n + d.ids.length, 0);
        const id = await store.insertSubmission(
          {
            personId,
            kind: 'MERGE',
            firstName: form.firstName,
            lastName: form.lastName,
            svnr: form.svnr,
            email: form.email,
            message: '',
            signatureType: form.signatureType,
            signature: form.signature ? JSON.stringify(form.signature) : null,
            createdAt: new Date(now).toISOString(),
          },
          form.documents.map((d) => ({ documentKind: d.kind, ids: d.ids })),
        );
        const submittedOn = isoDateVienna(now);
        await deps.mailer.send({ personId, kind: 'PUBLIC_MERGE_RECEIPT', to: form.email, ...mergeReceiptMail(deps.tenant, submittedOn) });
        await deps.events.record({
          type: 'upload.received',
          personId,
          subjectId: id,
          actor: personId === null ? { kind: 'system' } : { kind: 'member', personId },
          data: { uploadId: id, kind: 'MERGE', fileCount, loggedIn: personId !== null },
        });
        return ok({ id, fileCount, email: form.email, submittedOn });
      });
    },
    /** Deletes pending files whose captcha expired (the job `captcha.purge`). */
    async purgeExpired(): Promise<number> {
      return store.purgePendingBefore(new Date(clock.now()).toISOString());
    },
  };
}

export type PublicUploadsService = ReturnType<typeof createPublicUploadsService>;
