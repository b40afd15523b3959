/**
 * The new-browser notice (decision 0048), with its texts from the catalogue (schema/contract/i18n/de/devices-mail.json,
 * `devicesMail`, server-only like mail.json), rendered with the common layout of server/platform/mail/templates.ts. It says when and with which
 * browser and system, nothing more: no IP address, no place, no link.
 */
import catalogue from '@contract/i18n/de/devices-mail.json';
import { fill } from '@contract/i18n/fill';
import type { TenantDefinition } from '../../tenants';
import { renderMail, salutationFor } from '../../platform/mail/templates';
import type { DeviceLabel } from './devices.rules';

const T = catalogue.devicesMail;

/** The notice of a login from a new browser at `time` (`DD.MM.YYYY HH:MM`, Vienna) with `device`; texts `devicesMail`. */
export function newBrowserMail(tenant: TenantDefinition, person: Parameters<typeof salutationFor>[0], time: string, device: DeviceLabel) {
  const label = fill(T.device, { browser: device.browser ?? T.unknownBrowser, system: device.system ?? T.unknownSystem });
  return renderMail(tenant, { subject: T.subject, salutation: salutationFor(person), paragraphs: [fill(T.body, { time }), label], after: [T.wasYou, T.notYou] });
}
