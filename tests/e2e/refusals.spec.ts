import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { boardPersonas, logIn, personas } from './helpers/login';

/**
 * Refusals say why (spec 001 sections 6 and 8; decision 0026): whoever the server refuses the calculator (clara, a
 * beneficiary drawing her pension; sonja, a supervisory-board member without contract) gets no menu entry and no
 * quick link for it, and the calculator's address shows the refusal without the prefilled form's intro; a member
 * without a board seat (anna) who opens the board inbox reads the catalogue's refusal, not a loading failure.
 */

async function expectNoCalculatorLink(page: Page, who: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Übersicht' }), who).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schnellzugriff' }), who).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Vorsorgerechner' }), `${who}: menu`).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Schnellzugriff' }).getByRole('link', { name: 'Vorsorgerechner' }), `${who}: quick link`).toHaveCount(0);
  await expect(page.locator('a[href="#/vorsorgerechner"]'), `${who}: any link`).toHaveCount(0);
}

async function expectCalculatorRefusal(page: Page, reason: string): Promise<void> {
  await page.goto('/#/vorsorgerechner');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorsorgerechner' })).toBeVisible();
  await expect(page.getByText('Der Vorsorgerechner steht Ihnen nicht zur Verfügung')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('vorausgefüllt');
  await expect(page.getByRole('button', { name: /berechnen/i })).toHaveCount(0);
}

test('clara (beneficiary drawing her pension) gets no calculator link; its address shows the refusal only', async ({ page }) => {
  await logIn(page, personas.clara.email);
  await expectNoCalculatorLink(page, 'clara');
  await expectCalculatorRefusal(page, 'Wenn Sie bereits eine Pension beziehen');
});

test('sonja (board member without contract) gets no calculator link; its address shows the refusal only', async ({ page }) => {
  await logIn(page, boardPersonas.sonja);
  await expectNoCalculatorLink(page, 'sonja');
  await expectCalculatorRefusal(page, 'Für Sie liegen keine gültigen Vertragsdaten vor');
});

test('anna (member, no board seat) still gets the calculator link', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgerechner' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schnellzugriff' }).getByRole('link', { name: 'Vorsorgerechner' })).toBeVisible();
});

test('anna (no board seat) opening the board inbox reads why it is closed to her', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/aufsichtsrat');
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach' })).toBeVisible();
  await expect(page.getByText('Das Postfach des Aufsichtsrats steht nur Mitgliedern des Aufsichtsrats mit einem laufenden Mandat offen.')).toBeVisible();
  await expect(page.getByText('Die Daten konnten nicht geladen werden')).toHaveCount(0);
  // Reloading the address itself (no inbox tabs cached yet) says the same.
  await page.reload();
  await expect(page.getByText('Das Postfach des Aufsichtsrats steht nur Mitgliedern des Aufsichtsrats mit einem laufenden Mandat offen.')).toBeVisible();
  await expect(page.getByText('Die Daten konnten nicht geladen werden')).toHaveCount(0);
});
