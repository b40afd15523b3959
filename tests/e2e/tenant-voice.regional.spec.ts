import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { crawlLinks } from './helpers/crawl';
import { logIn, loginPersonas, personas } from './helpers/login';

/**
 * The regional tenant speaks as itself (decision 0046): no screen of the regional portal, public or behind the
 * login, names the main group or links to its website. The mails and PDF letters are scanned by
 * tests/api/tenant-voice.test.ts.
 */

/** The main group's names and web address (server/tenants.ts `TENANTS.main`). */
const MAIN_GROUP = /\b(?:VBV|VBVVK|Mvbv)\b|vbv\.at/; // case-sensitive and whole words: random codes may contain the letters vbv

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

/** Every visible text, accessible name and link target of the screen, for the name scan. */
async function screenWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[href], [aria-label], [title], [alt]'))) {
      for (const name of ['href', 'aria-label', 'title', 'alt']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

async function expectOwnVoice(page: Page, where: string): Promise<void> {
  const words = await screenWords(page);
  const hit = MAIN_GROUP.exec(words);
  expect(hit ? words.slice(Math.max(0, hit.index - 80), hit.index + 80) : null, `${where} names the main group`).toBeNull();
}

test('public screens and the terms name the regional fund only', async ({ page }) => {
  for (const href of ['#/login', '#/registration', '#/pwdLost', '#/orderRegistrationCode', '#/nutzung', '#/barrierefreiheit']) {
    await page.goto(`/${href}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectOwnVoice(page, href);
  }
  await page.goto('/#/login');
  const legal = page.getByRole('navigation', { name: 'Rechtliches und Service' });
  await expect(legal.getByRole('link', { name: 'Impressum', exact: true })).toHaveAttribute('href', /^https:\/\/www\.noevk\.at\//);
  await expect(legal.getByRole('link', { name: 'Datenschutz', exact: true })).toHaveAttribute('href', /^https:\/\/www\.noevk\.at\//);
});

test('every screen behind the login names the regional fund only, for anna, bernd and otto', async ({ page }) => {
  const axePatterns = new Set<string>();
  for (const [who, email] of [
    ['anna', personas.anna.email],
    ['bernd', personas.bernd.email],
    ['otto', loginPersonas.otto],
  ] as const) {
    await logIn(page, email);
    const { visited } = await crawlLinks(page, who, axePatterns, '#/dashboard', (screen, href) => expectOwnVoice(screen, `${who}: ${href}`));
    expect(visited.length, who).toBeGreaterThan(3);
    await page.goto('/#/dashboard');
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await expect(page).toHaveURL(/#\/login/);
  }
});
