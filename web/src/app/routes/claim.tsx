import captcha from '@contract/i18n/de/captcha.json';
import claim from '@contract/i18n/de/claim.json';
import uploads from '@contract/i18n/de/uploads.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /gm[/{step}], the severance claim (both tenants). */
export { ClaimPage as Component } from '../../features/claims/components/claim-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [captcha, claim, uploads];
