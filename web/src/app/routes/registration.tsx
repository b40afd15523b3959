import registration from '@contract/i18n/de/registration.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /registration. */
export { RegistrationPage as Component } from '../../features/registration/components/registration-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [registration];
