import { LoginPage } from '../../features/auth/components/login-page';

/** Lazy route module of /activation: the login with the activation flag. */
export function Component() {
  return <LoginPage mode="activation" />;
}
