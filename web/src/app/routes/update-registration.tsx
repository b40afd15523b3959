/** Lazy route module of /updateRegistration/:status. */
export { UpdateRegistrationPage as Component } from '../../features/auth/components/update-registration-page';
