import { UpdateRegistrationPage } from '../../features/auth/components/update-registration-page';
import { ChangeEmailForm } from '../../features/registration/components/change-email-form';

/**
 * Lazy route module of /updateRegistration/:status: the e-mail confirmation of the login flow (auth feature) with
 * the form that changes the address (registration feature); features never import each other, they meet here.
 */
export function Component() {
  return <UpdateRegistrationPage changeEmail={(props) => <ChangeEmailForm {...props} />} />;
}
