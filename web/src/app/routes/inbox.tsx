import captcha from '@contract/i18n/de/captcha.json';
import forms from '@contract/i18n/de/forms.json';
import inbox from '@contract/i18n/de/inbox.json';
import uploads from '@contract/i18n/de/uploads.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /postfach/posteingang and /postfach/{step}[/{id}] (both tenants). */
export { InboxPage as Component } from '../../features/messages/components/inbox-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [captcha, forms, inbox, uploads];
