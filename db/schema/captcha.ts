import { blob, index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Secrets generated once per installation and shared by every process and machine (decision 0024): for example the
 * HMAC key of the captcha (`captcha.hmac`) when CAPTCHA_HMAC_KEY is not set. The first process to need one inserts it;
 * the others read the stored value (insert-or-ignore, then read).
 */
export const installSecrets = table('install_secrets', {
  /** What the secret is for (`captcha.hmac`). */
  name: text().primaryKey(),
  /** The secret (hex). */
  value: text().notNull(),
  /** ISO instant it was generated. */
  createdAt: text().notNull(),
});

/**
 * Captcha solutions already used (server/modules/captcha, decision 0024): the challenge hash of every accepted ALTCHA
 * proof of work, so a solution is accepted once across all processes (the primary key refuses the second insert).
 * Rows are kept until the challenge would have expired anyway (`expiresAt`) and then purged by the job `captcha.purge`.
 */
export const captchaSolutions = table(
  'captcha_solutions',
  {
    /** The challenge (SHA-256 hex of salt and number) of the accepted solution. */
    challenge: text().primaryKey(),
    /** ISO instant the challenge expires; after it the row is no longer needed (an expired challenge is refused anyway). */
    expiresAt: text().notNull(),
    /** ISO instant the solution was used. */
    usedAt: text().notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);

/**
 * Submissions of the public upload form `/upload-formular` (spec 000 routes table, spec 001 sections 5 and 8; decision
 * 0024): who sent it, how to reach them and what it is about. The fund reads them here;
 * the files are in `public_upload_files`. A logged-in member's submission carries the person id as well.
 */
export const publicUploads = table(
  'public_uploads',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The logged-in member who sent it, or null for a sender without a login. */
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Social insurance number as given (10 digits, check digit valid; @contract/svnr). */
    svnr: text().notNull(),
    /** E-mail address the receipt went to. */
    email: text().notNull(),
    /** What the documents are for (free text, at most 1,000 characters); empty for a MERGE request. */
    message: text().notNull(),
    /**
     * What was sent: `UPLOAD_FORM` (the plain upload form) or `MERGE` (the public merge request
     * `/abfertigungsbeitraege-zusammenlegen-upload`, decision 0023; the fund checks the eligibility).
     */
    kind: text().notNull().default('UPLOAD_FORM'),
    /** MERGE: how the request is signed (`DIGITAL` or `HANDWRITTEN`); null for UPLOAD_FORM. */
    signatureType: text(),
    /** MERGE with DIGITAL: the signature as JSON (`{ kind: 'DRAWN', png }` or `{ kind: 'TYPED', name }`); else null. */
    signature: text(),
    /** ISO instant of the submission (the terms were accepted with it). */
    createdAt: text().notNull(),
  },
  (t) => [index('public_uploads_created_idx').on(t.createdAt)],
);

/**
 * Files of the public upload form. Uploaded one per request before the form is sent (`POST /webportal/upload?purpose=
 * upload-form` with the solved captcha in `X-Captcha`), they are bound to that captcha's challenge (`captchaChallenge`)
 * and pending (`submissionId` null) until the form with the same captcha claims them. Pending files are deleted when
 * their challenge has expired (job `captcha.purge`).
 */
export const publicUploadFiles = table(
  'public_upload_files',
  {
    /** Random id (32 lower-case hex characters). */
    id: text().primaryKey(),
    /** The challenge of the captcha solution the file was uploaded with. */
    captchaChallenge: text().notNull(),
    submissionId: integer().references(() => publicUploads.id, { onDelete: 'cascade' }),
    /** Sanitised file name (no path, at most 120 characters). */
    fileName: text().notNull(),
    /** MIME type detected from the content. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    content: blob({ mode: 'buffer' }).notNull(),
    /** MERGE: which document of the request the file is (`ID_COPY`, `SIGNED_FORM`); null for the upload form. */
    documentKind: text(),
    /** ISO instant of the upload. */
    createdAt: text().notNull(),
    /** ISO instant after which a still pending file is deleted (its captcha's expiry). */
    expiresAt: text().notNull(),
  },
  (t) => [
    index('public_upload_files_captcha_idx').on(t.captchaChallenge),
    index('public_upload_files_submission_idx').on(t.submissionId),
    index('public_upload_files_expires_idx').on(t.expiresAt),
  ],
);

export type PublicUploadFileRow = typeof publicUploadFiles.$inferSelect;
