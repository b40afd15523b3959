import { expect, type Page } from '@playwright/test';

/**
 * Opens the own-contribution application (#/eigenbeitraege, decision 0016) of the signed-in member, keeps the first
 * contract, chooses a monthly mandate and resolves once the data step (#/eigenbeitraege/daten) is shown: its heading,
 * not only its address, for the choice step's "Weiter" is still on the page for a moment after the address changed.
 */
export async function openMonthlyMandateData(page: Page): Promise<void> {
  await page.goto('/#/eigenbeitraege');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('radio', { name: /Monatlich/ }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/eigenbeitraege\/daten$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Daten', exact: true })).toBeVisible();
}
