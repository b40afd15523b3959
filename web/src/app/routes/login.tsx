import login from '@contract/i18n/de/login.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /login. */
export { LoginPage as Component } from '../../features/session/components/login-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [login, loginFlow];
