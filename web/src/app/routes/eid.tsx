import { LoginPage } from '../../features/auth/components/login-page';

/** Lazy route module of /eid: the answer of the electronic-ID login (no session check, no redirect to the login). */
export function Component() {
  return <LoginPage mode="eid" />;
}
