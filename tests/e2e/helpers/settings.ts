import Database from 'better-sqlite3';
import { viennaToday } from './portal-clock';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './login';

/**
 * Shared steps of the settings specs (tests/e2e/settings-*.spec.ts): opening /einstellungen, finding its sections and
 * fields, today's date as the forms show it, and direct reads and writes of the e2e database.
 */

export const ANNA_NEW_EMAIL = 'anna.muster.neu@example.at';
export const SHOTS = process.env.SETTINGS_SHOTS === '1';

/**
 * Opens /einstellungen through the main navigation, once the current screen has rendered its heading: right after a
 * login the member layout is still settling, and a click then can miss the link.
 */
export async function openSettings(page: Page): Promise<void> {
  await expect(page.locator('#content h1')).toBeVisible();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/#\/einstellungen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
}

export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The legacy personal data as the REST client gets it with the page's session cookie. */
export async function restPersonalData(page: Page): Promise<Record<string, any>> {
  const response = await page.request.post('/rest/getPersonalData', { headers: { 'X-Application-Version': 'Portal' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, any>;
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails when it never gets it. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The address section's country select: a button named by its value and its label "Land" (components/ui/select-field.tsx). */
export function countrySelect(address: Locator): Locator {
  return address.getByRole('button', { name: /(^|\s)Land$/ });
}

/** Opens the country select with the mouse and clicks `country` in its list (the list sits in a pop-over outside the section). */
export async function chooseCountry(page: Page, address: Locator, country: string): Promise<void> {
  await countrySelect(address).click();
  await page.getByRole('listbox').getByRole('option', { name: country, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(countrySelect(address)).toHaveText(country);
}

/** The element ids an input's `aria-describedby` names, with their texts. */
export async function describedTexts(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/** Today as `DD.MM.YYYY`. */
export function typedToday(): string {
  const [year, month, day] = isoToday().split('-');
  return `${day}.${month}.${year}`;
}

/** Today in Vienna, as the browser (timezone Europe/Vienna) and the server see it (their moved clock); the runner's own zone may differ. */
export function isoToday(): string {
  return viennaToday();
}

export function writeDb(sql: string, ...params: unknown[]): void {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) return;
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

export function readDb<T>(sql: string, ...params: unknown[]): T[] {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * A generated member (by position from the newest) that no other spec uses, without pending login-flow questions;
 * password-reset.spec.ts takes its members from the oldest end.
 */
export function generatedMember(offset: number): string {
  const rows = readDb<{ email: string }>(
    `select p.email from persons p join credentials c on c.person_id = p.id
      where p.email like '%.%.%@example.at' and c.access_status = 'ACTIVE' and p.membership_status = 'ACTIVE'
        and p.terms_pending is null and p.email_update_pending is null and p.annual_statement_decision_pending = 0
        and p.login_data_sync_pending = 0 and p.registration_update_pending = 0
      order by p.id desc limit 1 offset ?`,
    offset,
  );
  expect(rows[0], 'a generated member').toBeDefined();
  return rows[0]!.email;
}

/** Logs in over REST with the page's cookie store (no login-time dialogs) and opens /einstellungen. */
export async function openSettingsAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const login = await page.request.post('/rest/login', {
    headers: { 'X-Application-Version': 'Portal' },
    form: { user: email, password, entryViaQrCode: 'false' },
  });
  expect(login.status()).toBe(200);
  await page.goto('/#/einstellungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
}
