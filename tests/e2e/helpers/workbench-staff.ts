import { Secret, TOTP } from 'otpauth';
import { expect, type Page } from '@playwright/test';
import { fundCommandJson } from './fund-command';
import { portalNow } from './portal-clock';

/**
 * Staff of the workbench in the browser tests (decision 0054): accounts made with the operator command on the e2e
 * database, TOTP codes computed here (RFC 6238, otpauth), and the sign-in with the forced password change.
 */

/** A new staff account (`npm run fund -- staff create` on the e2e database): its initial password and TOTP URI. */
export function createStaff(role: string, name: string): { email: string; initialPassword: string; totpUri: string } {
  const email = `${role.toLowerCase()}-${Date.now()}@fund.example`;
  return fundCommandJson<{ email: string; initialPassword: string; totpUri: string }>(['staff', 'create', '--email', email, '--name', name, '--role', role]);
}

/** The TOTP code of `uri` for the servers' (moved) now (tests/e2e/helpers/portal-clock.ts), `stepOffset` 30-second steps later (the server accepts one step of drift). */
export function codeOf(uri: string, stepOffset = 0): string {
  const secret = new URL(uri).searchParams.get('secret')!;
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: portalNow() + stepOffset * 30_000 });
}

/** Fills the sign-in form and submits it; resolves once the server answered. */
export async function signIn(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Code aus der Authenticator-App').fill(code);
  const answered = page.waitForResponse((res) => res.url().endsWith('/fund/staff/sign-in'));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await answered;
}

/** The password each test sets at the forced change of the first sign-in (the portal's password rules). */
export const NEW_PASSWORD = 'Arbeitsplatz#2026sicher';

/** Creates a staff person of `role`, signs in at /backoffice/ and sets NEW_PASSWORD at the forced change; resolves once the change is sent. */
async function signInWithNewPassword(page: Page, role: string, name: string): Promise<void> {
  const person = createStaff(role, name);
  await page.goto('/backoffice/');
  await signIn(page, person.email, person.initialPassword, codeOf(person.totpUri));
  await page.getByLabel('Bisheriges Passwort').fill(person.initialPassword);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
}

/** Signs a new staff person of `role` in at /backoffice/ and sets the new password: the shell shows. */
export async function startAs(page: Page, role: string, name: string): Promise<void> {
  await signInWithNewPassword(page, role, name);
  await expect(page.getByRole('heading', { level: 1, name: 'Anträge der Vorsorgekasse' })).toBeVisible();
}

/** Signs a new staff person of `role` in at /backoffice/ and sets the new password; resolves once the shell shows (any start area). */
export async function signInNewStaff(page: Page, role: 'CLERK' | 'SUPERVISOR' | 'AUDITOR', name: string): Promise<void> {
  await signInWithNewPassword(page, role, name);
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
}
