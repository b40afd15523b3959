import { expect, type Page } from '@playwright/test';

/** Password of every demo persona (db/seed/personas.ts). */
export const DEMO_PASSWORD = 'Pensionskasse#2026';

export const personas = {
  anna: { email: 'anna.muster@example.at', name: 'Anna Muster' },
  bernd: { email: 'bernd.vorsorge@example.at', name: 'Bernd Vorsorge' },
  clara: { email: 'clara.pension@example.at', name: 'Clara Pension' },
} as const;

/** The password input (the show/hide button's name also starts with "Passwort"). */
export function passwordField(page: Page) {
  return page.getByLabel('Passwort', { exact: true });
}

/** Logs in through the login screen and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
}
