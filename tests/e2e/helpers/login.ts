import { expect, type Page } from '@playwright/test';

/** Password of every demo persona (db/seed/personas.ts and db/seed/login-personas.ts). */
export const DEMO_PASSWORD = 'Pensionskasse#2026';

export const personas = {
  anna: { email: 'anna.muster@example.at', name: 'Anna Muster' },
  bernd: { email: 'bernd.vorsorge@example.at', name: 'Bernd Vorsorge' },
  clara: { email: 'clara.pension@example.at', name: 'Clara Pension' },
} as const;

/** The login personas of db/seed/login-personas.ts: one branch of the login flow each. */
export const loginPersonas = {
  dora: 'dora.nutzung@example.at',
  emil: 'emil.dienst@example.at',
  fritz: 'fritz.brief@example.at',
  frieda: 'frieda.brief@example.at',
  gabi: 'gabi.erstlogin@example.at',
  hans: 'hans.update@example.at',
  ida: 'ida.newsletter@example.at',
  ines: 'ines.newsletter@example.at',
  karl: 'karl.gesperrt@example.at',
  lena: 'lena.ausgetreten@example.at',
  max: 'max.verstorben@example.at',
  otto: 'otto.kunde@example.at',
  paula: 'paula.ansprech@example.at',
  rita: 'rita.review@example.at',
  sepp: 'sepp.gesperrt@example.at',
  nina: 'nina.aktivierung@example.at',
} as const;

/** Supervisory-board personas (db/seed/board-personas.ts BOARD_ONLY_PERSONAS; decision 0026): sonja has no own contract. */
export const boardPersonas = {
  sonja: 'sonja.aufsicht@example.at',
} as const;

/** The password input (the show/hide button's name also starts with "Passwort"). */
export function passwordField(page: Page) {
  return page.getByLabel('Passwort', { exact: true });
}

/**
 * Waits until the app has taken over from the screen frame prerendered into index.html (decision 0040): the frame is
 * removed then. Before that, the login form on screen is the frame's, and what a test types into it is dropped at
 * the takeover.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
}

/** Fills in the login form on the current page (once the app has taken over) and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await waitForApp(page);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * Logs in through the login screen and waits for the dashboard: its address and the member layout around it. For the
 * specs whose subject is the login or the session (the form, its flow, tabs, time-outs); the others use `logIn`.
 */
export async function logInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await submitLogin(page, email, password);
  await expectDashboard(page);
}

/** The `login` mutation of server/modules/session/session.graphql, as the login form sends it (web/src/features/session/api/log-in.ts). */
const LOGIN_MUTATION = 'mutation E2e_Login($input: LoginInput!) { login(input: $input) { ok { status loggedIn } error { code } } }';

/**
 * Opens a member session and the dashboard in `page`: the `login` mutation is sent from the page's browser context
 * (its cookie jar receives the session cookie, as after the form), then the dashboard is loaded; resolves once its
 * address and the member layout are shown. A fresh session per test, as the form would open, without loading and
 * filling the login screen first (docs/decisions/0064-browser-test-speed.md); throws when the login does not open a
 * session (a persona with a pending login-flow question needs `logInThroughForm`).
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const answer = await page.request.post('/graphql', { data: { query: LOGIN_MUTATION, variables: { input: { email, password } } } });
  const body = (await answer.json()) as { data?: { login: { ok: { status: string; loggedIn: boolean } | null; error: { code: string } | null } } };
  const login = body.data?.login;
  if (!login?.ok?.loggedIn) throw new Error(`login of ${email} opened no session: ${JSON.stringify(body)}`);
  // A page already showing the portal (after a logout) would only change its hash: the app must start afresh, as
  // after the form's login, so it leaves the portal first.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto('/#/dashboard');
  await expectDashboard(page);
}

/**
 * The dashboard's address and the member layout's logout button, shown by the app itself: after a fresh page load the
 * prerendered member frame (decision 0040) shows the same shell, with static links, until the app's first screen
 * has rendered; a test acting on the frame would follow its plain anchors instead of the app's handlers.
 */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.locator('#root > [data-prerender]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
}

/** The login form is left: a dialog of the login flow or the dashboard's greeting shows. */
export async function expectPastLoginForm(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('dialog')
      .or(page.getByRole('heading', { level: 1, name: /Sehr geehrte/ }))
      .first(),
  ).toBeVisible();
}
