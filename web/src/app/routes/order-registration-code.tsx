import registration from '@contract/i18n/de/registration.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /orderRegistrationCode. */
export { OrderRegistrationCodePage as Component } from '../../features/registration/components/order-registration-code-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [registration];
