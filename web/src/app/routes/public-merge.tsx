import captcha from '@contract/i18n/de/captcha.json';
import merge from '@contract/i18n/de/merge.json';
import uploads from '@contract/i18n/de/uploads.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /abfertigungsbeitraege-zusammenlegen-upload, the merge request without a login (main tenant). */
export { PublicMergePage as Component } from '../../features/merge/components/public-merge-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [captcha, merge, uploads];
