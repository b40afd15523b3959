import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan, screenshotIfAsked } from './helpers/layout-checks';
import { boardPersonas, logIn, personas } from './helpers/login';

/**
 * The supervisory-board inbox in the browser (spec 001 sections 1 and 6; decision 0026): sonja, a
 * board member without own contract, sees only what applies to her (no account pages, no fund data, the board inbox
 * as her only inbox tab), reads a board message and downloads its PDF; clara, a board member who is also a
 * beneficiary, gets the board tab beside her member inbox; anna, not on the board, gets no board tab. Axe and the
 * 390 px layout on each screen; screenshots go to SCREENSHOT_DIR when set.
 */

async function checkBothWidths(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await screenshotIfAsked(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390), name).toEqual([]);
  await screenshotIfAsked(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('sonja (board member without contract) sees only what applies and reads a board message', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, boardPersonas.sonja);

  // Dashboard: no fund data, no account or investment pages in the navigation; the board inbox is linked (the
  // navigation's Postfach leads there too).
  await expect(page.getByText('Sie nutzen das Portal als Mitglied des Aufsichtsrats.', { exact: false })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link')).toHaveText(['Übersicht', 'Postfach', 'Einstellungen']);
  await expect(nav.getByRole('link', { name: 'Postfach' })).toHaveAttribute('href', '#/postfach/aufsichtsrat');
  await expect(page.getByRole('heading', { name: 'Pensionskasse' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Vorsorgekasse' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /ungelesene Nachrichten? im Postfach$/ })).toHaveCount(0);
  const boardLink = page.getByRole('link', { name: /im Aufsichtsrats-Postfach$/ });
  await expect(boardLink).toBeVisible();
  await checkBothWidths(page, 'board-dashboard');

  await boardLink.click();
  await expect(page).toHaveURL(/#\/postfach\/aufsichtsrat$/);
  const inboxNav = page.getByRole('navigation', { name: 'Postfach' });
  await expect(inboxNav.getByRole('link')).toHaveText(['Aufsichtsrat']);
  await expect(page.getByRole('heading', { level: 2, name: 'Aufsichtsrat' })).toBeVisible();
  const report = page.locator('.message-item').filter({ hasText: 'Quartalsbericht Veranlagung' });
  await expect(report).toHaveCount(1);
  await expect(page.locator('.message-item')).not.toHaveCount(0);
  await checkBothWidths(page, 'board-inbox');

  // The invitation with its PDF: the detail, the download, and the read state.
  await page.locator('.message-item').filter({ hasText: 'Einladung zur Sitzung des Aufsichtsrats' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: /^Einladung zur Sitzung des Aufsichtsrats/ })).toBeVisible();
  const attachment = page.getByRole('link', { name: 'Tagesordnung-Aufsichtsratssitzung.pdf' });
  await expect(attachment).toBeVisible();
  const download = await Promise.all([page.waitForEvent('download'), attachment.click()]).then(([d]) => d);
  expect(download.suggestedFilename()).toBe('Tagesordnung-Aufsichtsratssitzung.pdf');
  await checkBothWidths(page, 'board-message');
  await page.getByRole('link', { name: 'Zurück zum Aufsichtsrats-Postfach' }).click();
  await expect(page.locator('.message-item').filter({ hasText: 'Einladung zur Sitzung des Aufsichtsrats' }).getByText('neu', { exact: true })).toHaveCount(0);

  // Opening the report marks it read.
  await report.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: /^Quartalsbericht Veranlagung/ })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Aufsichtsrats-Postfach' }).click();
  await expect(report.getByText('neu', { exact: true })).toHaveCount(0);

  // Account pages are not offered: the address shows no fund data.
  await page.goto('/#/kontoinformation/pensionskasse');
  await expect(page.getByText(/PK-\d{7}/)).toHaveCount(0);
});

test('clara (board member and beneficiary) has the board tab beside her member inbox; anna (not on the board) has none', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, personas.clara.email);
  await page.goto('/#/postfach/posteingang');
  const inboxNav = page.getByRole('navigation', { name: 'Postfach' });
  await expect(inboxNav.getByRole('link')).toHaveText(['Posteingang', 'Gesendet', 'Aufsichtsrat', 'Neue Nachricht', 'Formulare']);
  await expect(page.locator('.message-item').filter({ hasText: 'Einladung zur Sitzung des Aufsichtsrats' })).toHaveCount(0);
  await inboxNav.getByRole('link', { name: 'Aufsichtsrat' }).click();
  await expect(page.locator('.message-item').filter({ hasText: 'Einladung zur Sitzung des Aufsichtsrats' })).toHaveCount(1);
  await checkBothWidths(page, 'board-inbox-clara');

  await page.context().clearCookies();
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/posteingang');
  await expect(page.getByRole('navigation', { name: 'Postfach' }).getByRole('link', { name: 'Posteingang' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Postfach' }).getByRole('link', { name: 'Aufsichtsrat' })).toHaveCount(0);
});
