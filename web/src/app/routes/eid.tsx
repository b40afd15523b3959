import login from '@contract/i18n/de/login.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import type { CataloguePart } from '../../i18n/catalogue';
import { LoginPage } from '../../features/session/components/login-page';

/** Lazy route module of /eid: the answer of the electronic-ID login (no session check, no redirect to the login). */
export function Component() {
  return <LoginPage mode="eid" />;
}

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [login, loginFlow];
