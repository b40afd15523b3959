import registration from '@contract/i18n/de/registration.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /pwdReset (`?token=…` from the reset mail). */
export { PwdResetPage as Component } from '../../features/registration/components/pwd-reset-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [registration];
