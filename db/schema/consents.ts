import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Consent records (decision 0021; spec 000 section 2 "Newsletter consent" with its terms checkbox, section 3
 * "newsletter terms accepted"): every newsletter decision of a member, with the moment, the version of the consent
 * text the member saw and whether the terms box was ticked, so the fund can later show what was agreed to and when.
 * Rows are only ever added; the current choice stays on `persons.newsletter_pk` / `newsletter_vk`.
 */
export const consentRecords = table(
  'consent_records',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** What the consent is for: the newsletter of the Pensionskasse or of the Vorsorgekasse. */
    subject: text({ enum: ['NEWSLETTER_PK', 'NEWSLETTER_VK'] }).notNull(),
    /** True: subscribed (consent given); false: declined or withdrawn. */
    granted: integer({ mode: 'boolean' }).notNull(),
    /** The terms box was ticked with this decision (true), left empty (false), or the caller did not say (null, legacy REST). */
    termsTicked: integer({ mode: 'boolean' }),
    /** Version of the consent text shown (schema/contract/consent.ts NEWSLETTER_TERMS_VERSION). */
    textVersion: text().notNull(),
    /** Where the decision was made: LOGIN_DIALOG, SETTINGS (GraphQL from the portal), REST (the legacy setNewsletter). */
    channel: text({ enum: ['LOGIN_DIALOG', 'SETTINGS', 'REST'] }).notNull(),
    /** ISO 8601 instant (UTC). */
    recordedAt: text().notNull(),
  },
  (t) => [index('consent_records_person_idx').on(t.personId, t.recordedAt)],
);

export type ConsentRecordRow = typeof consentRecords.$inferSelect;
