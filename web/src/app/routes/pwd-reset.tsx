/** Lazy route module of /pwdReset (`?token=…` from the reset mail). */
export { PwdResetPage as Component } from '../../features/registration/components/pwd-reset-page';
