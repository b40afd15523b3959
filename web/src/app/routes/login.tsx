/** Lazy route module of /login. */
export { LoginPage as Component } from '../../features/auth/components/login-page';
