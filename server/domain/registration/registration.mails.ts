/**
 * German texts of the registration and password mails (formal "Sie"), rendered with the common layout of
 * server/domain/mail/templates.ts.
 */
import type { TenantDefinition } from '../../tenants';
import { renderMail, salutationFor } from '../mail/templates';

type Person = Parameters<typeof salutationFor>[0];

/** Activation link after the first registration (`#/activation?id=<token>`). */
export function activationMail(tenant: TenantDefinition, person: Person, link: string, validHours: number) {
  return renderMail(tenant, {
    subject: 'Bitte bestätigen Sie Ihre Registrierung im Mitgliederportal',
    salutation: salutationFor(person),
    paragraphs: [`vielen Dank für Ihre Registrierung im Mitgliederportal der ${tenant.name}.`, 'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihren Zugang zu aktivieren:'],
    link: { label: 'Zugang aktivieren', url: link },
    after: [`Der Link ist ${validHours} Stunden gültig und kann nur einmal verwendet werden.`, 'Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.'],
  });
}

/** Reset link after "Passwort vergessen" (`#/pwdReset?token=<token>`). */
export function passwordResetMail(tenant: TenantDefinition, person: Person, link: string, validHours: number) {
  return renderMail(tenant, {
    subject: 'Passwort zurücksetzen',
    salutation: salutationFor(person),
    paragraphs: ['Sie haben angefordert, Ihr Passwort für das Mitgliederportal zurückzusetzen. Über den folgenden Link vergeben Sie ein neues Passwort:'],
    link: { label: 'Neues Passwort vergeben', url: link },
    after: [
      `Der Link ist ${validHours} Stunden gültig und kann nur einmal verwendet werden.`,
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
    ],
  });
}

/** Notice after a password change (settings, reset or security update). */
export function passwordChangedMail(tenant: TenantDefinition, person: Person) {
  return renderMail(tenant, {
    subject: 'Ihr Passwort wurde geändert',
    salutation: salutationFor(person),
    paragraphs: [
      'das Passwort Ihres Zugangs zum Mitgliederportal wurde soeben geändert. Alle anderen Anmeldungen wurden beendet.',
      'Falls Sie das nicht selbst waren, setzen Sie Ihr Passwort bitte sofort über „Passwort vergessen“ zurück und verständigen Sie uns.',
    ],
  });
}

/** Notice to the new and the old address after the e-mail was changed on /updateRegistration. */
export function emailChangedMail(tenant: TenantDefinition, person: Person, newEmail: string, toOldAddress: boolean) {
  return renderMail(tenant, {
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    salutation: salutationFor(person),
    paragraphs: toOldAddress
      ? [`die E-Mail-Adresse Ihres Zugangs zum Mitgliederportal wurde auf ${newEmail} geändert. An diese Adresse senden wir keine Nachrichten mehr.`]
      : ['diese E-Mail-Adresse ist ab sofort die Adresse Ihres Zugangs zum Mitgliederportal. Sie melden sich künftig damit an.'],
    after: ['Falls Sie das nicht selbst waren, verständigen Sie uns bitte umgehend.'],
  });
}
