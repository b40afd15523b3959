import { FORM_KINDS } from '../../schema/contract/forms';
import { index, integer, table, text } from './kit';
import { messages } from './messages';
import { persons } from './persons';

/**
 * Forms a member sent from the inbox (decision 0022, spec 001 sections 2, 3, 5, 8). The form itself is the sent
 * message with the PDF of what was entered (`messageId`); this row records its kind so that the same form sent again
 * within FORM_RESEND_DAYS is refused as "already sent".
 */
export const formSubmissions = table(
  'form_submissions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** VESTED_AMOUNT, BANK_DATA or PENSION_CALL. */
    kind: text({ enum: FORM_KINDS }).notNull(),
    /** The sent message carrying the form's PDF. */
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** ISO instant the form arrived. */
    submittedAt: text().notNull(),
  },
  (t) => [index('form_submissions_person_kind_idx').on(t.personId, t.kind, t.submittedAt)],
);

export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
