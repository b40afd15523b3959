import { test as base } from '@playwright/test';

/**
 * The moved time of the browser tests (docs/testing.md "A fixed clock for the browser tests"): playwright.config.ts
 * starts both servers with PORTAL_CLOCK_START (server/config.ts), the instant their clock reads at the real instant
 * PORTAL_CLOCK_ANCHOR_MS, and keeps both in process.env for the runner, its workers and the commands they spawn. The
 * tests read "now" and "today" here, and the browser's clock is installed at the same time by the `test` below, so
 * the runner, the servers and the web app agree on one day whatever the real date is.
 */

function required(name: string): number {
  const value = process.env[name];
  const ms = name === 'PORTAL_CLOCK_START' ? Date.parse(value ?? '') : Number(value);
  if (!Number.isFinite(ms)) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts`);
  return ms;
}

/** The servers' current instant, milliseconds since the epoch (the moved clock; it moves on in real time). */
export function portalNow(): number {
  return required('PORTAL_CLOCK_START') + (Date.now() - required('PORTAL_CLOCK_ANCHOR_MS'));
}

/** The ISO date (`YYYY-MM-DD`) in Vienna `days` days after the servers' today (negative: before). */
export function viennaDate(days = 0): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' }).format(new Date(portalNow() + days * 86_400_000));
}

/** The servers' today in Vienna, ISO (`YYYY-MM-DD`), as the server, the web app and the forms see it. */
export function viennaToday(): string {
  return viennaDate(0);
}

/**
 * Playwright's `test` with the browser's clock installed at the servers' moved time for every context
 * (`BrowserContext.clock.install`; it then moves on in real time), so what the web app computes from `Date` (today
 * for the own-contribution and settings forms, the inbox forms, the lock's "until") is the servers' day.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.clock.install({ time: portalNow() });
    await use(context);
  },
});

export { expect } from '@playwright/test';
