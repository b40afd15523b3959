/**
 * The mails of the profile settings (spec 001 section 2), with their texts from the catalogue
 * (schema/contract/i18n/de/mail.json, `mail.emailChangeConfirm`, `mail.emailChangeNotice`, `mail.accessDeleted`),
 * rendered with the common layout of server/platform/mail/templates.ts.
 */
import catalogue from '@contract/i18n/de/mail.json';
import { fill } from '@contract/i18n/fill';
import type { TenantDefinition } from '../../tenants';
import { renderMail, salutationFor } from '../../platform/mail/templates';
import { EMAIL_CHANGE_LINK_MS, RETENTION_FACTS } from './profile.rules';

type Person = Parameters<typeof salutationFor>[0];
const T = catalogue.mail;

/**
 * Confirmation link to the NEW address (`#/emailChange?token=…`), valid EMAIL_CHANGE_LINK_MS (in hours in the text);
 * texts `mail.emailChangeConfirm`, `mail.linkValidity`.
 */
export function emailChangeConfirmMail(tenant: TenantDefinition, person: Person, link: string) {
  const t = T.emailChangeConfirm;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: salutationFor(person),
    paragraphs: [t.body, t.confirm],
    link: { label: t.link, url: link },
    after: [fill(T.linkValidity, { hours: EMAIL_CHANGE_LINK_MS / 3_600_000 }), t.notYou],
  });
}

/** Notice to the OLD address that a change was requested; texts `mail.emailChangeNotice`. */
export function emailChangeNoticeMail(tenant: TenantDefinition, person: Person) {
  const t = T.emailChangeNotice;
  return renderMail(tenant, { subject: t.subject, salutation: salutationFor(person), paragraphs: [t.body, t.untilConfirmed, t.notYou] });
}

/** Notice after the portal access was deleted, with the retention periods of RETENTION_FACTS; texts `mail.accessDeleted`. */
export function accessDeletedMail(tenant: TenantDefinition, person: Person) {
  const t = T.accessDeleted;
  const facts = RETENTION_FACTS;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: salutationFor(person),
    paragraphs: [
      t.body,
      t.membership,
      fill(t.retention, { loginDataYears: facts.loginDataYearsAfterDeactivation, logFileDays: facts.logFileDays, maxRetentionYears: facts.maxRetentionYears }),
    ],
  });
}
