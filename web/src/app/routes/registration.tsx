/** Lazy route module of /registration. */
export { RegistrationPage as Component } from '../../features/registration/components/registration-page';
