import login from '@contract/i18n/de/login.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import type { CataloguePart } from '../../i18n/catalogue';
import { LoginPage } from '../../features/session/components/login-page';

/** Lazy route module of /qr: the login with the qr flag (`entryViaQrCode`). */
export function Component() {
  return <LoginPage mode="qr" />;
}

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [login, loginFlow];
