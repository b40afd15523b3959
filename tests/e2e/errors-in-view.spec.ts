import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';
import { removeClaimsOf } from './helpers/member-db';
import { openMonthlyMandateData } from './helpers/own-contributions';

/**
 * Errors in view (web/src/lib/forms/focus-first-error.ts): a refused submit moves the focus to the first invalid field
 * and scrolls it into view, on every kind of form (calculator, claim data step, public upload form, inbox forms, own
 * contributions, settings); and the calculator never shows a result that no longer belongs to its inputs.
 */

/**
 * The focused element: inside the viewport, and an invalid field or inside one (a group, a date field), or the form's
 * error summary (a form that moves the focus to its summary itself).
 */
async function expectFocusOnAProblemInView(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'nothing focused';
        const invalid = el.closest('[aria-invalid="true"]') ?? (el.getAttribute('aria-invalid') === 'true' ? el : null);
        const field = el.closest('.field, fieldset');
        const summary = el.closest('[role="alert"], .notice--error, [data-error-summary]');
        const flagged = invalid ?? summary ?? (field?.querySelector('[aria-invalid="true"], .field__error') ? field : null);
        if (!flagged) return `focused ${el.tagName} is no invalid field`;
        const r = el.getBoundingClientRect();
        // Two pixels of slack: Chromium's scroll anchoring, when a section above re-renders after the refusal, can leave
        // the field's border a pixel under the top edge; the field itself is in view.
        return r.top >= -2 && r.bottom <= window.innerHeight + 2 ? 'ok' : `out of view (${Math.round(r.top)})`;
      }),
    )
    .toBe('ok');
}

/** Scrolls to the bottom first, so the check proves the scroll to the problem and not the page's start. */
async function submitFromBottom(page: Page, button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  await button.click();
}

test('calculator: a changed input marks the result out of date, a refused one clears result and fixed bar and shows the field', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/vorsorgerechner');
  const bar = page.getByRole('complementary', { name: 'Gesamtpension' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('heading', { name: /Ihr Ergebnis|Ergebnis/ }).first()).toBeVisible();

  // A change: the result stays, marked; the fixed bar (which reads as current) goes.
  await page.getByRole('spinbutton', { name: /Jahr, Pensionsantritt/ }).click();
  await page.keyboard.type('2050');
  await expect(page.getByText('Sie haben Ihre Eingaben geändert.', { exact: false })).toBeVisible();
  await expect(bar).toHaveCount(0);

  // A refused input: no result, no bar, the field in view and focused.
  await page.getByRole('spinbutton', { name: /Jahr, Pensionsantritt/ }).click();
  await page.keyboard.type('2020');
  await submitFromBottom(page, page.getByRole('button', { name: 'Berechnen' }));
  await expect(page.getByText('Das Datum darf nicht in der Vergangenheit liegen.')).toBeVisible();
  await expect(page.getByText('Gesamtpension:', { exact: false })).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(page.getByText('Sie haben Ihre Eingaben geändert.', { exact: false })).toHaveCount(0);
  await expectFocusOnAProblemInView(page);
  await expectNoSeriousA11yViolations(page, 'calculator with a refused input');
});

test('settings: a refused address puts the postcode in view and in focus', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/einstellungen');
  // The sections above the address load their own lists (passkeys, signed-in devices): wait until they are there, so
  // the page no longer moves under the check.
  await expect(page.getByRole('region', { name: 'Angemeldete Geräte' }).getByText('Dieses Gerät')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText('Sie haben noch keinen Passkey angelegt.')).toBeVisible();
  const address = page.getByRole('region', { name: 'Adresse' });
  await address.getByLabel('Postleitzahl').fill('');
  await submitFromBottom(page, address.getByRole('button', { name: 'Adresse speichern' }));
  await expectFocusOnAProblemInView(page);
});

test('claim data step: a refused IBAN is focused and in view', async ({ page }) => {
  removeClaimsOf(personas.bernd.email);
  await logIn(page, personas.bernd.email);
  await page.goto('/#/gm');
  await page.getByRole('radio', { name: 'Auszahlen lassen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/gm\/daten$/);
  await page.getByRole('radio', { name: 'Überweisung auf Ihr Konto' }).check();
  await page.getByLabel('IBAN').fill('AT00 0000 0000 0000 0000');
  await submitFromBottom(page, page.getByRole('button', { name: 'Weiter' }));
  await expect(page.getByText('Bitte geben Sie Ihre vollständige IBAN ein.')).toBeVisible();
  await expectFocusOnAProblemInView(page);
});

test('inbox form: an incomplete Pensionsabruf puts its first missing answer in focus and in view', async ({ page }) => {
  await logIn(page, personas.clara.email);
  await page.goto('/#/postfach/posteingang');
  await page.getByRole('navigation', { name: 'Postfach' }).getByRole('link', { name: 'Formulare' }).click();
  await page.getByRole('link', { name: 'Pensionsabruf' }).click();
  await submitFromBottom(page, page.getByRole('button', { name: 'Formular senden' }));
  await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
  await expectFocusOnAProblemInView(page);
});

test('own contributions: a refused amount is focused and in view', async ({ page }) => {
  await logIn(page, personas.anna.email);
  // On the data step before its own "Weiter" is looked up: the choice step's button of the same name is replaced then.
  await openMonthlyMandateData(page);
  await submitFromBottom(page, page.getByRole('button', { name: 'Weiter' }));
  await expectFocusOnAProblemInView(page);
});

test('public upload form: sending it empty puts the first missing field in focus and in view', async ({ page }) => {
  await page.goto('/#/upload-formular');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await submitFromBottom(page, page.getByRole('button', { name: 'Dokumente senden' }));
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  await expectFocusOnAProblemInView(page);
});
