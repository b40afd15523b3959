import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate, expectedMoney } from './helpers/expected-format';
import { recordGraphqlRequests } from './helpers/graphql-requests';
import { logIn, personas } from './helpers/login';
import { insertClaim, removeClaim, unreadCountsOf, updateClaim } from './helpers/member-db';
import { pensionStatementsOf, severanceStatementsOf } from './helpers/seed-db';
import { routeAvailable, type RouteKey, type TenantId } from '../../web/src/config/paths';

/**
 * The dashboard (spec 001 sections 2 and 4): quick links by the member's funds and the tenant, the latest figures
 * of each fund, the unread messages and documents, the claim teaser only when a claim exists, and one GraphQL round
 * trip per screen.
 */

const EXTERNAL = ' (externe Website)';

/**
 * The spec's quick links (spec 001 section 2), each with the route it needs: only those whose screen exists are
 * expected (`routeAvailable`), so the test follows the route registry instead of naming screens not built yet.
 */
function available<T>(entries: ReadonlyArray<readonly [RouteKey | null, T]>, tenant: TenantId = 'main'): T[] {
  return entries.filter(([key]) => key === null || routeAvailable(tenant, key)).map(([, value]) => value);
}

async function quickLinks(page: Page): Promise<Array<{ name: string; href: string }>> {
  const section = page.getByRole('region', { name: 'Schnellzugriff' });
  await expect(section).toBeVisible();
  return section
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => ({ name: (link.textContent ?? '').replace(/\s+/g, ' ').trim(), href: link.getAttribute('href') ?? '' })));
}

test('anna (both funds) sees every quick link, her latest figures and her unread messages and documents', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');

  const links = await quickLinks(page);
  expect(links).toEqual(
    available([
      ['pensionAccount', { name: 'Kontoinformation Pensionskasse', href: '#/kontoinformation/pensionskasse' }],
      ['severanceAccount', { name: 'Kontoinformation Vorsorgekasse', href: '#/kontoinformation/vorsorgekasse' }],
      ['inboxMessages', { name: 'Postfach', href: '#/postfach/posteingang' }],
      ['documents', { name: 'Dokumente', href: '#/dokumente' }],
      ['pensionInvestment', { name: 'Veranlagung Pensionskasse', href: '#/veranlagung/pensionskasse' }],
      ['severanceInvestment', { name: 'Veranlagung Vorsorgekasse', href: '#/veranlagung/vorsorgekasse' }],
      ['calculator', { name: 'Vorsorgerechner', href: '#/vorsorgerechner' }],
      ['ownContributions', { name: 'Eigenbeiträge', href: '#/eigenbeitraege' }],
      [null, { name: `Häufige Fragen (FAQ)${EXTERNAL}`, href: 'https://www.vbv.at/faq' }],
      [null, { name: `Abfertigungsrechner bei Kündigung${EXTERNAL}`, href: 'https://www.vbv.at/abfertigungsrechner' }],
      [null, { name: `Warum wir?${EXTERNAL}`, href: 'https://www.vbv.at/warum-wir' }],
      [null, { name: `Neuigkeiten${EXTERNAL}`, href: 'https://www.vbv.at/news' }],
    ]),
  );

  const pk = pensionStatementsOf(personas.anna.email)[0]!;
  const pkCard = page.getByRole('article').filter({ hasText: `Vertrag ${pk.contract_number}` });
  await expect(pkCard).toContainText(expectedMoney(pk.total_capital_cents));
  await expect(pkCard).toContainText(`Stand ${expectedDate(pk.stichtag)}`);
  // The role follows the member's gender.
  await expect(pkCard.getByRole('definition').filter({ hasText: /berechtigte/ })).toHaveText('Anwartschaftsberechtigte');
  const vk = severanceStatementsOf(personas.anna.email)[0]!;
  const vkCard = page.getByRole('article').filter({ hasText: `Konto ${vk.account_number}` });
  await expect(vkCard).toContainText(expectedMoney(vk.total_entitlement_cents));

  const unread = unreadCountsOf(personas.anna.email);
  expect(unread.messages, 'anna has unread messages in the seed').toBeGreaterThan(0);
  const messages = page.getByRole('link', { name: `${unread.messages} ungelesene Nachrichten im Postfach` });
  if (routeAvailable('main', 'inboxMessages')) await expect(messages).toHaveAttribute('href', '#/postfach/posteingang');
  else await expect(page.getByText(/ungelesene Nachrichten/)).toHaveCount(0);
  const documentsText = unread.documents === 0 ? 'Keine neuen Dokumente' : unread.documents === 1 ? '1 neues Dokument' : `${unread.documents} neue Dokumente`;
  await expect(page.getByRole('link', { name: documentsText })).toHaveAttribute('href', '#/dokumente');

  await expect(page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard of anna');
});

