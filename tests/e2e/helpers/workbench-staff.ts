import { execFileSync } from 'node:child_process';
import { Secret, TOTP } from 'otpauth';
import { expect, type Page } from '@playwright/test';

/**
 * A new staff person of the workbench (decision 0054) signed in at /backoffice/: created with the operator command on
 * the e2e database, password and a TOTP code computed here (RFC 6238), the forced new password set; the shell shows.
 */
export async function signInNewStaff(page: Page, role: 'CLERK' | 'SUPERVISOR' | 'AUDITOR', name: string): Promise<void> {
  const email = `${role.toLowerCase()}-${Date.now()}@fund.example`;
  const out = execFileSync(
    'npx',
    ['tsx', 'server/cli/fund.ts', 'staff', 'create', '--email', email, '--name', name, '--role', role, '--database', process.env.E2E_DATABASE_PATH!],
    { encoding: 'utf8' },
  );
  const person = JSON.parse(out.trim().split('\n').at(-1)!) as { initialPassword: string; totpUri: string };
  const secret = Secret.fromBase32(new URL(person.totpUri).searchParams.get('secret')!);
  await page.goto('/backoffice/');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(person.initialPassword);
  await page.getByLabel('Code aus der Authenticator-App').fill(new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate());
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const newPassword = 'Arbeitsplatz#2026sicher';
  await page.getByLabel('Bisheriges Passwort').fill(person.initialPassword);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
}
