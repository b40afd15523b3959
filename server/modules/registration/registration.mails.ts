/**
 * The registration and password mails (formal "Sie"), with their texts from the catalogue
 * (schema/contract/i18n/de/mail.json, `mail.activation`, `mail.passwordReset`, `mail.passwordChanged`,
 * `mail.emailChanged`), rendered with the common layout of server/platform/mail/templates.ts.
 */
import catalogue from '@contract/i18n/de/mail.json';
import { fill } from '@contract/i18n/fill';
import type { TenantDefinition } from '../../tenants';
import { renderMail, salutationFor } from '../../platform/mail/templates';

type Person = Parameters<typeof salutationFor>[0];
const T = catalogue.mail;

/** Activation link after the first registration (`#/activation?id=<token>`); texts `mail.activation`, `mail.linkValidity`. */
export function activationMail(tenant: TenantDefinition, person: Person, link: string, validHours: number) {
  const t = T.activation;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: salutationFor(person),
    paragraphs: [fill(t.thanks, { fund: tenant.name }), t.confirm],
    link: { label: t.link, url: link },
    after: [fill(T.linkValidity, { hours: validHours }), t.notYou],
  });
}

/** Reset link after "Passwort vergessen" (`#/pwdReset?token=<token>`); texts `mail.passwordReset`, `mail.linkValidity`. */
export function passwordResetMail(tenant: TenantDefinition, person: Person, link: string, validHours: number) {
  const t = T.passwordReset;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: salutationFor(person),
    paragraphs: [t.body],
    link: { label: t.link, url: link },
    after: [fill(T.linkValidity, { hours: validHours }), t.notYou],
  });
}

/** Notice after a password change (settings, reset or security update); texts `mail.passwordChanged`. */
export function passwordChangedMail(tenant: TenantDefinition, person: Person) {
  const t = T.passwordChanged;
  return renderMail(tenant, { subject: t.subject, salutation: salutationFor(person), paragraphs: [t.body, t.notYou] });
}

/** Notice to the new and the old address after the e-mail was changed on /updateRegistration; texts `mail.emailChanged`. */
export function emailChangedMail(tenant: TenantDefinition, person: Person, newEmail: string, toOldAddress: boolean) {
  const t = T.emailChanged;
  return renderMail(tenant, {
    subject: t.subject,
    salutation: salutationFor(person),
    paragraphs: [toOldAddress ? fill(t.toOld, { newEmail }) : t.toNew],
    after: [t.notYou],
  });
}
