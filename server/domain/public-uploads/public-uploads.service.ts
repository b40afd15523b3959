import { randomBytes } from 'node:crypto';
import { formatDate } from '@contract/format';
import { isoDateVienna } from '@contract/dates';
import catalogue from '@contract/i18n/de/upload-form.json';
import type { CaptchaErrorCode } from '@contract/captcha';
import type { UploadErrorCode, UploadedFile } from '@contract/uploads';
import { checkUploadForm, UPLOAD_FORM_MAX_FILES, type UploadFormErrorCode, type UploadFormInput } from '@contract/upload-form';
import { writeTransaction, type Db } from '../../../db/client';
import type { TenantDefinition } from '../../tenants';
import type { CaptchaService } from '../captcha/captcha.service';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { Clock } from '../shared/clock';
import { err, ok, type FieldError, type Result } from '../shared/result';
import type { UploadsService } from '../uploads/uploads.service';
import type { PublicUploadsStore } from './public-uploads.store';

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

/**
 * The public upload form (issue 15 item 6, decision 0024). Files arrive one per request through
 * `POST /webportal/upload?purpose=upload-form` with a solved captcha (`receiveFile`: checked by the upload service,
 * stored pending and bound to that captcha's challenge, at most UPLOAD_FORM_MAX_FILES per challenge). The form
 * (`submit`) then redeems the same captcha once and attaches the files named by id to a `public_uploads` row in one
 * write transaction with the receipt mail in the outbox; a refusal stores nothing. Pending files expire with their
 * challenge (`purgeExpired`, run by the job `captcha.purge`).
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
}) {
  const { store, uploads, captcha, clock } = deps;
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
        content: bytes,
        createdAt: new Date(clock.now()).toISOString(),
        expiresAt: checked.value.expiresAt,
      });
      return ok({ id, fileName: inspected.value.fileName, contentType: inspected.value.type.mime, size: bytes.length });
    },
    /**
     * Stores a submission of the form for the fund, with its files, and queues the receipt mail to the given address.
     * `personId`: the logged-in member, or null. Errors: MAINTENANCE, INVALID_DATA (field errors of
     * `checkUploadForm`), CAPTCHA_INVALID / CAPTCHA_EXPIRED / CAPTCHA_USED, UPLOAD_ERROR (a file id not pending under
     * this captcha). Nothing is stored on a refusal; the captcha stays unused unless the submission is stored.
     */
    async submit(input: UploadFormInput, personId: number | null): Promise<Result<{ id: number; fileCount: number; email: string }, UploadFormErrorCode>> {
      if (deps.maintenance) return err('MAINTENANCE');
      const checkedForm = checkUploadForm(input);
      if (!checkedForm.ok) return err('INVALID_DATA', checkedForm.fieldErrors as FieldError[]);
      const form = checkedForm.value;
      const precheck = await captcha.check(form.captcha);
      if (!precheck.ok) return err(precheck.code, precheck.fieldErrors);
      return writeTransaction(deps.db, async () => {
        const pending = await store.pendingIds(form.fileIds, precheck.value.challenge);
        if (pending.length !== form.fileIds.length) return err('UPLOAD_ERROR' as const, [{ field: 'fileIds', code: 'UPLOAD_ERROR' }]);
        const redeemed = await captcha.redeem(form.captcha);
        if (!redeemed.ok) return err(redeemed.code, redeemed.fieldErrors);
        const now = clock.now();
        const id = await store.insertSubmission(
          { personId, firstName: form.firstName, lastName: form.lastName, svnr: form.svnr, email: form.email, message: form.message, createdAt: new Date(now).toISOString() },
          form.fileIds,
        );
        await deps.mailer.send({ personId, kind: 'UPLOAD_FORM_RECEIPT', to: form.email, ...receiptMail(deps.tenant, form.fileIds.length, isoDateVienna(now)) });
        return ok({ id, fileCount: form.fileIds.length, email: form.email });
      });
    },
    /** Deletes pending files whose captcha expired (the job `captcha.purge`). */
    async purgeExpired(): Promise<number> {
      return store.purgePendingBefore(new Date(clock.now()).toISOString());
    },
  };
}

export type PublicUploadsService = ReturnType<typeof createPublicUploadsService>;
