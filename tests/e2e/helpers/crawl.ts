import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './login';

/** The heading of the not-found page (schema/contract/i18n/de/common.json `notFound.heading`). */
const NOT_FOUND = 'Diese Seite gibt es nicht.';

/** A route path with its parameters blanked (`/kontoinformation/pensionskasse/2024-12-31` → `…/pensionskasse/:p`). */
function patternOf(href: string): string {
  return href
    .split('?')[0]!
    .replace(/\/\d{4}-\d{2}-\d{2}$/, '/:date')
    .replace(/\/vrg[^/]+$/, '/:vrg');
}

export interface CrawlResult {
  /** Every portal screen visited (hash routes, e.g. `#/dashboard`). */
  visited: string[];
  /** Same-origin non-hash links fetched (downloads), with their HTTP status. */
  fetched: Array<{ href: string; status: number }>;
}

/**
 * Follows every link of every screen reachable from `start` (one address or several) for the logged-in member in
 * `page`: each portal route
 * (`#/…`) is opened once and must render its screen, not the not-found page, and keep the session (no move to
 * /login); each same-origin download link must answer 200. axe checks the first screen of each route pattern
 * (`axePatterns` collects them across calls, so a pattern is checked once per test). `inspect`, when given, runs on
 * every screen once it has rendered.
 */
export async function crawlLinks(
  page: Page,
  who: string,
  axePatterns: Set<string>,
  start: string | readonly string[] = '#/dashboard',
  inspect?: (page: Page, href: string) => Promise<void>,
): Promise<CrawlResult> {
  const queue = typeof start === 'string' ? [start] : [...new Set(start)];
  const seen = new Set(queue);
  const visited: string[] = [];
  const fetched: CrawlResult['fetched'] = [];
  while (queue.length > 0) {
    const href = queue.shift()!;
    await page.goto(`/${href}`);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${who}: ${href}`).toBeVisible();
    await expect(page.locator('main .state--loading'), `${who}: ${href} still loading`).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND }), `${who}: ${href} leads to the not-found page`).toHaveCount(0);
    // Public screens (the upload form and the merge without a login too, decisions 0023 and 0024) show the public layout whoever opens them.
    if (!/^#\/(login|registration|pwdLost|orderRegistrationCode|nutzung|barrierefreiheit|upload-formular|abfertigungsbeitraege-zusammenlegen-upload)/.test(href)) {
      // Behind the login the member keeps the session and the member layout.
      await expect(page.getByRole('button', { name: 'Abmelden', exact: true }), `${who}: ${href} lost the session`).toBeVisible();
    }
    visited.push(href);
    if (inspect) await inspect(page, href);
    const pattern = patternOf(href);
    if (!axePatterns.has(pattern)) {
      axePatterns.add(pattern);
      await expectNoSeriousA11yViolations(page, `${who}: ${href}`);
    }
    const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    for (const link of links) {
      if (link.startsWith('#/')) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      } else if (link.startsWith('/') && !seen.has(link)) {
        seen.add(link);
        const response = await page.request.get(link);
        fetched.push({ href: link, status: response.status() });
        expect(response.status(), `${who}: ${link} from ${href}`).toBe(200);
      }
    }
  }
  return { visited, fetched };
}

/**
 * Logs each member in, crawls from the dashboard (`crawlLinks`, axe once per route pattern over all members),
 * expects the settings among the screens reached, and logs out. `inspect`, when given, runs on every screen once it
 * has rendered; `where` names the member and the screen (`anna: #/dashboard`).
 */
export async function crawlAsEach(
  page: Page,
  members: ReadonlyArray<readonly [who: string, email: string]>,
  inspect?: (page: Page, where: string) => Promise<void>,
): Promise<void> {
  const axePatterns = new Set<string>();
  for (const [who, email] of members) {
    await logIn(page, email);
    const { visited } = await crawlLinks(page, who, axePatterns, '#/dashboard', inspect && ((screen, href) => inspect(screen, `${who}: ${href}`)));
    expect(visited, who).toContain('#/einstellungen');
    await page.goto('/#/dashboard');
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await expect(page).toHaveURL(/#\/login/);
  }
}
