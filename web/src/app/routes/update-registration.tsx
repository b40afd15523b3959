import login from '@contract/i18n/de/login.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import registration from '@contract/i18n/de/registration.json';
import type { CataloguePart } from '../../i18n/catalogue';
import { UpdateRegistrationPage } from '../../features/session/components/update-registration-page';
import { ChangeEmailForm } from '../../features/registration/components/change-email-form';

/**
 * Lazy route module of /updateRegistration/:status: the e-mail confirmation of the login flow (auth feature) with
 * the form that changes the address (registration feature); features never import each other, they meet here.
 */
export function Component() {
  return <UpdateRegistrationPage changeEmail={(props) => <ChangeEmailForm {...props} />} />;
}

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [login, loginFlow, registration];
