/** Lazy route module of /pwdLost. */
export { PwdLostPage as Component } from '../../features/registration/components/pwd-lost-page';
