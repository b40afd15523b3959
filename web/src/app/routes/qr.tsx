import { LoginPage } from '../../features/auth/components/login-page';

/** Lazy route module of /qr: the login with the qr flag (`entryViaQrCode`). */
export function Component() {
  return <LoginPage mode="qr" />;
}
