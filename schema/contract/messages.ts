/**
 * The inbox contract shared by the web app's inbox screens (web/src/features/messages) and the messages service
 * (server/modules/messages): recipients, folders, page sizes and the input rule of a new message (spec 001 sections 3,
 * 5, 9: "recipient required; subject required, max 100 characters; body required"; attachments tiff, pdf, jpg).
 */
import { z } from 'zod';
import { ERROR_CODE_PATTERN, zodFieldErrors, type IssueFieldError } from './field-errors';
import { UPLOAD_ID_PATTERN } from './uploads';

/** Who a message goes to or comes from (spec 001 section 3 "Message"). */
export const MESSAGE_COUNTERPARTS = ['PENSION_FUND', 'SEVERANCE_FUND', 'PENSION_SERVICE', 'OMBUDSMAN'] as const;
export type MessageCounterpart = (typeof MESSAGE_COUNTERPARTS)[number];

/**
 * The lists of the inbox: received (from the fund) and sent (by the member) of the member inbox, and BOARD, the
 * supervisory-board inbox (board documents and invitations from the fund; only for supervisory-board members,
 * spec 001 sections 1 and 6; decision 0026).
 */
export const MESSAGE_FOLDERS = ['RECEIVED', 'SENT', 'BOARD'] as const;

/** The inboxes a message can be in: the member inbox or the supervisory-board inbox (messages.mailbox_kind). */
export const MAILBOX_KINDS = ['MEMBER', 'BOARD'] as const;
export type MailboxKind = (typeof MAILBOX_KINDS)[number];
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

/** Page sizes the member can choose (spec 001 section 4 "Paging with a per-page setting"; the size is not given). */
export const INBOX_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_INBOX_PAGE_SIZE = 10;

/** Longest subject (spec 001 section 9). */
export const SUBJECT_MAX = 100;
/** Longest body in characters (not in the spec; a bound so a message stays a message). */
export const BODY_MAX = 10_000;
/** Most attachments per message (not in the spec). */
export const ATTACHMENTS_MAX = 5;
/** Longest search text. */
export const SEARCH_MAX = 100;

/**
 * Input of `sendMessage` / REST `sendMessage`. Codes of the field errors (catalogue `inbox.error.<code>`):
 * RECIPIENT_REQUIRED, SUBJECT_REQUIRED, SUBJECT_TOO_LONG, BODY_REQUIRED, BODY_TOO_LONG, TOO_MANY_ATTACHMENTS,
 * UPLOAD_NOT_FOUND. Whether the recipient is one the member may write to is the service's check (RECIPIENT_NOT_ALLOWED).
 */
export const sendMessageInput = z.object({
  recipient: z.enum(MESSAGE_COUNTERPARTS, { error: 'RECIPIENT_REQUIRED' }),
  subject: z.string({ error: 'SUBJECT_REQUIRED' }).trim().min(1, { error: 'SUBJECT_REQUIRED' }).max(SUBJECT_MAX, { error: 'SUBJECT_TOO_LONG' }),
  body: z.string({ error: 'BODY_REQUIRED' }).trim().min(1, { error: 'BODY_REQUIRED' }).max(BODY_MAX, { error: 'BODY_TOO_LONG' }),
  attachmentIds: z
    .array(z.string().regex(UPLOAD_ID_PATTERN, { error: 'UPLOAD_NOT_FOUND' }), { error: 'UPLOAD_NOT_FOUND' })
    .max(ATTACHMENTS_MAX, { error: 'TOO_MANY_ATTACHMENTS' })
    .default([]),
});

export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** The first error code per field of a failed parse of `sendMessageInput` (`[{ field, code }]`). */
export function sendMessageFieldErrors(error: z.ZodError): IssueFieldError[] {
  return zodFieldErrors(error.issues, { codeOf: (message, field) => (ERROR_CODE_PATTERN.test(message) ? message : `${field.toUpperCase()}_INVALID`) });
}
