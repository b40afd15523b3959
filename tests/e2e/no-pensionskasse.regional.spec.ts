import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { simpleParser } from 'mailparser';
import { hasScreen, paths, tenantRouteKeys, type RouteKey } from '../../web/src/config/paths';
import { FOLDER_OF_STEP, FORM_SLUGS, FORMS_STEP, NEW_STEP } from '../../web/src/features/messages/components/inbox-steps';
import { pdfText } from '../helpers/pdf';
import { crawlLinks } from './helpers/crawl';
import { boardPersonas, loginPersonas, passwordField, personas, submitLogin, waitForApp, DEMO_PASSWORD } from './helpers/login';

/**
 * The regional fund speaks as itself (spec 000 section 1: the regional tenant is a Vorsorgekasse only): no screen,
 * dialog, PDF or mail of the regional portal presents the portal or its documents as a Pensionskasse. The scan visits
 * every route the regional tenant offers (web/src/config/paths.ts `tenantRouteKeys.regional`, so a new screen is
 * scanned without naming it here), logged out and for each regional persona with every link reachable from there,
 * opens the login flow's dialogs, downloads every PDF a screen links and the calculator's print, and reads every mail
 * the regional server wrote into its outbox (MAIL_OUTBOX_DIR, playwright.config.ts). The main group's name is
 * scanned by tenant-voice.regional.spec.ts and link-crawl.regional.spec.ts.
 *
 * "Pensionskasse" after an indefinite article names another institution, not the portal: the severance claim's
 * transfer "an eine Pensionskasse oder betriebliche Kollektivversicherung" (§ 14 (2) BMSVG) is such a legal option.
 */
const PENSION_FUND_VOICE = /(?<!\beiner? )Pensionskass|\bVBV-Pensionskasse\b/i;

test.describe.configure({ timeout: 600_000 });

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

function expectNoPensionFund(text: string, where: string): void {
  const hit = PENSION_FUND_VOICE.exec(text);
  // Soft: one run reports every place at once.
  expect.soft(hit ? text.slice(Math.max(0, hit.index - 100), hit.index + 100) : null, `${where} speaks of a Pensionskasse`).toBeNull();
}

