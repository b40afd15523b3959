/**
 * The notice that a member's data archive is ready (docs/decisions/0052-data-archive.md), texts
 * `dataExport.mail` of schema/contract/i18n/de/data-export.json, in the common layout of server/platform/mail/templates.ts.
 * It names only the expiry date: the archive itself is downloaded in the portal after the password is typed again.
 */
import catalogue from '@contract/i18n/de/data-export.json';
import { isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import { fill } from '@contract/i18n/fill';
import type { TenantDefinition } from '../../tenants';
import { renderMail, salutationFor } from '../../platform/mail/templates';

const T = catalogue.dataExport.mail;

/** The "archive ready" mail; `expiresAt` is the ISO instant after which the archive is deleted (shown as its Vienna date). */
export function dataExportReadyMail(tenant: TenantDefinition, person: Parameters<typeof salutationFor>[0], expiresAt: string) {
  return renderMail(tenant, {
    subject: T.subject,
    salutation: salutationFor(person),
    paragraphs: [T.body, fill(T.expiry, { date: formatDate(isoDateVienna(Date.parse(expiresAt))) }), T.notYou],
  });
}
