import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import { logIn, personas } from './helpers/login';
import { removeOwnContributionsOf } from './helpers/member-db';
import { chooseOption } from './helpers/select-field';

/** Wording and small things a member meets (the last walk through both tenants): each one seen as a member sees it. */

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { data: { query, variables }, headers: { 'x-application-version': 'Portal' } });
  return ((await res.json()) as { data: T }).data;
}

test.afterEach(() => removeOwnContributionsOf(personas.anna.email));

test('a one-off order reads "Einmalig am …"', async ({ page }) => {
  removeOwnContributionsOf(personas.anna.email);
  await logIn(page, personas.anna.email);
  const { me } = await gql<{ me: { pensionContracts: { id: string }[] } }>(page, '{ me { pensionContracts { id } } }');
  const created = await gql<{ createMandate: { ok: unknown; error: unknown } }>(
    page,
    'mutation($input: CreateMandateInput!) { createMandate(input: $input) { ok { __typename } error { code } } }',
    {
      input: {
        contractId: me.pensionContracts[0]!.id,
        type: 'ONE_OFF',
        amount: 10_000,
        iban: 'AT611904300234573201',
        startDate: '2027-01-15',
        accountOwner: 'Anna Muster',
        confirmed: true,
      },
    },
  );
  expect(created.createMandate.error).toBeNull();
  await page.goto('/#/eigenbeitraege');
  await expect(page.getByText('Einmalig am 15.01.2027: 100,00', { exact: false })).toBeVisible();
  await expect(page.getByText(/Einmalig: 100,00 € ab/)).toHaveCount(0);
});

test('a message sent today shows its date, not only the time', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/neu');
  await chooseOption(page, page, 'Empfänger', 'Vorsorgekasse');
  await page.getByLabel('Betreff').fill('Frage von heute');
  await page.getByLabel('Nachricht', { exact: true }).fill('Gilt mein Auftrag noch?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page).not.toHaveURL(/postfach\/neu/);
  await page.goto('/#/postfach/gesendet');
  const today = new Intl.DateTimeFormat('de-AT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Vienna' }).format(portalNow());
  const item = page.getByRole('listitem').filter({ hasText: 'Frage von heute' });
  await expect(item.locator('time')).toHaveText(new RegExp(`^${today.replace(/\./g, '\\.')}, \\d{2}:\\d{2}$`));
});

test('the public merge asks to solve the check only until it is solved', async ({ page }) => {
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Bitte lösen Sie zuerst die Sicherheitsprüfung.')).toHaveCount(0);
});

test('/gm does not explain 36 contribution months to someone without a Vorsorgekasse account', async ({ page }) => {
  await logIn(page, personas.clara.email);
  await page.goto('/#/gm');
  await expect(page.getByText('Zu Ihrer Person ist kein Konto bei der Vorsorgekasse gespeichert.', { exact: false })).toBeVisible();
  await expect(page.getByText(/36 Beitragsmonate/)).toHaveCount(0);
});

test('"Zusammenlegung möglich" is not dark red in its green box', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen');
  const title = page.locator('.notice--success .state__title').first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(125, 0, 22)');
});

test('the § 108a application names the country, not its code', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/eigenbeitraege/antrag');
  const country = page.getByLabel('Land', { exact: true });
  await expect(country).toHaveValue('Österreich');
});

test('the calculator’s fixed bar never covers the result table’s total row, at 1280 and 390 px', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/vorsorgerechner');
  const bar = page.getByRole('complementary', { name: 'Gesamtpension' });
  await expect(bar).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    const total = page.getByRole('row', { name: /^Gesamtpension/ }).first();
    // Scrolled as a reader or the browser would bring it up from below: to the bottom edge of the viewport.
    await total.evaluate((row) => row.scrollIntoView({ block: 'end' }));
    const rowBox = (await total.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(rowBox.y + rowBox.height, `${width} px`).toBeLessThanOrEqual(barBox.y + 1);
    // And at the very end of the page, nothing of the page lies under the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastBottom = await page.evaluate(() => {
      const body = document.querySelector('.calculator-body')!;
      const children = [...body.children].filter((c) => !c.classList.contains('total-bar'));
      return Math.max(...children.map((c) => c.getBoundingClientRect().bottom));
    });
    expect(lastBottom, `${width} px, end of page`).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
  }
});