/** Every visible text, accessible name and link target of the screen (dialogs included). */
async function screenWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[href], [aria-label], [title], [alt], [placeholder]'))) {
      for (const name of ['href', 'aria-label', 'title', 'alt', 'placeholder']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

async function scanScreen(page: Page, where: string): Promise<void> {
  expectNoPensionFund(await screenWords(page), where);
}

/** Parameters of the regional routes whose address needs one; every other route is opened at `getHref()`. */
const ROUTE_PARAMETERS: Partial<Record<RouteKey, string[]>> = {
  updateRegistration: ['UPDATE_VK_MAIL', 'UPDATE_PK_MAIL', 'UPDATE_PKVK_MAIL'],
  inbox: [...Object.keys(FOLDER_OF_STEP), NEW_STEP, FORMS_STEP, ...Object.values(FORM_SLUGS).map((slug) => `${FORMS_STEP}/${slug}`)],
};

/** The hash addresses of every route the regional tenant offers and has a screen for. */
function regionalAddresses(): string[] {
  return tenantRouteKeys.regional.filter(hasScreen).flatMap((key) => {
    const parameters = ROUTE_PARAMETERS[key];
    const getHref = paths[key].getHref as (...args: string[]) => string;
    const hrefs = parameters ? parameters.map((p) => (key === 'inbox' ? `/postfach/${p}` : getHref(p))) : [getHref()];
    for (const href of hrefs) expect(href, `${key} needs its parameters in ROUTE_PARAMETERS`).not.toContain('undefined');
    return hrefs.map((href) => `#${href}`);
  });
}

/** Opens `href` and waits until the app has rendered a screen (a heading, a dialog or the login form). */
async function open(page: Page, href: string): Promise<void> {
  await page.goto(`/${href}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first(), href).toBeVisible();
  await expect(page.locator('main .state--loading'), `${href} still loading`).toHaveCount(0);
}

/** Text of each PDF among `hrefs` (same-origin downloads), scanned. Returns how many PDFs were read. */
async function scanPdfs(page: Page, hrefs: readonly string[], who: string): Promise<number> {
  let count = 0;
  for (const href of hrefs) {
    const response = await page.request.get(href);
    if (!(response.headers()['content-type'] ?? '').startsWith('application/pdf')) continue;
    expectNoPensionFund(await pdfText(new Uint8Array(await response.body())), `${who}: PDF ${href}`);
    count += 1;
  }
  return count;
}

/** Ends the session and starts the app afresh on the login page (no state of a login flow left). */
async function logOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/#/login');
  await page.reload();
  await waitForApp(page);
}

test('every regional route, logged out, speaks as the Vorsorgekasse', async ({ page }) => {
  for (const href of regionalAddresses()) {
    await open(page, href);
    await scanScreen(page, `logged out: ${href}`);
  }
});

test('the login flow’s dialogs and screens speak as the Vorsorgekasse', async ({ page }) => {
  // One persona per branch of the login flow that shows a dialog or a screen before the dashboard (spec 000 section 4).
  page.setDefaultTimeout(15_000);
  for (const [who, email] of Object.entries(loginPersonas)) {
    await logOut(page);
    await submitLogin(page, email);
    await expect
      .poll(
        async () =>
          (await page.getByRole('dialog').count()) > 0 ||
          (await page.getByRole('alert').count()) > 0 ||
          (await page.locator('[aria-invalid="true"]').count()) > 0 ||
          !page.url().endsWith('#/login'),
        { message: `${who}: an answer to the login` },
      )
      .toBe(true);
    await expect(page.locator('main .state--loading')).toHaveCount(0);
    await scanScreen(page, `login of ${who}`);
  }
  // The terms dialog for a member of both funds: on the regional tenant it names the regional fund only.
  await logOut(page);
  await submitLogin(page, loginPersonas.dora);
  const terms = page.getByRole('dialog');
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('Niederösterreichischen Vorsorgekasse');
  await scanScreen(page, 'terms dialog');
  await logOut(page);
});

test('every screen, PDF and mail behind the login speaks as the Vorsorgekasse', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  // The routes that send a visitor without session to the login: behind the login, or steps of the login flow.
  const redirected: string[] = [];
  for (const href of regionalAddresses()) {
    await open(page, href);
    if (page.url().endsWith('#/login') && !/^#\/(login)?$/.test(href)) redirected.push(href);
  }
  expect(redirected).toContain('#/dashboard');

  const axePatterns = new Set<string>();
  for (const [who, email] of [
    ['anna', personas.anna.email],
    ['bernd', personas.bernd.email],
    ['otto', loginPersonas.otto],
    ['sonja', boardPersonas.sonja],
  ] as const) {
    await page.goto('/#/login');
    await waitForApp(page);
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await passwordField(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
    // Each of them once with the session: a screen of the member layout is crawled with its links below.
    const memberAddresses: string[] = [];
    for (const href of redirected) {
      await open(page, href);
      await scanScreen(page, `${who}: ${href}`);
      if (await page.getByRole('button', { name: 'Abmelden', exact: true }).isVisible()) memberAddresses.push(href);
    }
    const { visited, fetched } = await crawlLinks(page, who, axePatterns, ['#/dashboard', ...memberAddresses], (screen, href) => scanScreen(screen, `${who}: ${href}`));
    expect(visited.length, who).toBeGreaterThanOrEqual(memberAddresses.length);
    const pdfs = await scanPdfs(
      page,
      fetched.map((f) => f.href),
      who,
    );
    // sonja's board messages carry PDFs: at least those are read.
    if (who === 'sonja') expect(pdfs, 'PDFs of sonja').toBeGreaterThan(0);
    await logOut(page);
  }

  // The calculator's print (bernd gets the fictitious calculator, as everyone on the regional tenant).
  await page.goto('/#/login');
  await submitLogin(page, personas.bernd.email);
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  await page.goto('/#/vorsorgerechner');
  const print = page.getByRole('button', { name: 'Berechnung als PDF herunterladen' });
  await expect(print).toBeEnabled({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), print.click()]);
  const printed = await pdfText(new Uint8Array(readFileSync(await download.path())));
  expect(printed).toContain('Niederösterreichische Vorsorgekasse');
  expectNoPensionFund(printed, 'calculator print');
  await logOut(page);

  // A mail of the regional server (password lost), then every mail it wrote during the run.
  const outbox = join(dirname(process.env.E2E_REGIONAL_DATABASE_PATH ?? ''), 'outbox');
  const mails = () => (existsSync(outbox) ? readdirSync(outbox, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.eml')) : []);
  const before = mails().length;
  await page.goto('/#/pwdLost');
  await waitForApp(page);
  const bernd = regionalPerson(personas.bernd.email);
  await page.getByLabel('Sozialversicherungsnummer').fill(bernd.svnr);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(personas.bernd.email);
  await page.getByLabel('Nachname').fill(bernd.lastName);
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bitte sehen Sie in Ihr E-Mail-Postfach' })).toBeVisible();
  await expect.poll(() => mails().length, { timeout: 15_000 }).toBeGreaterThan(before);
  for (const file of mails()) {
    const mail = await simpleParser(readFileSync(join(outbox, file)));
    expectNoPensionFund([mail.from?.text ?? '', mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''].join('\n'), `mail ${file}`);
  }
});

/** SVNR and last name of a person in the regional server's database (read-only). */
function regionalPerson(email: string): { svnr: string; lastName: string } {
  const db = new Database(process.env.E2E_REGIONAL_DATABASE_PATH ?? '', { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT svnr, last_name AS lastName FROM persons WHERE email = ?').get(email) as { svnr: string; lastName: string } | undefined;
    if (!row) throw new Error(`${email} is not in the regional database`);
    return row;
  } finally {
    db.close();
  }
}
