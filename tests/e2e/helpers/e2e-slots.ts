/**
 * The browser tests' worker slots (docs/decisions/0064-browser-test-speed.md): one per Playwright worker, each with
 * servers, databases, a mail directory and an SMTP server of its own. playwright.config.ts chooses them once in the
 * runner and keeps them as JSON in `E2E_SLOTS`; the global setup starts one SMTP server per slot and the teardown
 * removes every slot's temporary directories.
 */
export interface E2eSlot {
  /** Port of the slot's main-tenant server. */
  port: string;
  /** Port of the slot's regional-tenant server. */
  regionalPort: string;
  /** SQLite file of the main-tenant server (its directory also holds mail, letters and exports). */
  databasePath: string;
  /** SQLite file of the regional-tenant server (its directory also holds the outbox, letters and exports). */
  regionalDatabasePath: string;
  /** Port of the SMTP server the slot's main-tenant server mails to. */
  smtpPort: string;
  /** Directory where that SMTP server writes each message as an `.eml` file. */
  mailDir: string;
}

/** The slots of this run, from `E2E_SLOTS`; throws when the tests are not run through playwright.config.ts. */
export function e2eSlots(): E2eSlot[] {
  const raw = process.env.E2E_SLOTS;
  if (!raw) throw new Error('E2E_SLOTS is not set; run the browser tests through playwright.config.ts');
  return JSON.parse(raw) as E2eSlot[];
}