test('bernd (Vorsorgekasse only) and clara (Pensionskasse beneficiary) get the quick links of their funds', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  const bernd = (await quickLinks(page)).map((link) => link.name);
  expect(bernd).toEqual(
    available([
      ['severanceAccount', 'Kontoinformation Vorsorgekasse'],
      ['inboxMessages', 'Postfach'],
      ['documents', 'Dokumente'],
      ['severanceInvestment', 'Veranlagung Vorsorgekasse'],
      ['calculator', 'Vorsorgerechner'],
      [null, `Häufige Fragen (FAQ)${EXTERNAL}`],
      [null, `Abfertigungsrechner bei Kündigung${EXTERNAL}`],
      [null, `Warum wir?${EXTERNAL}`],
      [null, `Neuigkeiten${EXTERNAL}`],
    ]),
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Pensionskasse' })).toHaveCount(0);
  for (const account of new Set(severanceStatementsOf(personas.bernd.email).map((s) => s.account_number))) {
    await expect(page.getByRole('heading', { level: 3, name: `Konto ${account}` })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'dashboard of bernd');
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login$/);

  await logIn(page, personas.clara.email);
  const clara = (await quickLinks(page)).map((link) => link.name);
  // A beneficiary drawing her pension pays no own contributions; without a Vorsorgekasse account no severance links.
  expect(clara).toEqual(
    available([
      ['pensionAccount', 'Kontoinformation Pensionskasse'],
      ['inboxMessages', 'Postfach'],
      ['documents', 'Dokumente'],
      ['pensionInvestment', 'Veranlagung Pensionskasse'],
      // No calculator: the server refuses it to a beneficiary drawing the pension (spec 001 section 6).
      [null, `Häufige Fragen (FAQ)${EXTERNAL}`],
      [null, `Warum wir?${EXTERNAL}`],
      [null, `Neuigkeiten${EXTERNAL}`],
    ]),
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Vorsorgekasse' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard of clara');
});

test('the claim teaser appears once a claim exists and follows its status and the legal payout deadline', async ({ page }) => {
  // Received 20.01.2099 → Tue 31.03.2099, then Wed 1.4. … Tue 7.4. are the 5 working days (Easter 2099 is 12 April).
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'NEW', submittedAt: '2099-01-20T09:00:00.000Z' });
  try {
    await logIn(page, personas.bernd.email);
    const teaser = page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' });
    await expect(teaser).toContainText('Status: Neu');
    await expect(teaser).toContainText(`Auszahlung für Konto ${claim.accountNumber}`);
    await expect(teaser).toContainText('Ende des zweiten auf den Eingang folgenden Kalendermonats plus 5 Werktage (Montag bis Freitag ohne Feiertage)');
    await expect(teaser).toContainText('Voraussichtliche Auszahlung bis 07.04.2099.');
    await expectNoSeriousA11yViolations(page, 'dashboard with a new claim');

    // Once the deadline has passed, the teaser shows no date.
    // Received 15.10.2000 → Sun 31.12.2000; Mon 1.1.2001 holiday, 2.1. … 5.1. and Mon 8.1.2001 (6.1. was a Saturday).
    updateClaim(claim.id, { submittedAt: '2000-10-15T09:00:00.000Z' });
    await page.reload();
    await expect(teaser).toContainText('Die Auszahlung erfolgt in Kürze.');
    await expect(teaser).not.toContainText('08.01.2001');

    updateClaim(claim.id, { option: 'TRANSFER_VORSORGEKASSE', status: 'PRE_TRANSFER', definiteDate: '2099-02-14' });
    await page.reload();
    await expect(teaser).toContainText('Status: Zahlung vorgemerkt');
    await expect(teaser).toContainText('Ihre Abfertigung wird am 14.02.2099 übertragen.');

    updateClaim(claim.id, { status: 'INFORMATION_NEEDED' });
    await page.reload();
    await expect(teaser).toContainText('Status: Unterlagen fehlen');
    if (routeAvailable('main', 'inboxMessages')) {
      await expect(teaser.getByRole('link', { name: 'Zum Postfach' })).toHaveAttribute('href', '#/postfach/posteingang');
    } else {
      // No inbox screen yet: neither a link nor a text sending the member there.
      await expect(teaser.getByRole('link')).toHaveCount(0);
      await expect(teaser).not.toContainText('Postfach');
    }
    await expectNoSeriousA11yViolations(page, 'dashboard with a claim needing documents');
  } finally {
    removeClaim(claim.id);
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' })).toHaveCount(0);
});

test('the dashboard and the account information load with one GraphQL request each', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(page.getByRole('region', { name: 'Schnellzugriff' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });

  for (const [link, heading, operation] of [
    ['Pensionskasse', 'Kontoinformation Pensionskasse', 'PensionAccountPage_Query'],
    ['Übersicht', 'Sehr geehrte Frau Mag.a Anna Muster', 'DashboardPage_Query'],
    ['Vorsorgekasse', 'Kontoinformation Vorsorgekasse', 'SeveranceAccountPage_Query'],
  ] as const) {
    const recording = recordGraphqlRequests(page);
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Daten werden geladen' })).toHaveCount(0);
    await page.waitForTimeout(750); // anything a screen would load late has started by now
    expect(recording.stop(), `GraphQL requests for ${heading}`).toEqual([operation]);
  }
});
